import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductListing } from '@/shared/api/types';

export interface ProductsFilter {
  /** category id; undefined for every product */
  category?: number;
}

export function getProducts(filter: ProductsFilter & { page: number }, signal?: AbortSignal): Promise<ProductListing> {
  return api.get<ProductListing>('/web/api/v1/products/', {
    query: { category: filter.category, page: filter.page },
    signal,
  });
}

export const productsQueryOptions = (filter: ProductsFilter) =>
  infiniteQueryOptions({
    queryKey: ['products', { category: filter.category ?? null }],
    queryFn: ({ pageParam, signal }) => getProducts({ ...filter, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.num_pages ? last.page + 1 : undefined),
  });

export function useProducts(filter: ProductsFilter) {
  return useInfiniteQuery(productsQueryOptions(filter));
}
