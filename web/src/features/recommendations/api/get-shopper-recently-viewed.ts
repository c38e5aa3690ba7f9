import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { RecentlyViewedList } from '@/shared/api/types';

/**
 * GET /api/v1/recently-viewed/ — a logged-in shopper's views as the server keeps them (on every
 * device, and those merged from this one at login), newest first.
 */
export const shopperRecentlyViewedQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['rec-recently-viewed', userId] as const,
    queryFn: ({ signal }) => api.get<RecentlyViewedList>('/api/v1/recently-viewed/', { signal }),
    staleTime: 0,
    retry: 1,
  });

export function useShopperRecentlyViewed(userId: number) {
  return useQuery(shopperRecentlyViewedQueryOptions(userId));
}
