import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { CartItemAdded, CartItemRequest, Me, Wishlist } from '@/shared/api/types';
import { wishlistKeys } from './keys';

/** DELETE /api/v3/wishlist/{id}/ — answers the wishlist without the entry. */
export const removeWishlistItem = (entryId: number) => api.delete<Wishlist>(`/api/v3/wishlist/${entryId}/`);

/** POST /api/v3/cart-items/ — 400 messages ('Only {n} left in this size', …) are shown as they are. */
export const addToCart = (item: CartItemRequest) => api.post<CartItemAdded>('/api/v3/cart-items/', item);

/** A wishlist answer replaces the cached one; the header's wishlist count follows. */
export function useApplyWishlist() {
  const qc = useQueryClient();
  return (list: Wishlist) => {
    qc.setQueryData(wishlistKeys.list, list);
    qc.setQueryData<Me>(queryKeys.me, (m) => (m ? { ...m, wishlistCount: list.wishlist_count } : m));
    void qc.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function useRemoveWishlistItem() {
  const apply = useApplyWishlist();
  return useMutation({ mutationFn: removeWishlistItem, onSuccess: apply });
}

/**
 * 'Move to cart': add the chosen size to the cart, then take the entry out of the wishlist.
 * `stillSaved` is true when the add worked but the removal did not (the item is in both).
 */
export function useMoveToCart(onCartChanged: (cartQuantity: number) => void) {
  const apply = useApplyWishlist();
  return useMutation({
    mutationFn: async ({ entryId, item }: { entryId: number; item: CartItemRequest }) => {
      const added = await addToCart(item);
      onCartChanged(added.cart_quantity);
      try {
        const list = await removeWishlistItem(entryId);
        return { added, list, stillSaved: false };
      } catch {
        return { added, list: null, stillSaved: true };
      }
    },
    onSuccess: ({ list }) => {
      if (list) apply(list);
    },
  });
}
