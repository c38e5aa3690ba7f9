import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { Cart, CartQuantityRequest, FreeGiftSizeRequest, PaidGiftRequest } from '@/shared/api/types';
import { cartQuantityKey } from './get-cart-quantity';
import { getCart } from './get-cart';
import { cartKeys } from './keys';

/*
 * Every cart change answers the whole cart: it goes straight into the query cache, and whatever
 * else depends on the cart (the header's counts, the deals' "Added", the offers) is asked again.
 * All cart changes share one mutation scope, so they reach the server one at a time and the last
 * answer in the cache is the cart as it really is.
 */

export const CART_SCOPE = { id: 'cart' } as const;

/** PATCH /api/v4/cart-items-new/{id}/ — 400 'Only {n} left in this size', 'You can add at most {n}…'. */
export const updateCartItem = (lineId: number, quantity: number) =>
  api.patch<Cart>(`/api/v4/cart-items-new/${lineId}/`, { quantity } satisfies CartQuantityRequest);

/** DELETE /api/v4/cart-items-new/{id}/ */
export const removeCartItem = (lineId: number) => api.delete<Cart>(`/api/v4/cart-items-new/${lineId}/`);

/** POST /api/v4/carts-new/{id}/gift-wrap/ — a 400 (e.g. an empty cart) is a handled answer (spec 000 §8). */
export const addGiftWrap = (cartId: number) => api.post<Cart>(`/api/v4/carts-new/${cartId}/gift-wrap/`);

/** DELETE /api/v4/carts-new/{id}/delete-gift-wrap/ */
export const removeGiftWrap = (cartId: number) => api.delete<Cart>(`/api/v4/carts-new/${cartId}/delete-gift-wrap/`);

/**
 * DELETE /api/v4/carts-new/{id}/delete-oos-cart-items/?product_ids=…[&isWishList=1] — removes those
 * products' out-of-stock lines; with `toWishlist` they are saved to the wishlist first (login required).
 */
export const deleteOutOfStock = (cartId: number, productIds: number[], toWishlist: boolean) =>
  api.delete<Cart>(`/api/v4/carts-new/${cartId}/delete-oos-cart-items/`, {
    query: { product_ids: productIds.join(','), isWishList: toWishlist ? 1 : undefined },
  });

/** POST /api/v3/carts-new/null/save-free-gift-size/ — size null drops the free gift. */
export const saveFreeGiftSize = (body: FreeGiftSizeRequest) => api.post<Cart>('/api/v3/carts-new/null/save-free-gift-size/', body);

/** POST /api/v3/cart-items/cart-paid-gift-add/ — size null removes the paid gift. */
export const setPaidGift = (body: PaidGiftRequest) => api.post<Cart>('/api/v3/cart-items/cart-paid-gift-add/', body);

/** Puts a cart answer in the cache and refreshes what depends on it. */
export function useApplyCart(cartId: number) {
  const qc = useQueryClient();
  return (cart: Cart) => {
    qc.setQueryData(cartKeys.cart(cartId), cart);
    refreshAfterCartChange(qc, cartId);
  };
}

type QC = ReturnType<typeof useQueryClient>;

/** The header's cart count (and `me`, its fallback and the wishlist count) and the cart's side panels. */
export function refreshAfterCartChange(qc: QC, cartId: number) {
  void qc.invalidateQueries({ queryKey: cartQuantityKey });
  void qc.invalidateQueries({ queryKey: queryKeys.me });
  void qc.invalidateQueries({ queryKey: cartKeys.info });
  void qc.invalidateQueries({ queryKey: cartKeys.deals(cartId) });
  void qc.invalidateQueries({ queryKey: cartKeys.offers(cartId) });
}

/** A cart change whose answer is the whole cart. */
export function useCartMutation<V>(cartId: number, mutationFn: (vars: V) => Promise<Cart>) {
  const applyCart = useApplyCart(cartId);
  return useMutation({ mutationFn, scope: CART_SCOPE, onSuccess: applyCart });
}

/**
 * Quantity with an optimistic update: the new number shows at once; a refusal puts the old one
 * back (and the cart is asked again, in case something else changed meanwhile).
 */
export function useUpdateQuantity(cartId: number) {
  const qc = useQueryClient();
  const applyCart = useApplyCart(cartId);
  const key = cartKeys.cart(cartId);
  return useMutation({
    scope: CART_SCOPE,
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: number }) => updateCartItem(lineId, quantity),
    onMutate: async ({ lineId, quantity }) => {
      await qc.cancelQueries({ queryKey: key, exact: true });
      const before = qc.getQueryData<Cart>(key)?.cart_items.find((l) => l.id === lineId)?.quantity;
      qc.setQueryData<Cart>(key, (c) => (c ? withLineQuantity(c, lineId, quantity) : c));
      return { before };
    },
    onError: (_e, { lineId }, context) => {
      const before = context?.before;
      if (before !== undefined) qc.setQueryData<Cart>(key, (c) => (c ? withLineQuantity(c, lineId, before) : c));
      void qc.invalidateQueries({ queryKey: key, exact: true });
    },
    onSuccess: applyCart,
  });
}

/**
 * The cart with one line's quantity changed (the totals follow when the server answers). Its
 * rem_quantity moves with it; the product's other lines lose room when it grows (max_cart_items caps
 * the product across its sizes, spec 001 §9) and keep theirs when it shrinks (their size's stock may
 * still be what limits them): the server's answer has the real numbers.
 */
export function withLineQuantity(cart: Cart, lineId: number, quantity: number): Cart {
  const changed = cart.cart_items.find((l) => l.id === lineId);
  if (!changed) return cart;
  const delta = quantity - changed.quantity;
  return {
    ...cart,
    cart_items: cart.cart_items.map((l) => {
      if (l.id === lineId) return { ...l, quantity, rem_quantity: Math.max(0, l.rem_quantity - delta) };
      if (delta > 0 && l.product_detail.id === changed.product_detail.id)
        return { ...l, rem_quantity: Math.max(0, l.rem_quantity - delta) };
      return l;
    }),
  };
}

/** Apply (or remove) a coupon: the GET checks it; a refusal is a 400 with the reason. */
export const useCoupon = (cartId: number) =>
  useCartMutation(cartId, (code: string | null) =>
    getCart(cartId, code === null ? { iscouponremove: 1 } : { coupon_code: code.trim().toUpperCase() }),
  );

/** Apply (or remove) a partner's affiliation code; a refusal is a 400 with the reason. */
export const useAffiliationCode = (cartId: number) =>
  useCartMutation(cartId, (code: string | null) =>
    getCart(cartId, code === null ? { isaffiliateremove: 1 } : { affiliation_code: code.trim().toUpperCase() }),
  );

/** Take an upgrade option (its id), or take the upgrade off (0); a rung the cart does not reach is a 400. */
export const useUpgradeOption = (cartId: number) =>
  useCartMutation(cartId, (optionId: number) => getCart(cartId, { upgrade_selected_option: optionId }));
