import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Offer, OfferDetails } from '@/shared/api/types';

export const offersKey = (productId: number) => ['product-offers', productId] as const;

/** GET /bp_pp_product_details_page/?product_id= — spec 001 §8: a failure means no offer. */
export async function getOffers(productId: number, signal?: AbortSignal): Promise<Offer[]> {
  try {
    const res = await api.get<OfferDetails>('/bp_pp_product_details_page/', { query: { product_id: productId }, signal });
    return Object.values(res?.offer_msg_dict_ajax ?? {});
  } catch (e) {
    console.warn('offers not loaded', e);
    return [];
  }
}

export const offersQueryOptions = (productId: number) =>
  queryOptions({ queryKey: offersKey(productId), queryFn: ({ signal }) => getOffers(productId, signal) });

export function useOffers(productId: number, enabled = true) {
  return useQuery({ ...offersQueryOptions(productId), enabled });
}
