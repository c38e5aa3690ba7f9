import { breakupRows } from '../breakup';
import type { Breakup } from '../types';

/** The price breakup: only rows worth something, shipping FREE at 0, the cash fee only for cash on delivery. */
export function PriceBreakup({ breakup, cod, coupon, pieces }: { breakup: Breakup; cod: boolean; coupon: string; pieces: number }) {
  const rows = breakupRows(breakup, { cod, coupon, pieces });
  return (
    <section className="co-card co-breakup" id="co-price" aria-labelledby="co-price-title" data-testid="price-breakup">
      <h2 className="co-card__title" id="co-price-title">
        Price details
      </h2>
      <dl className="co-breakup__rows">
        {rows.map((r) => (
          <div key={r.key} className={`co-breakup__row${r.tone ? ` co-breakup__row--${r.tone}` : ''}`} data-row={r.key}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
