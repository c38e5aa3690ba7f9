import { breakupRows } from '@/features/checkout/breakup';
import { OrderDetailPage } from '@/features/orders/components/OrderDetailPage';
import { OrdersPage } from '@/features/orders/components/OrdersPage';

/** /order/history/, its app variants (/order/app/history/, /my-orders-app/): a lazy chunk, shared with the order page. */
export function OrdersRoute() {
  return <OrdersPage />;
}

/** /order/detail/:orderId: the price details follow checkout's breakup rules (features/checkout). */
export function OrderDetailRoute() {
  return <OrderDetailPage breakupRows={breakupRows} />;
}
