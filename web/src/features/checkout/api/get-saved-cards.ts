import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { SavedCards } from '../types';
import { checkoutKeys } from './keys';

/** GET /api/v1/saved-cards/ — the shopper's cards kept by the provider (tokens, never numbers). */
export function getSavedCards(signal?: AbortSignal): Promise<SavedCards> {
  return api.get<SavedCards>('/api/v1/saved-cards/', { signal });
}

export const savedCardsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: checkoutKeys.savedCards(userId), queryFn: ({ signal }) => getSavedCards(signal), staleTime: 0 });

/** A failure leaves the Saved cards tab out; the other methods still work. */
export function useSavedCards(userId: number | null) {
  return useQuery({ ...savedCardsQueryOptions(userId ?? 0), enabled: userId !== null });
}
