import { Link } from 'react-router';
import type { ColourVariant } from '@/shared/api/types';

/** Colour variants; choosing one swaps the product in place (history push, no reload). */
export function ColourSwatches({
  colours,
  currentSlug,
}: {
  colours: ColourVariant[];
  currentSlug: string;
}) {
  if (colours.length === 0) return null;
  const current = colours.find((c) => c.slug === currentSlug);
  return (
    <section className="pdp-section pdp-colours" aria-labelledby="pdp-colours-title">
      <h2 id="pdp-colours-title" className="pdp-label">
        Colour{current ? <span className="pdp-label__value">: {current.color_name}</span> : null}
      </h2>
      <ul className="swatches">
        {colours.map((c) => {
          const isCurrent = c.slug === currentSlug;
          return (
            <li key={c.slug} className="swatches__item">
              <Link
                to={`/product/${c.slug}`}
                className={`swatch${c.is_soldout ? ' swatch--soldout' : ''}`}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={`${c.color_name}${c.is_soldout ? ', currently unavailable' : ''}`}
                title={c.color_name}
              >
                <span className="swatch__dot" style={{ backgroundColor: c.rgbcode || '#ddd' }} />
              </Link>
              {c.is_soldout ? (
                <span className="swatch__note" aria-hidden="true">
                  currently unavailable
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
