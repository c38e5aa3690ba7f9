import type { OrderListQuery } from '../types';

/**
 * My orders' query keys, keyed by the shopper (another shopper logging in on the tab never sees this
 * one's orders). `all` is what a cancellation or a re-order invalidates: every list page and every order.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: (userId: number, dataPath: string, q: OrderListQuery) => ['orders', userId, 'list', dataPath, q] as const,
  detail: (userId: number, orderId: string) => ['orders', userId, 'detail', orderId] as const,
  /** One check per opening of the cancel sheet (its request id). */
  cancelCheck: (orderId: string, requestId: string) => ['order-cancel-check', orderId, requestId] as const,
};
