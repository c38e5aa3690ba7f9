import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MyCoupons } from '@/shared/api/types';

/** GET /api/v1/my-coupons/ — the coupons the visitor can use now (for a guest, those open to everyone). */
export function getMyCoupons(signal?: AbortSignal): Promise<MyCoupons> {
  return api.get<MyCoupons>('/api/v1/my-coupons/', { signal });
}

/** Keyed by who asks: a guest's list and a shopper's differ (uses left, coupons meant for them). */
export const myCouponsQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['my-coupons', userId ?? 'guest'] as const,
    queryFn: ({ signal }) => getMyCoupons(signal),
    staleTime: 60_000,
  });

/** Asked once the session is known (`ready`), so a shopper never sees the guest list first. */
export function useMyCoupons(userId: number | null, ready: boolean) {
  return useQuery({ ...myCouponsQueryOptions(userId), enabled: ready });
}
