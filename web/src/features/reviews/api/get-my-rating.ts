import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MyRating } from '@/shared/api/types';

export const myRatingKey = (productId: number) => ['my-rating', productId] as const;

/** GET /get-my-rating/?productId= — the shopper's order of this product and their star rating. */
export function getMyRating(productId: number, signal?: AbortSignal): Promise<MyRating> {
  return api.get<MyRating>('/get-my-rating/', { query: { productId }, signal });
}

export const myRatingQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: myRatingKey(productId),
    queryFn: ({ signal }) => getMyRating(productId, signal),
    staleTime: 0,
    retry: 1,
  });

/** Only asked for logged-in shoppers; a guest's answer is known in advance. */
export function useMyRating(productId: number, enabled: boolean) {
  return useQuery({ ...myRatingQueryOptions(productId), enabled });
}
