import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Wishlist, WishlistItem } from '@/shared/api/types';
import { wishlistKeys } from './keys';

/** GET /api/v3/wishlist/?page=N — one page (50 entries, newest first); login required (401 for guests). */
export function getWishlist(page: number, signal?: AbortSignal): Promise<Wishlist> {
  return api.get<Wishlist>('/api/v3/wishlist/', { query: { page }, signal });
}

/** The loaded pages, as the query cache keeps them. */
export type WishlistPages = InfiniteData<Wishlist, number>;

/**
 * Page 1 first; 'Show more' asks the next while the last one says `has_next`. A refetch asks
 * every loaded page again, in order, so the list stays whole after a change.
 */
export const wishlistQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: wishlistKeys.list,
    queryFn: ({ pageParam, signal }) => getWishlist(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Wishlist) => (last.has_next ? last.number + 1 : undefined),
    staleTime: 0,
  });

export function useWishlist(enabled: boolean) {
  return useInfiniteQuery({ ...wishlistQueryOptions(), enabled });
}

/**
 * The entries of every loaded page, once each: pages are asked at different moments, so an entry
 * saved or removed meanwhile can shift another across a page boundary.
 */
export function loadedItems(data: { pages: Wishlist[] }): WishlistItem[] {
  const seen = new Set<number>();
  return data.pages.flatMap((p) => p.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** The whole wishlist's size, as the last page asked (the latest of them) says. */
export function wishlistCount(data: { pages: Wishlist[] }): number {
  return data.pages[data.pages.length - 1]?.wishlist_count ?? 0;
}
