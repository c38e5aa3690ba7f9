import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { RecentlyViewedList } from '@/shared/api/types';

/** A shopper's recently viewed products in the cache; the merge at login and Clear write it too. */
export const recentlyViewedKey = (userId: number) => ['recently-viewed', userId] as const;

/** GET /api/v1/recently-viewed/ — the shopper's product views, newest first, at most 20; 401 for guests. */
export function getRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedList> {
  return api.get<RecentlyViewedList>('/api/v1/recently-viewed/', { signal });
}

/** Asked again on each visit: the product pages add to it. */
export const recentlyViewedQueryOptions = (userId: number) =>
  queryOptions({ queryKey: recentlyViewedKey(userId), queryFn: ({ signal }) => getRecentlyViewed(signal), staleTime: 0 });

/** Asked only for a logged-in shopper (`userId` null for guests). */
export function useRecentlyViewed(userId: number | null) {
  return useQuery({ ...recentlyViewedQueryOptions(userId ?? 0), enabled: userId !== null });
}
