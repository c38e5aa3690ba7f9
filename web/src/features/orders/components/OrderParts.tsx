import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { productPath } from '@/shared/lib/product-path';
import { deliveryLine, ORDERS_PATH, statusColour } from '../orders';
import type { Order, OrderLine } from '../types';

/*
 * The pieces the order card and the order page share: the status pill, the items, the delivery line,
 * the refund line, and the inline notice a finished action leaves on the page.
 */

/** The status label in the server's colour (text and border on a light tint of it; ink when it is not a colour). */
export function StatusPill({ label, colour, status }: { label: string; colour: string; status: string }) {
  const c = statusColour(colour);
  return (
    <span
      className="od-pill"
      style={c ? ({ '--od-status': c } as CSSProperties) : undefined}
      data-testid="order-status"
      data-status={status}
    >
      {label}
    </span>
  );
}

function pieceNotes(line: OrderLine): string[] {
  const notes: string[] = [];
  if (line.item_cancelled_quantity > 0) notes.push(`${line.item_cancelled_quantity} cancelled`);
  if (line.item_returned_quantity > 0) notes.push(`${line.item_returned_quantity} returned`);
  if (line.item_exchanged_quantity > 0) notes.push(`${line.item_exchanged_quantity} exchanged`);
  return notes;
}

/** An order's lines: picture, name, size, quantity, what was paid, and 'Rate' once delivered. */
export function OrderItems({ lines, linkNames = false }: { lines: OrderLine[]; linkNames?: boolean }) {
  const quality = useImageQuality();
  return (
    <ul className="od-items">
      {lines.map((line) => {
        const notes = pieceNotes(line);
        return (
          <li key={line.id} className="od-item" data-testid="order-item">
            <img className="od-item__img" src={sizedImage(line.img, 56, quality)} alt="" width={56} height={75} loading="lazy" />
            <div className="od-item__text">
              <p className="od-item__name">
                {linkNames && line.slug ? <Link to={productPath({ slug: line.slug })}>{line.name}</Link> : line.name}
              </p>
              <p className="od-item__meta" data-testid="order-item-meta">
                {line.size ? `Size ${line.size} · ` : null}Qty {line.base_order_item_qty}
              </p>
              {notes.length > 0 ? <p className="od-item__note">{notes.join(' · ')}</p> : null}
              {line.rate_url ? (
                <Link to={line.rate_url} className="od-item__rate" data-testid="rate-link">
                  <Icon name="star" size={15} />
                  Rate <span className="visually-hidden">{line.name}</span>
                </Link>
              ) : null}
            </div>
            <p className="od-item__price" data-testid="order-item-paid">
              {line.paid_ui}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Where the parcel is, and the money coming back, when there is any. */
export function DeliveryAndRefund({ order }: { order: Order }) {
  const line = deliveryLine(order);
  const refund = order.exchange_refund_status.text;
  if (!line && !refund) return null;
  return (
    <div className="od-status-lines">
      {line ? (
        <div className={`od-delivery od-delivery--${line.tone}`} data-testid="order-delivery">
          <Icon name={line.tone === 'done' ? 'check' : 'truck'} size={18} />
          <div>
            <p className="od-delivery__title">{line.title}</p>
            {line.details.map((d) => (
              <p key={d} className="od-delivery__detail">
                {d}
              </p>
            ))}
          </div>
        </div>
      ) : null}
      {refund ? (
        <p className="od-refund" data-testid="order-refund">
          <Icon name="refresh" size={18} />
          <span>{refund}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * A finished action's message, on the page (not a toast: it stays until dismissed). It takes the focus
 * when it appears (give it a new `key` for a new message), so a screen reader says it and the keyboard
 * is not left on a button that went away.
 */
export function Notice({
  tone,
  children,
  onDismiss,
  testId,
}: {
  tone: 'ok' | 'warn';
  children: ReactNode;
  onDismiss: () => void;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className={`od-notice od-notice--${tone}`} role="status" tabIndex={-1} data-testid={testId}>
      <span className="od-notice__icon" aria-hidden="true">
        <Icon name={tone === 'ok' ? 'check' : 'bell'} size={18} />
      </span>
      <div className="od-notice__text">{children}</div>
      <button type="button" className="od-notice__close" onClick={onDismiss} aria-label="Dismiss this message">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/** An order that could not be read: not the shopper's (404, back to My orders) or a failure (Try again). */
export function OrderLoadError({
  error,
  retrying,
  onRetry,
  testId,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  testId: string;
}) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <div className="state-panel" role="alert" data-testid={testId}>
      <p>{missing ? 'We couldn’t find that order in your account.' : `We couldn’t load this order. ${errorMessage(error)}`}</p>
      {missing ? (
        <Link to={ORDERS_PATH} className="button button--primary">
          See my orders
        </Link>
      ) : (
        <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
          Try again
        </button>
      )}
    </div>
  );
}
