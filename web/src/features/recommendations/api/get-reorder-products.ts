import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductCardList } from '@/shared/api/types';

/** GET /web/api/v1/reorder-products/ — products from the shopper's delivered orders (empty for guests). */
export function getReorderProducts(signal?: AbortSignal): Promise<ProductCardList> {
  return api.get<ProductCardList>('/web/api/v1/reorder-products/', { signal });
}

export const reorderProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['reorder-products'] as const,
    queryFn: ({ signal }) => getReorderProducts(signal),
    staleTime: 60_000,
    retry: 1,
  });

/** Asked only for logged-in shoppers. */
export function useReorderProducts(enabled: boolean) {
  return useQuery({ ...reorderProductsQueryOptions(), enabled });
}
