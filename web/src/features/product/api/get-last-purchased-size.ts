import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LastPurchasedSizes } from '@/shared/api/types';

export const lastPurchasedSizeKey = ['last-purchased-size'] as const;

/** GET /web/api/v1/product/last-purchased-size/ — a failure simply means no suggestion. */
export async function getLastPurchasedSizes(signal?: AbortSignal): Promise<LastPurchasedSizes | null> {
  try {
    const res = await api.get<LastPurchasedSizes>('/web/api/v1/product/last-purchased-size/', { signal });
    return res.status === 'success' ? res : null;
  } catch (e) {
    console.warn('last purchased sizes not loaded', e);
    return null;
  }
}

/** Only logged-in shoppers have orders; guests are not asked. */
export function useLastPurchasedSizes(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lastPurchasedSizeKey,
      queryFn: ({ signal }) => getLastPurchasedSizes(signal),
      enabled,
      staleTime: 5 * 60_000,
    }),
  );
}
