import type { CartAttr, CartGiftOffer } from '@/shared/api/types';
import { priceSummaryRows, savingsText } from '../cart';

/** Price details: MRP, discounts, bundle offers, coupon, gift wrap, gifts, shipping, total, savings. */
export function PriceSummary({ attr, gifts }: { attr: CartAttr; gifts: CartGiftOffer[] }) {
  const rows = priceSummaryRows(attr, gifts);
  const saving = savingsText(attr);
  return (
    <section className="cart-card cart-summary" id="price-details" aria-labelledby="price-details-title" data-testid="price-summary">
      <h2 className="cart-card__title" id="price-details-title">
        Price details
      </h2>
      <dl className="cart-summary__rows">
        {rows.map((r) => (
          <div key={r.key} className={`cart-summary__row${r.tone ? ` cart-summary__row--${r.tone}` : ''}`} data-row={r.key}>
            <dt>{r.label}</dt>
            <dd data-testid={r.key === 'total' ? 'summary-total' : undefined}>{r.value}</dd>
          </div>
        ))}
      </dl>
      {saving ? (
        <p className="cart-summary__saving" data-testid="you-save">
          {saving}
        </p>
      ) : null}
    </section>
  );
}
