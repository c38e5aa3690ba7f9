import type { Product } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';

export interface RatingView {
  average: number;
  count: number;
  reviews: number;
  /** percentages per star, 5 first */
  percents: number[];
}

/** Shoppers see index 0 / 5; privileged users see the full numbers (index 1 / 4). */
export function ratingView(p: Pick<Product, 'rating' | 'total_ratings'>, privileged: boolean): RatingView {
  const r = p.rating ?? [0, 0];
  const t = p.total_ratings ?? [0, 0, 0, [], [], []];
  return {
    average: (privileged ? r[1] : r[0]) ?? 0,
    count: (privileged ? t[1] : t[0]) ?? 0,
    reviews: t[2] ?? 0,
    percents: ((privileged ? t[4] : t[5]) ?? []).slice(0, 5),
  };
}

const countFmt = new Intl.NumberFormat('en-IN');

/** The small pill beside the price: "4.3 ★ | 57 ratings". */
export function RatingPill({ view }: { view: RatingView }) {
  if (view.count <= 0) return null;
  return (
    <a href="#ratings" className="rating-link">
      <span className="rating-pill">
        {view.average.toFixed(1)} <Icon name="star" size={12} />
      </span>
      <span>
        {countFmt.format(view.count)} {view.count === 1 ? 'rating' : 'ratings'}
      </span>
    </a>
  );
}

/** The 'Product Rating' block: the average and a bar per star, 5 to 1. */
export function RatingSummary({ view }: { view: RatingView }) {
  return (
    <section id="ratings" className="pdp-section pdp-rating" aria-labelledby="pdp-rating-title">
      <h2 id="pdp-rating-title" className="pdp-heading">
        Product Rating
      </h2>
      {view.count <= 0 ? (
        <p className="muted">No ratings yet.</p>
      ) : (
        <div className="rating-summary">
          <div className="rating-summary__score">
            <p className="rating-summary__avg">
              {view.average.toFixed(1)}
              <Icon name="star" size={22} />
            </p>
            <p className="muted">
              {countFmt.format(view.count)} {view.count === 1 ? 'rating' : 'ratings'}
              {view.reviews > 0 ? (
                <>
                  <br />
                  {countFmt.format(view.reviews)} {view.reviews === 1 ? 'review' : 'reviews'}
                </>
              ) : null}
            </p>
          </div>
          <ul className="rating-bars">
            {[5, 4, 3, 2, 1].map((star, i) => {
              const pct = Math.max(0, Math.min(100, view.percents[i] ?? 0));
              return (
                <li key={star} className="rating-bars__row">
                  <span className="rating-bars__star">
                    {star} <Icon name="star" size={11} />
                  </span>
                  <span className="rating-bars__track" aria-hidden="true">
                    <span className={`rating-bars__fill rating-bars__fill--${star}`} style={{ width: `${pct}%` }} />
                  </span>
                  <span className="rating-bars__pct">
                    {pct}%<span className="visually-hidden"> gave {star} stars</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
