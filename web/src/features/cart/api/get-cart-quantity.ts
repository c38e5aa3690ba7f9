import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CartQuantity } from '@/shared/api/types';

export const cartQuantityKey = ['cart-quantity'] as const;

/** The header's cart badge; `t` defeats caches between the shop and the browser. */
export function getCartQuantity(signal?: AbortSignal): Promise<CartQuantity> {
  return api.get<CartQuantity>('/cart_dropdown_mobile_ajax/', { query: { t: Date.now() }, signal });
}

export const cartQuantityQueryOptions = () => queryOptions({ queryKey: cartQuantityKey, queryFn: ({ signal }) => getCartQuantity(signal) });

export function useCartQuantity() {
  return useQuery(cartQuantityQueryOptions());
}
