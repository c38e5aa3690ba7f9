import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { CartItemAdded, CartItemRequest, Me, Wishlist } from '@/shared/api/types';
import type { WishlistPages } from './get-wishlist';
import { wishlistKeys } from './keys';

/** DELETE /api/v3/wishlist/{id}/ — answers the wishlist's first page, without the entry. */
export const removeWishlistItem = (entryId: number) => api.delete<Wishlist>(`/api/v3/wishlist/${entryId}/`);

/** POST /api/v3/cart-items/ — 400 messages ('Only {n} left in this size', …) are shown as they are. */
export const addToCart = (item: CartItemRequest) => api.post<CartItemAdded>('/api/v3/cart-items/', item);

/**
 * The loaded pages after `entryId` left: the answer is the new first page; later pages lose the
 * entry (and say the new count) until they are asked again.
 */
export function withoutEntry(data: WishlistPages | undefined, entryId: number, firstPage: Wishlist): WishlistPages {
  if (!data || data.pages.length === 0) return { pages: [firstPage], pageParams: [1] };
  return {
    pages: data.pages.map((p, i) =>
      i === 0 ? firstPage : { ...p, items: p.items.filter((item) => item.id !== entryId), wishlist_count: firstPage.wishlist_count },
    ),
    pageParams: data.pageParams,
  };
}

/**
 * A removal's answer (the first page) replaces page 1 at once; when more pages are loaded they are
 * asked again, since every entry after the removed one moved up a place. The header's wishlist
 * count follows.
 */
export function useApplyRemoval() {
  const qc = useQueryClient();
  return (entryId: number, firstPage: Wishlist) => {
    const before = qc.getQueryData<WishlistPages>(wishlistKeys.list);
    // a 'Show more' on its way would append to the pages as they were: ask them all again instead
    const stale = (before?.pages.length ?? 0) > 1 || qc.isFetching({ queryKey: wishlistKeys.list, exact: true }) > 0;
    qc.setQueryData<WishlistPages>(wishlistKeys.list, withoutEntry(before, entryId, firstPage));
    if (stale) void qc.invalidateQueries({ queryKey: wishlistKeys.list, exact: true });
    qc.setQueryData<Me>(queryKeys.me, (m) => (m ? { ...m, wishlistCount: firstPage.wishlist_count } : m));
    void qc.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function useRemoveWishlistItem() {
  const apply = useApplyRemoval();
  return useMutation({ mutationFn: removeWishlistItem, onSuccess: (firstPage, entryId) => apply(entryId, firstPage) });
}

/**
 * 'Move to cart': add the chosen size to the cart, then take the entry out of the wishlist.
 * `stillSaved` is true when the add worked but the removal did not (the item is in both).
 */
export function useMoveToCart(onCartChanged: (cartQuantity: number) => void) {
  const apply = useApplyRemoval();
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
    onSuccess: ({ list }, { entryId }) => {
      if (list) apply(entryId, list);
    },
  });
}
