import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Cart } from '@/shared/api/types';
import { cartKeys } from './keys';

export interface CartQuery {
  /** check this coupon and keep it with the cart (400 with the reason when refused) */
  coupon_code?: string;
  /** drop the kept coupon */
  iscouponremove?: 1;
  /** check this partner code and keep it with the cart (400 with the reason when refused) */
  affiliation_code?: string;
  /** drop the kept partner code */
  isaffiliateremove?: 1;
  /** take this upgrade option (400 when the cart does not reach it); 0 takes the upgrade off */
  upgrade_selected_option?: number;
}

/** A query that asks a change: the server refuses it (403 csrf_failed) without the CSRF header. */
export function asksChange(query: CartQuery): boolean {
  return Object.values(query).some((v) => v !== undefined && v !== null && v !== '');
}

/**
 * GET /api/v4/carts-new/{cart_id} — the whole cart; a code or upgrade in the query is checked and
 * kept, and such a GET carries `X-CSRFToken` (the cookie is fetched first when there is none).
 */
export function getCart(cartId: number, query: CartQuery = {}, signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>(`/api/v4/carts-new/${cartId}`, { query: { ...query }, signal, changes: asksChange(query) });
}

/** The cart is money: always asked afresh when the page opens. */
export const cartQueryOptions = (cartId: number) =>
  queryOptions({ queryKey: cartKeys.cart(cartId), queryFn: ({ signal }) => getCart(cartId, {}, signal), staleTime: 0 });

export function useCart(cartId: number | null) {
  return useQuery({ ...cartQueryOptions(cartId ?? 0), enabled: cartId !== null });
}
