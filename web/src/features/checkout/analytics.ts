import { pushEcommerce, rupees, skuCategory } from '@/shared/lib/events';
import { readStoredList, writeStoredList } from '@/shared/lib/stored-list';
import type { CheckoutComplete } from './types';

/** Orders whose purchase event this browser has sent, newest last (a few: a shopper reloading the
 * thank-you page, or coming back to it, is not a second sale). */
export const PURCHASES_SENT_KEY = 'drape:purchases-sent';
const PURCHASES_KEPT = 20;

/**
 * The GA4 `purchase` event of a placed order, for the data layer (as view_item and add_to_cart are):
 * the order's reference as the transaction, its total in rupees, and each line at its price per piece.
 */
export function purchase(order: CheckoutComplete) {
  return {
    transaction_id: order.order_ref || order.order_id,
    currency: 'INR',
    value: rupees(order.total_value),
    items: order.cartdetails.map((item) => {
      const entry: Record<string, string | number> = {
        item_id: item.sku,
        item_name: item.name,
        price: rupees(item.quantity > 0 ? item.price / item.quantity : item.price),
        quantity: item.quantity,
      };
      if (item.size) entry.item_variant = item.size;
      const code = skuCategory(item.sku);
      if (code) entry.item_category4 = code;
      return entry;
    }),
  };
}

const isId = (x: unknown): x is string => typeof x === 'string';

/** Pushes the order's purchase event unless this browser already did. Storage that is full or
 * refused keeps no record: the event went, and a reload may send it again. */
export function pushPurchaseOnce(order: CheckoutComplete): void {
  const done = readStoredList(PURCHASES_SENT_KEY, isId);
  if (done.includes(order.order_id)) return;
  pushEcommerce('purchase', purchase(order));
  writeStoredList(PURCHASES_SENT_KEY, [...done, order.order_id].slice(-PURCHASES_KEPT));
}
