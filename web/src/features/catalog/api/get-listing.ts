import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ProductListing } from '@/shared/api/types';
import { listingApiQuery, listingSearch, type ListingState } from '../listing-params';

/** GET /web/api/v1/products/ — one page (24) of a category or a search, with its filters' counts. */
export function getListing(state: ListingState, categorySlug: string | undefined, signal?: AbortSignal): Promise<ProductListing> {
  return api.get<ProductListing>('/web/api/v1/products/', { query: listingApiQuery(state, categorySlug), signal });
}

/**
 * Keyed by the URL the page shows, so Back to a listing answers from the cache at once (and the
 * browser can put the shopper back where they were). While a new filter loads, the last page stays.
 */
export const listingQueryOptions = (state: ListingState, categorySlug: string | undefined) =>
  queryOptions({
    queryKey: ['listing', categorySlug ?? null, listingSearch(state)] as const,
    queryFn: ({ signal }) => getListing(state, categorySlug, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useListing(state: ListingState, categorySlug: string | undefined) {
  return useQuery(listingQueryOptions(state, categorySlug));
}
