import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { RecentlyViewedList } from '@/shared/api/types';
import { recentlyViewedKey } from './get-recently-viewed';

/** DELETE /api/v1/recently-viewed/ — forgets the shopper's list; answers it (empty). */
export function clearRecentlyViewed(): Promise<RecentlyViewedList> {
  return api.delete<RecentlyViewedList>('/api/v1/recently-viewed/');
}

export function useClearRecentlyViewed(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearRecentlyViewed,
    onSuccess: (list) => qc.setQueryData(recentlyViewedKey(userId), list),
  });
}
