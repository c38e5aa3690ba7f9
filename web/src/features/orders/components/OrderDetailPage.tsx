import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import { AccountPage, AccountPageLoading, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { useOrder } from '../api/get-order';
import {
  amountLabel,
  hasBreakup,
  hasInvoice,
  invoicePagePath,
  invoicePdfPath,
  isClosed,
  isDelivered,
  ORDERS_PATH,
  pickupDay,
  pieces,
  plainPriceRows,
  refundRoute,
  refundRouteOf,
  returnItemLine,
  returnTitle,
  statusColour,
  timelineBy,
  wasReturned,
  type PriceRow,
} from '../orders';
import type { Breakup, OrderDetail, OrderReturn, OrderTimelineStep } from '../types';
import type { Cancelled } from './CancelSheet';
import { OrderActions } from './OrderActions';
import { DeliveryAndRefund, Notice, OrderItems, OrderLoadError, StatusPill } from './OrderParts';
import './orders.css';

/** Checkout's breakup rules, handed in by the route (a feature does not import another). */
export type BreakupRowsOf = (breakup: Breakup, opts: { cod: boolean; pieces: number }) => PriceRow[];

/** The list's address the shopper came from, if they came from it. */
function backTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : ORDERS_PATH;
}

/**
 * One order in full (/order/detail/:orderId): number and status, where it is, what can be done with it,
 * the items, the timeline of its statuses, the delivery address, the price details as checkout showed
 * them, the payments and the refunds.
 */
export function OrderDetailPage({ breakupRows }: { breakupRows?: BreakupRowsOf }) {
  const { orderId = '' } = useParams();
  const { pathname, search, state } = useLocation();
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  const detail = useOrder(userId, orderId);
  const [notice, setNotice] = useState<{ n: number; done: Cancelled } | null>(null);
  const back = backTo(state);

  if (session.isPending) return <Loading back={back} />;
  if (userId === null || (isApiError(detail.error) && detail.error.status === 401)) {
    return (
      <Shell back={back}>
        <LoginNeededPanel
          icon="box"
          iconClassName="od-icon"
          title="Your order"
          text="Log in to see this order."
          next={pathname + search}
          testId="order-login"
        />
      </Shell>
    );
  }
  if (detail.isPending) return <Loading back={back} />;
  if (!detail.data) {
    return (
      <Shell back={back}>
        <OrderLoadError error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} testId="order-error" />
      </Shell>
    );
  }

  const d = detail.data;
  const order = d.order;
  const util = order.orders_util_data;
  const h = order.oh_details;
  return (
    <Shell back={back} title={`Order ${order.pk}`}>
      <header className="od-card__head od-detail__head" data-testid="order-head">
        <h1 className="od-title od-detail__title">
          <span className="od-card__label">Order</span> <span data-testid="order-number">{order.pk}</span>
        </h1>
        <StatusPill label={util.status_label} colour={util.status_colour} status={util.status} />
        <p className="od-card__placed">
          Placed on {h.placed_at_ui} · {pieces(h.items_count)} · {h.total_ui}
        </p>
        {d.exchange_of ? <p className="od-card__placed">Exchange for order {d.exchange_of}</p> : null}
      </header>
      {notice ? (
        <Notice key={notice.n} tone="ok" onDismiss={() => setNotice(null)} testId="order-notice">
          <p className="od-notice__title">{notice.done.title}</p>
          {notice.done.detail ? <p>{notice.done.detail}</p> : null}
        </Notice>
      ) : null}
      <DeliveryAndRefund order={order} />
      <OrderActions order={order} onCancelled={(done) => setNotice((x) => ({ n: (x?.n ?? 0) + 1, done }))} />

      <div className="od-detail__grid">
        <Section title="Items" testId="order-items">
          <OrderItems lines={order.products} linkNames />
        </Section>
        {d.returns.length > 0 ? (
          <Section title="Returns and exchanges" testId="order-returns">
            {d.returns.map((r) => (
              <ReturnRequest key={r.return_id} request={r} />
            ))}
          </Section>
        ) : null}
        <Section title="Order status" testId="order-timeline">
          <Timeline steps={d.timeline} />
        </Section>
        <Section title="Delivery address" testId="order-address">
          <Address detail={d} />
        </Section>
        <Section title="Price details" testId="order-price">
          <PriceRows rows={priceRows(d, breakupRows)} />
        </Section>
        <Section title="Payment" testId="order-payments">
          <Payments detail={d} />
        </Section>
        {hasInvoice(order) ? (
          <Section title="Invoice" testId="order-invoice">
            <p className="muted">The tax invoice of this order, to print or keep.</p>
            <div className="od-invoice">
              <a
                className="od-action"
                href={invoicePdfPath(order.encrypted_order_id)}
                download={`Drape-invoice-${order.pk}.pdf`}
                data-testid="invoice-pdf"
              >
                Download invoice (PDF)
              </a>
              <a
                className="od-action"
                href={invoicePagePath(order.encrypted_order_id)}
                target="_blank"
                rel="noopener"
                data-testid="invoice-page"
              >
                View invoice
              </a>
            </div>
          </Section>
        ) : null}
        {d.refunds.length > 0 ? (
          <Section title="Refunds" testId="order-refunds">
            <ul className="od-rows">
              {d.refunds.map((r, i) => (
                <li key={`${r.route}-${i}`} className="od-row" data-testid="order-refund-row">
                  <div>
                    <p className="od-row__main">{refundRoute(r)}</p>
                    <p className={`od-row__sub${r.done ? ' od-row__sub--ok' : ''}`}>
                      {r.done ? 'Refunded' : 'On its way (5–7 working days)'}
                    </p>
                  </div>
                  <p className="od-row__amount">{r.amount_ui}</p>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </Shell>
  );
}

/** Checkout's rows when the order kept its breakup (the last row named for the order's state), else the plain ones. */
function priceRows(d: OrderDetail, rowsOf: BreakupRowsOf | undefined): PriceRow[] {
  const b = d.breakup;
  if (!rowsOf || !hasBreakup(b)) return plainPriceRows(d);
  const order = d.order;
  return rowsOf(b, { cod: order.oh_details.payment_mode === 'COD', pieces: order.oh_details.items_count }).map((r) =>
    r.key === 'to-pay' ? { ...r, label: amountLabel(order) } : r,
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = `od-${testId}`;
  return (
    <section className="od-section" aria-labelledby={id} data-testid={testId}>
      <h2 className="od-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A return or exchange request: its number and status, the pieces, the refund, and its own timeline. */
function ReturnRequest({ request: r }: { request: OrderReturn }) {
  const last = r.timeline[r.timeline.length - 1];
  return (
    <div className="od-return" data-testid="order-return" data-return={r.return_id}>
      <div className="od-return__head">
        <p className="od-return__id">{returnTitle(r)}</p>
        <StatusPill label={r.status_label} colour={last?.colour ?? ''} status={r.status} />
        <p className="od-return__when">
          Requested on {r.requested_at_ui}
          {r.pickup_date ? ` · Pickup on ${pickupDay(r.pickup_date)}` : null}
        </p>
      </div>
      <ul className="od-return__items">
        {r.items.map((i, n) => (
          <li key={`${i.name}-${i.size}-${n}`}>{returnItemLine(i)}</li>
        ))}
      </ul>
      {r.refund_amount > 0 ? (
        <p className="od-return__refund" data-testid="order-return-refund">
          Refund {r.refund_amount_ui} {refundRouteOf(r.refund_route)}
        </p>
      ) : null}
      <Timeline steps={r.timeline} testId="return-step" />
    </div>
  );
}

function Timeline({ steps, testId = 'timeline-step' }: { steps: OrderTimelineStep[]; testId?: string }) {
  if (steps.length === 0) return <p className="muted">No updates yet.</p>;
  return (
    <ol className="od-timeline">
      {steps.map((s, i) => {
        const colour = statusColour(s.colour);
        const by = timelineBy(s);
        const last = i === steps.length - 1;
        return (
          <li
            key={`${s.at}-${i}`}
            className={`od-step${last ? ' od-step--now' : ''}`}
            style={colour ? ({ '--od-status': colour } as CSSProperties) : undefined}
            aria-current={last ? 'step' : undefined}
            data-testid={testId}
          >
            <span className="od-step__dot" aria-hidden="true" />
            <p className="od-step__label">{s.label}</p>
            <p className="od-step__when">
              <time dateTime={s.at}>{s.at_ui}</time>
              {by ? ` · ${by}` : null}
            </p>
            {s.note ? <p className="od-step__note">{s.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

function Address({ detail }: { detail: OrderDetail }) {
  const a = detail.address;
  if (!a.street1 && !a.addressee) return <p className="muted">This order has no delivery address on record.</p>;
  const place = [a.city, a.state].filter(Boolean).join(', ');
  const phone = a.phone && a.phone.length === 10 ? `${a.phone.slice(0, 5)} ${a.phone.slice(5)}` : a.phone;
  return (
    <address className="od-address">
      {a.addressee ? <span className="od-address__name">{a.addressee}</span> : null}
      {a.street1 ? <span>{a.street1}</span> : null}
      {a.street2 ? <span>{a.street2}</span> : null}
      <span>
        {place} {a.postal_code}
      </span>
      {phone ? <span>Phone: {phone}</span> : null}
    </address>
  );
}

function PriceRows({ rows }: { rows: PriceRow[] }) {
  return (
    <dl className="od-price">
      {rows.map((r) => (
        <div key={r.key} className={`od-price__row${r.tone ? ` od-price__row--${r.tone}` : ''}`} data-row={r.key}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Payments({ detail }: { detail: OrderDetail }) {
  const order = detail.order;
  const status = order.orders_util_data.status;
  const cod = order.oh_details.payment_mode === 'COD';
  const rows: { key: string; main: string; sub: string; ok?: boolean; amount: string }[] = [];
  if (detail.wallet_used > 0) rows.push({ key: 'wallet', main: 'Drape wallet', sub: 'Paid', ok: true, amount: detail.wallet_used_ui });
  detail.payments.forEach((p, i) =>
    rows.push({ key: `p${i}`, main: p.method, sub: `${p.status} · ${p.at_ui}`, ok: p.status === 'Paid', amount: p.amount_ui }),
  );
  if (cod && detail.to_pay > 0) {
    const sub =
      isDelivered(status) || wasReturned(status) ? 'Paid on delivery' : isClosed(status) ? 'Not collected' : 'To pay when it arrives';
    rows.push({ key: 'cod', main: 'Cash on Delivery', sub, ok: sub === 'Paid on delivery', amount: detail.to_pay_ui });
  }
  if (rows.length === 0) return <p className="muted">{order.oh_details.payment_mode_ui}</p>;
  return (
    <ul className="od-rows">
      {rows.map((r) => (
        <li key={r.key} className="od-row" data-testid="order-payment-row">
          <div>
            <p className="od-row__main">{r.main}</p>
            <p className={`od-row__sub${r.ok ? ' od-row__sub--ok' : ''}`}>{r.sub}</p>
          </div>
          <p className="od-row__amount">{r.amount}</p>
        </li>
      ))}
    </ul>
  );
}

function Shell({ back, title = 'Order details', children }: { back: string; title?: string; children: ReactNode }) {
  return (
    <AccountPage title={title} className="od-page od-detail" testId="order-detail-page">
      <Link to={back} className="od-back">
        <Icon name="chevronLeft" size={18} />
        <span className="visually-hidden">Back to</span> My orders
      </Link>
      {children}
    </AccountPage>
  );
}

function Loading({ back }: { back: string }) {
  return (
    <Shell back={back}>
      <AccountPageLoading className="od-loading" label="Loading your order" />
    </Shell>
  );
}
