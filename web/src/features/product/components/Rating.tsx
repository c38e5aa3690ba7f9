import type { Product } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { formatCount } from '@/shared/lib/money';

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

/** The small pill beside the price: "4.3 ★ | 57 ratings". */
export function RatingPill({ view }: { view: RatingView }) {
  if (view.count <= 0) return null;
  return (
    <a href="#ratings" className="rating-link">
      <span className="rating-pill">
        {view.average.toFixed(1)} <Icon name="star" size={12} />
      </span>
      <span>
        {formatCount(view.count)} {view.count === 1 ? 'rating' : 'ratings'}
      </span>
    </a>
  );
}
