import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ReviewSaveRequest, ReviewSaved } from '@/shared/api/types';

/** POST /api/v1/reviews/ (JSON) — 200 means saved. */
export function saveReview(body: ReviewSaveRequest): Promise<ReviewSaved> {
  return api.post<ReviewSaved>('/api/v1/reviews/', body);
}

export function useSaveReview() {
  return useMutation({ mutationFn: saveReview });
}
