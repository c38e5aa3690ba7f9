import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductCardList } from '@/shared/api/types';

/** The server answers at most this many ids. */
export const BY_IDS_MAX = 20;

/** GET /web/api/v1/products/by-ids/?ids=3,9,12 — cards in the order asked (unknown ids left out). */
export function getProductsByIds(ids: number[], signal?: AbortSignal): Promise<ProductCardList> {
  return api.get<ProductCardList>('/web/api/v1/products/by-ids/', {
    query: { ids: ids.slice(0, BY_IDS_MAX).join(',') },
    signal,
  });
}

export const productsByIdsQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['products-by-ids', ids.join(',')] as const,
    queryFn: ({ signal }) => getProductsByIds(ids, signal),
    staleTime: 60_000,
    retry: 1,
  });

export function useProductsByIds(ids: number[]) {
  return useQuery({ ...productsByIdsQueryOptions(ids), enabled: ids.length > 0 });
}
