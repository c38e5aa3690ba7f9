import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { PopularSearches, RecentSearches, SearchSuggestions, TopProducts } from '@/shared/api/types';

export const searchKeys = {
  suggestions: (q: string) => ['search-suggestions', q] as const,
  recent: ['recent-searches'] as const,
  popular: ['popular-searches'] as const,
  top: ['top-products'] as const,
};

/** GET /web/api/v1/drape-search/?q= — categories, products and completions from the second character. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return api.get<SearchSuggestions>('/web/api/v1/drape-search/', { query: { q }, signal });
}

export function useSuggestions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: searchKeys.suggestions(q),
      queryFn: ({ signal }) => getSuggestions(q, signal),
      enabled: q.length >= 2,
      staleTime: 5 * 60_000,
    }),
  );
}

/** The shopper's (or this browser's) newest searches; kept by the server. */
export function useRecentSearches() {
  return useQuery({
    queryKey: searchKeys.recent,
    queryFn: ({ signal }) => api.get<RecentSearches>('/web/api/v1/recent-searches/', { signal }),
    staleTime: 0,
  });
}

/** DELETE /web/api/v1/recent-searches/?q= — one search, or all without `q`. */
export function useForgetSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (q: string | null) => api.delete<RecentSearches>('/web/api/v1/recent-searches/', { query: { q: q ?? undefined } }),
    onSuccess: (left) => client.setQueryData(searchKeys.recent, left),
  });
}

/** What shoppers search most (counted by the server from real searches). */
export function usePopularSearches() {
  return useQuery({
    queryKey: searchKeys.popular,
    queryFn: ({ signal }) => api.get<PopularSearches>('/web/api/v1/drape-popular-search/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Best sellers in stock, for the search screen. */
export function useTopProducts() {
  return useQuery({
    queryKey: searchKeys.top,
    queryFn: ({ signal }) => api.get<TopProducts>('/web/api/v1/drape-topproducts-search/', { signal }),
    staleTime: 5 * 60_000,
  });
}
