import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { meKey, useMe } from '@/features/auth/api/get-me';
import { productQueryOptions } from '@/features/product/api/get-product';
import { useSizes } from '@/features/product/api/get-sizes';
import { timerQueryOptions } from '@/features/product/api/get-timer';
import { ProductSkeleton, ProductView } from '@/features/product/components/ProductView';
import { noteViewed } from '@/features/recommendations/recently-viewed';
import { isApiError } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';
import { NotFound } from '@/shared/components/NotFound';
import { AddToBagProvider, useCartChanged } from '../layout/AddToBagProvider';

// Two other features' sections, each its own chunk: reviews as soon as the page draws what lies under
// the buy bar (at once, or a frame later on the app's first page: ProductView), the below-the-fold
// recommendations once the quantity selector scrolls into view.
const RatingsAndReviews = lazy(async () => ({ default: (await import('@/features/reviews')).RatingsAndReviews }));
const BelowTheFold = lazy(async () => ({ default: (await import('@/features/recommendations')).BelowTheFold }));

/**
 * The product page's content for a slug: the product route and the featured-of-the-month pages
 * both render it. `swap` (a colour change) keeps the shown product until the next one is here.
 */
export function ProductPageContent({ slug, swap = false, nameLevel = 1 }: { slug: string; swap?: boolean; nameLevel?: 1 | 2 }) {
  const product = useQuery({ ...productQueryOptions(slug), placeholderData: swap ? keepPreviousData : undefined });
  // The offer timer's banner sits under the gallery, above the name: asked for with the product rather
  // than after it, and the page shows once both have answered, so a banner never pushes the page down
  // (issue 14).
  // It answers quickly and never fails (a failure is no timer).
  const timer = useQuery({ ...timerQueryOptions(slug), placeholderData: swap ? keepPreviousData : undefined });
  const sizes = useSizes(slug);
  const me = useMe();
  const queryClient = useQueryClient();
  const onCartChanged = useCartChanged();
  const notFound = isApiError(product.error) && product.error.isNotFound;

  // Spec 001 §8: a failed product fetch is logged; the page stays as its placeholder.
  useEffect(() => {
    if (product.isError && !notFound) console.warn('product not loaded', product.error);
  }, [product.isError, product.error, notFound]);

  // Opening a product is viewing it: remembered on this device now, not only once the shopper scrolls
  // to the recommendation rails (the account's list and the login merge read it). Noted in memory and
  // stored when the page is hidden or left: the device's storage is opened on its first use, a wait
  // the page's start need not have (issue 14; recently-viewed.ts).
  const viewedId = product.data && !product.isPlaceholderData ? product.data.id : null;
  useEffect(() => {
    if (viewedId !== null) noteViewed(viewedId);
  }, [viewedId]);

  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    if (notFound) {
      return (
        <NotFound
          title="We couldn’t find that product"
          text="It may have been removed, or the link may be mistyped. Have a look at what is in the shop today."
        />
      );
    }
    return <ProductSkeleton />;
  }
  if (timer.isPending) return <ProductSkeleton />;

  const p = product.data;
  // a colour change: the page stays dimmed until the next product and its timer are both here
  const stale = product.isPlaceholderData || timer.isPlaceholderData;
  // the rails below the fold offer 'Add to bag' on their cards
  return (
    <AddToBagProvider>
      <ProductView
        key={p.slug}
        product={p}
        sizes={stale ? undefined : sizes.data}
        me={me.data}
        timer={timer.data}
        updating={stale}
        nameLevel={nameLevel}
        onCartChanged={onCartChanged}
        onWishlistChanged={(count) => {
          queryClient.setQueryData<Me>(meKey, (m) => (m ? { ...m, wishlistCount: count } : m));
        }}
        reviews={
          <Suspense fallback={null}>
            <RatingsAndReviews product={p} />
          </Suspense>
        }
        belowFold={
          <Suspense fallback={null}>
            <BelowTheFold product={p} />
          </Suspense>
        }
      />
    </AddToBagProvider>
  );
}
