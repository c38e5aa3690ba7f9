import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Checkout, CheckoutQuery } from '../types';
import { checkoutKeys } from './keys';

/**
 * GET /api/v1/checkout/?address_id=&payment_mode=&use_wallet= — the cart's items, the address, delivery
 * and cash on delivery for it, and the price breakup. 401 for guests; 400 `empty_cart` when there is
 * nothing to buy.
 */
export function getCheckout(q: CheckoutQuery, signal?: AbortSignal): Promise<Checkout> {
  return api.get<Checkout>('/api/v1/checkout/', { query: q, signal });
}

/** Money: asked afresh on every visit and after every change of address, wallet or method. */
export const checkoutQueryOptions = (userId: number, q: CheckoutQuery) =>
  queryOptions({ queryKey: checkoutKeys.checkout(userId, q), queryFn: ({ signal }) => getCheckout(q, signal), staleTime: 0 });

/** The last answer stays on screen while the next is asked (the Pay button waits for it). */
export function useCheckout(userId: number | null, q: CheckoutQuery, enabled: boolean) {
  return useQuery({ ...checkoutQueryOptions(userId ?? 0, q), enabled: userId !== null && enabled, placeholderData: keepPreviousData });
}
