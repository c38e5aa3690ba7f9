import type { OfferProductsQuery, OrderListQuery, ReturnPriceForm } from '../types';

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
  /**
   * What a selection of pieces would refund (asked again when the selection changes). Not under `all`: once
   * a request is in, its selection is not priced again while the page still shows it (it would be a 409).
   */
  returnPrice: (userId: number, form: ReturnPriceForm) => ['return-price', userId, form] as const,
  /** A product's sizes with pieces left, for an exchange (not the shopper's: stock is everyone's). */
  exchangeSizes: (productId: number, current: string) => ['exchange-sizes', productId, current] as const,
  /** Other styles of the same price, a page at a time. */
  exchangeStyles: (userId: number, q: OfferProductsQuery) => ['exchange-styles', userId, q] as const,
  /** Whether a courier collects returns at a pincode. */
  pickup: (pincode: string) => ['return-pickup', pincode] as const,
};
