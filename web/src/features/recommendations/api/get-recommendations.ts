import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductCardList } from '@/shared/api/types';

export type RecommendationKind = 'match-the-set' | 'people-also-bought';

/** GET /web/api/v1/recommendations/{slug}/?kind=match-the-set|people-also-bought */
export function getRecommendations(slug: string, kind: RecommendationKind, signal?: AbortSignal): Promise<ProductCardList> {
  return api.get<ProductCardList>(`/web/api/v1/recommendations/${encodeURIComponent(slug)}/`, {
    query: { kind },
    signal,
  });
}

export const recommendationsQueryOptions = (slug: string, kind: RecommendationKind) =>
  queryOptions({
    queryKey: ['recommendations', slug, kind] as const,
    queryFn: ({ signal }) => getRecommendations(slug, kind, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useRecommendations(slug: string, kind: RecommendationKind) {
  return useQuery(recommendationsQueryOptions(slug, kind));
}
