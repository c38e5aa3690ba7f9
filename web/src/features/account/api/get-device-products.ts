import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductCardList } from '@/shared/api/types';

/** The server answers at most this many ids. */
export const DEVICE_IDS_MAX = 20;

/**
 * GET /web/api/v1/products/by-ids/?ids=3,9,12 — the cards of the products this browser viewed (a guest's
 * recently viewed list lives on the device), in the order asked; unknown ids are left out.
 */
export function getDeviceProducts(ids: number[], signal?: AbortSignal): Promise<ProductCardList> {
  return api.get<ProductCardList>('/web/api/v1/products/by-ids/', { query: { ids: ids.slice(0, DEVICE_IDS_MAX).join(',') }, signal });
}

export const deviceProductsQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['device-viewed-products', ids.join(',')] as const,
    queryFn: ({ signal }) => getDeviceProducts(ids, signal),
    staleTime: 60_000,
  });

/** Asked only when the device has a list (`ids` not empty) and the visitor is a guest (`enabled`). */
export function useDeviceProducts(ids: number[], enabled: boolean) {
  return useQuery({ ...deviceProductsQueryOptions(ids), enabled: enabled && ids.length > 0 });
}
