import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Product } from '@/shared/api/types';

export function getProduct(slug: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/web/api/v1/product-mobile/${encodeURIComponent(slug)}/`, { signal });
}

export const productQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['product', slug], queryFn: ({ signal }) => getProduct(slug, signal) });

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
