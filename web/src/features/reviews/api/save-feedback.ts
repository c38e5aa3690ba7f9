import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { FeedbackSaved } from '@/shared/api/types';

export interface SaveFeedbackInput {
  review: string;
  /** question slug → chosen option value (only the questions shown) */
  answers: Record<string, string>;
  productId: number;
  orderid: string;
  responseid: number;
}

/** POST /save-product-feedback/ (form: device=web, review, one field per question slug, productid, orderid, responseid). */
export function saveFeedback(input: SaveFeedbackInput): Promise<FeedbackSaved> {
  return api.postForm<FeedbackSaved>('/save-product-feedback/', {
    device: 'web',
    review: input.review.trim(),
    ...input.answers,
    productid: input.productId,
    orderid: input.orderid,
    responseid: input.responseid,
  });
}

export function useSaveFeedback() {
  return useMutation({ mutationFn: saveFeedback });
}
