import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { FeedbackQuestions } from '@/shared/api/types';

export const feedbackQuestionsKey = (slug: string) => ['feedback-questions', slug] as const;

/** GET /web/api/v1/product/{slug}/feedback-questions/s/ */
export function getFeedbackQuestions(slug: string, signal?: AbortSignal): Promise<FeedbackQuestions> {
  return api.get<FeedbackQuestions>(`/web/api/v1/product/${encodeURIComponent(slug)}/feedback-questions/s/`, {
    signal,
  });
}

export const feedbackQuestionsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: feedbackQuestionsKey(slug),
    queryFn: ({ signal }) => getFeedbackQuestions(slug, signal),
    staleTime: 10 * 60_000,
  });

export function useFeedbackQuestions(slug: string, enabled = true) {
  return useQuery({ ...feedbackQuestionsQueryOptions(slug), enabled });
}
