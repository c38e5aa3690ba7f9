import { Link } from 'react-router';
import { orderDetailPath, pieces } from '../orders';
import type { Order } from '../types';
import type { Cancelled } from './CancelSheet';
import { OrderActions } from './OrderActions';
import { DeliveryAndRefund, OrderItems, StatusPill } from './OrderParts';

/** Items a card shows before 'n more' (the order page shows them all). */
export const CARD_ITEMS = 3;

/**
 * One order in the list: number, day placed, status, items, where it is, refund, total and payment,
 * and what can be done with it. `from` is the list's address, for the order page's way back.
 */
export function OrderCard({ order, from, onCancelled }: { order: Order; from: string; onCancelled: (done: Cancelled) => void }) {
  const h = order.oh_details;
  const util = order.orders_util_data;
  const titleId = `order-${order.encrypted_order_id}`;
  const shown = order.products.slice(0, CARD_ITEMS);
  const more = order.products.length - shown.length;
  const detail = orderDetailPath(order.encrypted_order_id);
  return (
    <article className="od-card" aria-labelledby={titleId} data-testid="order-card" data-order={order.pk}>
      <header className="od-card__head">
        <h2 className="od-card__title" id={titleId}>
          <span className="od-card__label">Order</span> <span data-testid="order-number">{order.pk}</span>
        </h2>
        <StatusPill label={util.status_label} colour={util.status_colour} status={util.status} />
        <p className="od-card__placed">Placed on {h.placed_at_ui}</p>
      </header>

      <OrderItems lines={shown} />
      {more > 0 ? (
        <Link to={detail} state={{ from }} className="od-card__more">
          + {pieces(more)} more
        </Link>
      ) : null}

      <DeliveryAndRefund order={order} />

      <dl className="od-card__sum">
        <div>
          <dt>Total</dt>
          <dd data-testid="order-total">{h.total_ui}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd data-testid="order-payment">{h.payment_mode_ui}</dd>
        </div>
      </dl>

      <OrderActions order={order} details={{ to: detail, from }} onCancelled={onCancelled} />
    </article>
  );
}
