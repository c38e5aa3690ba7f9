import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import { useReorder, type ReorderOutcome } from '../api/reorder';
import { CART_PATH, retryPaymentPath, returnPath } from '../orders';
import type { Order } from '../types';
import { CancelSheet, type Cancelled } from './CancelSheet';
import { Notice } from './OrderParts';

type Outcome = ReorderOutcome | { kind: 'error'; message: string };

/**
 * What a shopper may do with an order, as the server says (orders_util_data): pay now, see it in full,
 * order it again, return or exchange pieces of it, cancel it. The button names end with the order number (hidden), so each card's read apart.
 * A re-order's answer shows under the buttons; a cancellation is the page's to announce (`onCancelled`).
 */
export function OrderActions({
  order,
  details,
  onCancelled,
}: {
  order: Order;
  /** The order page's link (the list's cards), with the list's own address to come back to. */
  details?: { to: string; from: string };
  onCancelled: (done: Cancelled) => void;
}) {
  const util = order.orders_util_data;
  const id = order.encrypted_order_id;
  const [cancelling, setCancelling] = useState(false);
  const [outcome, setOutcome] = useState<{ n: number; value: Outcome } | null>(null);
  const reorder = useReorder();
  const number = (
    <>
      {' '}
      <span className="visually-hidden">{order.pk}</span>
    </>
  );

  const orderAgain = () => {
    if (reorder.isPending) return;
    reorder.mutate(id, {
      onSuccess: (value) => setOutcome((o) => ({ n: (o?.n ?? 0) + 1, value })),
      onError: (e) => setOutcome((o) => ({ n: (o?.n ?? 0) + 1, value: { kind: 'error', message: errorMessage(e) } })),
    });
  };

  return (
    <>
      <div className="od-actions" data-testid="order-actions">
        {util.can_retry_payment ? (
          <Link to={retryPaymentPath(id)} className="od-action od-action--primary" data-testid="pay-now">
            Pay now{number}
          </Link>
        ) : null}
        {details ? (
          <Link to={details.to} state={{ from: details.from }} className="od-action" data-testid="view-details">
            View details{number}
          </Link>
        ) : null}
        {util.can_reorder ? (
          <button
            type="button"
            className="od-action od-action--accent"
            onClick={orderAgain}
            disabled={reorder.isPending}
            data-testid="order-again"
          >
            {reorder.isPending ? 'Adding to bag…' : 'Order again'}
            {number}
          </button>
        ) : null}
        {util.can_return ? (
          <Link to={returnPath(id)} className="od-action od-action--primary" data-testid="return-order">
            Return or exchange{number}
          </Link>
        ) : null}
        {util.can_cancel ? (
          <button type="button" className="od-action od-action--danger" onClick={() => setCancelling(true)} data-testid="cancel-order">
            Cancel order{number}
          </button>
        ) : null}
      </div>
      {outcome ? <ReorderMessage key={outcome.n} outcome={outcome.value} onDismiss={() => setOutcome(null)} /> : null}
      {cancelling ? (
        <CancelSheet
          order={order}
          onClose={() => setCancelling(false)}
          onCancelled={(done) => {
            setCancelling(false);
            onCancelled(done);
          }}
        />
      ) : null}
    </>
  );
}

function ReorderMessage({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  if (outcome.kind === 'added') {
    return (
      <Notice tone="ok" onDismiss={onDismiss} testId="reorder-message">
        <p className="od-notice__title">Added to your bag</p>
        <Link to={CART_PATH} className="od-notice__link">
          View bag
        </Link>
      </Notice>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <Notice tone="warn" onDismiss={onDismiss} testId="reorder-message">
        <p className="od-notice__title">{outcome.message}</p>
      </Notice>
    );
  }
  const { answer } = outcome;
  return (
    <Notice tone="warn" onDismiss={onDismiss} testId="reorder-message">
      <p className="od-notice__title">{answer.message}</p>
      {answer.left_out.length > 0 ? (
        <ul className="od-left-out" data-testid="reorder-left-out">
          {answer.left_out.map((l, i) => (
            <li key={`${l.name}-${l.size}-${i}`}>
              <strong>{l.name}</strong>
              {l.size ? ` (${l.size})` : null}: {l.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.kind === 'partial' ? (
        <Link to={CART_PATH} className="od-notice__link">
          View bag
        </Link>
      ) : null}
    </Notice>
  );
}
