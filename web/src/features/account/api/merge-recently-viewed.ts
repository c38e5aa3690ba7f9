import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { DeviceViews, RecentlyViewedList } from '@/shared/api/types';
import { recentlyViewedKey } from './get-recently-viewed';

/** The server takes at most this many ids. */
export const MERGE_MAX = 20;

/** POST /api/v1/recently-viewed/ — merges the device's list (newest first) into the shopper's; answers the list. */
export function mergeRecentlyViewed(body: DeviceViews): Promise<RecentlyViewedList> {
  return api.post<RecentlyViewedList>('/api/v1/recently-viewed/', body);
}

/**
 * At login: the products this browser viewed as a guest join the shopper's list, once. Resolves with the
 * ids the server took (to be dropped from the device's list), or rejects with the server's error (the
 * device keeps its list; the next login tries again). The answer is the shopper's list, so the
 * Recently viewed page shows it without asking again.
 */
export async function mergeDeviceViews(qc: QueryClient, userId: number, ids: number[]): Promise<number[]> {
  const sent = ids.slice(0, MERGE_MAX);
  if (sent.length === 0) return [];
  const list = await mergeRecentlyViewed({ product_ids: sent });
  // a list asked for before the merge answered would be older than this one
  await qc.cancelQueries({ queryKey: recentlyViewedKey(userId) });
  qc.setQueryData(recentlyViewedKey(userId), list);
  return sent;
}
