import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ViewOffers } from '@/shared/api/types';
import { cartKeys } from './keys';

/** GET /api/v4/carts-new/{id}/get-view-offers-data/ — coupons (applicable or why not) and offers. */
export function getViewOffers(cartId: number, signal?: AbortSignal): Promise<ViewOffers> {
  return api.get<ViewOffers>(`/api/v4/carts-new/${cartId}/get-view-offers-data/`, { signal });
}

export const viewOffersQueryOptions = (cartId: number) =>
  queryOptions({ queryKey: cartKeys.offers(cartId), queryFn: ({ signal }) => getViewOffers(cartId, signal), staleTime: 0 });

export function useViewOffers(cartId: number, enabled: boolean) {
  return useQuery({ ...viewOffersQueryOptions(cartId), enabled });
}
