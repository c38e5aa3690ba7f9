import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { RatingSaved } from '@/shared/api/types';

export interface SaveRatingInput {
  rating: number;
  productId: number;
  orderid: string;
}

/** POST /rating/save/ (form: rating, pId, orderid, csrfmiddlewaretoken; ajax) → responseid. */
export function saveRating(input: SaveRatingInput): Promise<RatingSaved> {
  return api.postForm<RatingSaved>('/rating/save/', {
    rating: input.rating,
    pId: input.productId,
    orderid: input.orderid,
  });
}

export function useSaveRating() {
  return useMutation({ mutationFn: saveRating });
}
