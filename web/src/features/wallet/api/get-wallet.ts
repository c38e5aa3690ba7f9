import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { Wallet } from '@/shared/api/types';

/** GET /api/v1/wallet/ — the balance and the newest 100 entries; login required (401 for guests). */
export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return api.get<Wallet>('/api/v1/wallet/', { signal });
}

/**
 * Keyed by the shopper, so another shopper logging in on the same tab never sees the last one's
 * wallet while theirs loads. Always asked again on a visit: credits and refunds arrive from elsewhere.
 */
export const walletQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...queryKeys.wallet, userId] as const, queryFn: ({ signal }) => getWallet(signal), staleTime: 0 });

/** Asked only for a logged-in shopper (`userId` null for guests). */
export function useWallet(userId: number | null) {
  return useQuery({ ...walletQueryOptions(userId ?? 0), enabled: userId !== null });
}
