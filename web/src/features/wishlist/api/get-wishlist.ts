import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Wishlist } from '@/shared/api/types';
import { wishlistKeys } from './keys';

/** GET /api/v3/wishlist/ — login required (401 for guests). */
export function getWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return api.get<Wishlist>('/api/v3/wishlist/', { signal });
}

export const wishlistQueryOptions = () =>
  queryOptions({ queryKey: wishlistKeys.list, queryFn: ({ signal }) => getWishlist(signal), staleTime: 0 });

export function useWishlist(enabled: boolean) {
  return useQuery({ ...wishlistQueryOptions(), enabled });
}
