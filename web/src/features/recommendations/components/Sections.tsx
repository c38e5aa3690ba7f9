import { useEffect, useState } from 'react';
import { useProductsByIds } from '../api/get-products-by-ids';
import { useRecommendations, type RecommendationKind } from '../api/get-recommendations';
import { useReorderProducts } from '../api/get-reorder-products';
import { useShopperRecentlyViewed } from '../api/get-shopper-recently-viewed';
import { RECENTLY_VIEWED_MAX, readViewed, recordViewed, viewedExcept, writeViewed } from '../recently-viewed';
import { Rail } from './Rail';

const TITLES: Record<RecommendationKind, { title: string; subtitle: string }> = {
  'match-the-set': { title: 'Match the Set', subtitle: 'Pieces made to be worn together' },
  'people-also-bought': { title: 'People Also Bought', subtitle: 'Picked by shoppers who bought this' },
};

export function Recommended({ slug, productId, kind }: { slug: string; productId: number; kind: RecommendationKind }) {
  const q = useRecommendations(slug, kind);
  const products = q.isError ? [] : q.data?.products.filter((p) => p.id !== productId);
  return <Rail id={kind} title={TITLES[kind].title} subtitle={TITLES[kind].subtitle} products={products} />;
}

/**
 * The ids to show on product `productId`: what was viewed before it (read once per product, before
 * this view is recorded), then this product goes to the front of the stored list.
 */
export function useRecentlyViewedIds(productId: number): number[] {
  const [shown, setShown] = useState(() => ({ id: productId, ids: viewedExcept(readViewed(), productId) }));
  if (shown.id !== productId) setShown({ id: productId, ids: viewedExcept(readViewed(), productId) });
  useEffect(() => {
    writeViewed(recordViewed(readViewed(), productId));
  }, [productId]);
  return shown.id === productId ? shown.ids : [];
}

export function RecentlyViewed({ productId }: { productId: number }) {
  const ids = useRecentlyViewedIds(productId);
  const q = useProductsByIds(ids);
  const products = ids.length === 0 || q.isError ? [] : q.data?.products.filter((p) => p.id !== productId);
  return <Rail id="recently-viewed" title="Recently Viewed" products={products} />;
}

/**
 * Recently viewed for a logged-in shopper: the server's list (what they viewed on any device, the
 * device's list merged at login), without this product. This view is still remembered on the device.
 */
export function ShopperRecentlyViewed({ productId, userId }: { productId: number; userId: number }) {
  useEffect(() => {
    writeViewed(recordViewed(readViewed(), productId));
  }, [productId]);
  const q = useShopperRecentlyViewed(userId);
  const products = q.isError ? [] : q.data?.products.filter((p) => p.id !== productId).slice(0, RECENTLY_VIEWED_MAX);
  return <Rail id="recently-viewed" title="Recently Viewed" products={products} />;
}

/** Re-order: products from the shopper's delivered orders. Logged-in shoppers only. */
export function Reorder({ productId }: { productId: number }) {
  const q = useReorderProducts(true);
  const products = q.isError ? [] : q.data?.products.filter((p) => p.id !== productId);
  return <Rail id="reorder" title="Re-order" subtitle="From your delivered orders" products={products} />;
}
