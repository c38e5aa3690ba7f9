import type { CheckoutQuery } from '../types';

export const checkoutKeys = {
  /** every checkout answer (an address, the wallet or cash on delivery changes what is asked) */
  all: ['checkout'] as const,
  /** keyed by the shopper: another shopper logging in on the tab never sees this one's addresses */
  checkout: (userId: number, q: CheckoutQuery) => ['checkout', userId, q] as const,
  /** the same key and answer as features/addresses' book, so a save in its form shows here at once */
  addressBook: ['address-book'] as const,
  savedCards: (userId: number) => ['saved-cards', userId] as const,
  orderStatus: (orderId: string) => ['order-status', orderId] as const,
  complete: (orderId: string) => ['checkout-complete', orderId] as const,
};
