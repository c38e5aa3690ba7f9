import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { SizesResponse } from '@/shared/api/types';
import { wishlistKeys } from './keys';

/** GET /web/api/v1/product/{slug}/sizes/s/ — ordinary sizes, or a combo's two groups. */
export function getProductSizes(slug: string, signal?: AbortSignal): Promise<SizesResponse> {
  return api.get<SizesResponse>(`/web/api/v1/product/${encodeURIComponent(slug)}/sizes/s/`, { signal });
}

export const productSizesQueryOptions = (slug: string) =>
  queryOptions({ queryKey: wishlistKeys.sizes(slug), queryFn: ({ signal }) => getProductSizes(slug, signal), staleTime: 0 });

export function useProductSizes(slug: string) {
  return useQuery(productSizesQueryOptions(slug));
}
