import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { GiftSizes } from '@/shared/api/types';
import { cartKeys } from './keys';

/** GET /api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id={id} — the sizes a gift grants. */
export function getGiftSizes(giftOfferId: number, signal?: AbortSignal): Promise<GiftSizes> {
  return api.get<GiftSizes>('/api/v3/cart-items/get-cart-gift-sizes/', { query: { paid_gift_offer_id: giftOfferId }, signal });
}

export const giftSizesQueryOptions = (giftOfferId: number) =>
  queryOptions({ queryKey: cartKeys.giftSizes(giftOfferId), queryFn: ({ signal }) => getGiftSizes(giftOfferId, signal) });

export function useGiftSizes(giftOfferId: number, enabled: boolean) {
  return useQuery({ ...giftSizesQueryOptions(giftOfferId), enabled });
}
