import { useMemo } from 'react';
import type { Product, ProductFeatures } from '@/shared/api/types';
import { sanitizeHtml } from '@/shared/lib/sanitize';

function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Features from /web/api/v1/product-feature/{slug}/: name, icon and what it means. */
export function FeatureList({ features }: { features: ProductFeatures | undefined }) {
  const entries = Object.entries(features ?? {}).filter(([name]) => name.trim());
  if (entries.length === 0) return null;
  return (
    <section className="pdp-section" aria-labelledby="pdp-features-title" data-testid="features">
      <h2 id="pdp-features-title" className="pdp-heading">
        Features
      </h2>
      <ul className="features">
        {entries.map(([name, f]) => (
          <li key={name} className="features__item">
            {f.icon_small ? <img className="features__icon" src={f.icon_small} alt="" width={36} height={36} loading="lazy" /> : null}
            <div>
              <p className="features__name">{name}</p>
              {f.description ? <p className="features__desc">{f.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Description, designer note and the legal details (manufacturer, marketer, origin). */
export function ProductInfo({ product }: { product: Product }) {
  const details: [string, string][] = [];
  if (product.manufactured_by) details.push([product.manufactured_by_label || 'Manufactured By', product.manufactured_by]);
  if (product.marketed_by) details.push([product.marketed_by_label || 'Marketed By', product.marketed_by]);
  if (product.country_of_origin) details.push(['Country of Origin', product.country_of_origin]);
  for (const l of product.product_label_list ?? []) {
    if (!l.label || !l.address) continue;
    // the label list repeats the maker and marketer already shown above
    if (/manufactur/i.test(l.label) && l.address === product.manufactured_by) continue;
    if (/market/i.test(l.label) && l.address === product.marketed_by) continue;
    details.push([l.label, l.address]);
  }
  details.push(['SKU', product.sku]);

  return (
    <>
      {product.page_extension_mob ? (
        <section className="pdp-section" aria-labelledby="pdp-desc-title">
          <h2 id="pdp-desc-title" className="pdp-heading">
            Description
          </h2>
          <RichText html={product.page_extension_mob} />
        </section>
      ) : null}
      {product.designer_note ? (
        <section className="pdp-section" aria-labelledby="pdp-note-title">
          <h2 id="pdp-note-title" className="pdp-heading">
            Designer&rsquo;s note
          </h2>
          <RichText html={product.designer_note} />
        </section>
      ) : null}
      <section className="pdp-section" aria-labelledby="pdp-details-title">
        <h2 id="pdp-details-title" className="pdp-heading">
          Manufacturer and origin
        </h2>
        <dl className="details">
          {details.map(([k, v], i) => (
            <div key={i} className="details__row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
