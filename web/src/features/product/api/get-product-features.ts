import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductFeatures } from '@/shared/api/types';

/** GET /web/api/v1/product-feature/{slug}/ — a failure shows no features. */
export async function getProductFeatures(slug: string, signal?: AbortSignal): Promise<ProductFeatures> {
  try {
    const res = await api.get<ProductFeatures>(`/web/api/v1/product-feature/${encodeURIComponent(slug)}/`, { signal });
    return res && typeof res === 'object' ? res : {};
  } catch (e) {
    console.warn('product features not loaded', e);
    return {};
  }
}

/** The features' query: the product page's, and asked with the page's first data (app/first-data.ts). */
export function productFeaturesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['product', slug, 'features'],
    queryFn: ({ signal }) => getProductFeatures(slug, signal),
    staleTime: 10 * 60_000,
  });
}

export function useProductFeatures(slug: string) {
  return useQuery(productFeaturesQueryOptions(slug));
}
