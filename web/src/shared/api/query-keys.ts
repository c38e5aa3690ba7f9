/**
 * Query keys that more than one feature touches. One definition, so that an invalidation in one
 * feature (a saved rating reloads the product; a cancelled order refunds the wallet) reaches the
 * query another feature owns. features/auth (`['me']`), features/product (`['product', slug]`) and
 * features/cart (the header's `cartQuantityKey`, left as it is in the first bundle) use these same
 * literals, which app/routes/orders.test.tsx checks; features/wallet builds its key from here.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** The product object; its sizes live under it (`[...product(slug), 'sizes']`). */
  product: (slug: string) => ['product', slug] as const,
  /** The header's cart badge (GET /cart_dropdown_mobile_ajax/). */
  cartQuantity: ['cart-quantity'] as const,
  /** Every shopper's wallet; one shopper's is `[...wallet, userId]`. */
  wallet: ['wallet'] as const,
};
