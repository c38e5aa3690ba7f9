import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Product } from '@/shared/api/types';
import { Recommended, RecentlyViewed, Reorder, ShopperRecentlyViewed } from './Sections';
import { SimilarProducts } from './SimilarProducts';
import './recommendations.css';

/**
 * The product page's sections below the fold (spec 001 §1, §4): similar products, match the set,
 * people also bought, recently viewed and re-order. The page mounts this once the quantity selector
 * scrolls into view; each section then loads, and hides itself when it has nothing.
 */
export function BelowTheFold({ product }: { product: Product }) {
  const session = useSession();
  const user = isLoggedIn(session.data) ? session.data?.user : null;
  return (
    <div className="rec" data-testid="below-the-fold">
      <SimilarProducts productId={product.id} />
      <Recommended slug={product.slug} productId={product.id} kind="match-the-set" />
      <Recommended slug={product.slug} productId={product.id} kind="people-also-bought" />
      {/* a shopper's list is the server's; a guest's (or while the session loads) this device's */}
      {user ? <ShopperRecentlyViewed productId={product.id} userId={user.id} /> : <RecentlyViewed productId={product.id} />}
      {user ? <Reorder productId={product.id} /> : null}
    </div>
  );
}
