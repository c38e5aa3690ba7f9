import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CartItemAdded, DealCartItemRequest, LastMinuteDeals } from '@/shared/api/types';
import { CART_SCOPE, refreshAfterCartChange } from './cart-mutations';
import { cartKeys } from './keys';

/** GET /api/v3/carts/{id}/last-minute-deals/ */
export function getLastMinuteDeals(cartId: number, signal?: AbortSignal): Promise<LastMinuteDeals> {
  return api.get<LastMinuteDeals>(`/api/v3/carts/${cartId}/last-minute-deals/`, { signal });
}

export const dealsQueryOptions = (cartId: number) =>
  queryOptions({ queryKey: cartKeys.deals(cartId), queryFn: ({ signal }) => getLastMinuteDeals(cartId, signal), staleTime: 0 });

export function useLastMinuteDeals(cartId: number) {
  return useQuery(dealsQueryOptions(cartId));
}

/** POST /api/v3/cart-items/ with `deal`: one piece at the deal price. Answers the count, not the cart. */
export function addDeal(body: DealCartItemRequest): Promise<CartItemAdded> {
  return api.post<CartItemAdded>('/api/v3/cart-items/', body);
}

export function useAddDeal(cartId: number) {
  const qc = useQueryClient();
  return useMutation({
    scope: CART_SCOPE,
    mutationFn: addDeal,
    onSuccess: async () => {
      refreshAfterCartChange(qc, cartId);
      await qc.invalidateQueries({ queryKey: cartKeys.cart(cartId), exact: true });
    },
  });
}
