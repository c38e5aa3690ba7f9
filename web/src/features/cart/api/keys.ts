/** The cart page's query keys. The header's count keeps its own key (get-cart-quantity.ts). */
export const cartKeys = {
  info: ['view-cart-info'] as const,
  cart: (cartId: number) => ['cart', cartId] as const,
  deals: (cartId: number) => ['cart-deals', cartId] as const,
  offers: (cartId: number) => ['cart-offers', cartId] as const,
  giftSizes: (giftOfferId: number) => ['cart-gift-sizes', giftOfferId] as const,
};
