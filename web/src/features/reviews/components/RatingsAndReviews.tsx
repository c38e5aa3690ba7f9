import type { Product } from '@/shared/api/types';
import { isLoggedIn, isPrivilegedUser, useSession } from '@/shared/api/session';
import { RateProduct } from './RateProduct';
import { RatingSummary } from './RatingSummary';
import { ReviewList } from './ReviewList';
import './reviews.css';

/**
 * The product page's ratings, reviews and feedback (spec 001 §2–§5): 'Product Rating',
 * 'Rate This Product' (with the feedback form and the 'Write a Review' modal) and the review list.
 */
export function RatingsAndReviews({ product }: { product: Product }) {
  const session = useSession();
  const me = session.data;
  return (
    <div className="rv" data-testid="ratings-and-reviews">
      <RatingSummary product={product} privileged={isPrivilegedUser(me)} />
      <RateProduct key={product.id} product={product} session={{ pending: session.isPending, loggedIn: isLoggedIn(me) }} />
      <ReviewList key={product.slug} slug={product.slug} />
    </div>
  );
}
