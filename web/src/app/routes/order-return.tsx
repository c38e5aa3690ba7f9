import { ReturnPage } from '@/features/orders/components/ReturnPage';

/**
 * /order/return/:orderId: returning or exchanging pieces of a delivered order. A lazy chunk of its own
 * (the form, the styles sheet and their rules), so My orders and the order page do not carry it.
 */
export function ReturnRoute() {
  return <ReturnPage />;
}
