import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ReviewPage } from '@/shared/api/types';

export const reviewsKey = (slug: string) => ['reviews', slug] as const;

/** GET /web/api/v1/product/{slug}/web-reviews/s/?page={n} — 5 a page, newest first. */
export function getReviews(slug: string, page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return api.get<ReviewPage>(`/web/api/v1/product/${encodeURIComponent(slug)}/web-reviews/s/`, {
    query: { page },
    signal,
  });
}

export const reviewsQueryOptions = (slug: string, page: number) =>
  queryOptions({
    queryKey: [...reviewsKey(slug), page] as const,
    queryFn: ({ signal }) => getReviews(slug, page, signal),
    retry: 1,
  });

/** The previous page of the same product stays on screen (dimmed) while the next one loads. */
export function useReviews(slug: string, page: number) {
  return useQuery({
    ...reviewsQueryOptions(slug, page),
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === slug ? keepPreviousData(prev) : undefined),
  });
}
