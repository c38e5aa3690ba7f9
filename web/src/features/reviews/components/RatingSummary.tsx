import type { Product } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { formatCount } from '@/shared/lib/money';
import { ratingSummary } from '../rules';
import { Stars } from './Stars';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** 'Product Rating': the average, the count, and a bar per star from 5 to 1. */
export function RatingSummary({ product, privileged }: { product: Product; privileged: boolean }) {
  const view = ratingSummary(product, privileged);
  return (
    <section className="rv-section" aria-labelledby="rv-rating-title" data-testid="product-rating">
      <h2 id="rv-rating-title" className="rv-heading">
        Product Rating
      </h2>
      {view.count <= 0 ? (
        <p className="rv-empty">No ratings yet. Customers who bought this product can rate it below.</p>
      ) : (
        <div className="rv-summary">
          <div className="rv-summary__score">
            <p className="rv-summary__avg" data-testid="rating-average">
              {view.average.toFixed(1)}
              <Icon name="star" size={22} />
            </p>
            <Stars value={view.average} size={14} />
            <p className="rv-summary__count" data-testid="rating-count">
              {plural(view.count, 'rating', 'ratings')}
              {view.reviews > 0 ? (
                <>
                  <br />
                  {plural(view.reviews, 'review', 'reviews')}
                </>
              ) : null}
            </p>
          </div>
          <ul className="rv-bars" aria-label="Ratings by star">
            {[5, 4, 3, 2, 1].map((star, i) => {
              const pct = view.percents[i] ?? 0;
              return (
                <li key={star} className="rv-bars__row">
                  <span className="rv-bars__star">
                    {star}
                    <Icon name="star" size={11} />
                  </span>
                  <span className="rv-bars__track" aria-hidden="true">
                    <span className={`rv-bars__fill rv-bars__fill--${star}`} style={{ width: `${pct}%` }} />
                  </span>
                  <span className="rv-bars__pct">
                    {pct}%<span className="visually-hidden"> of ratings are {star} stars</span>
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
