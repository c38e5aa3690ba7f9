import { formatINR } from '@/shared/lib/money';
import type { Order, OrderChoice, OrderDetail, OrderListQuery, OrderRefund, OrderTimelineStep } from './types';

/*
 * My orders' rules, apart from the screens: where the list lives and is asked for, the list's query in
 * the page's URL, what an order's status means for its delivery line, the words of the empty list, and
 * how the order page shows its invoice and its return requests (the return form's rules: returns.ts).
 */

/** Spec 000 §2: the order history, and its app variant. */
export const ORDERS_PATH = '/order/history/';
export const APP_ORDERS_PATH = '/order/app/history/';
export const CART_PATH = '/view-cart/';
export const orderDetailPath = (orderId: string) => `/order/detail/${encodeURIComponent(orderId)}/`;
export const retryPaymentPath = (orderId: string) => `/retrypayment/?order_id=${encodeURIComponent(orderId)}`;
export const loginPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;
export const returnPath = (orderId: string) => `/order/return/${encodeURIComponent(orderId)}/`;
export const invoicePagePath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}/invoice/`;
export const invoicePdfPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}/invoice.pdf`;

/**
 * Spec 000 §2: the app variant's list (/order/app/history/) is asked for when the current path contains
 * /my-orders-app/; the app variant's own page asks for it too.
 */
export function isAppVariant(pathname: string): boolean {
  return `${pathname}/`.includes('/my-orders-app/') || pathname.startsWith('/order/app/');
}

/** The list's data path for the page at `pathname` (the same path answers the page and, asked for JSON, the list). */
export const historyDataPath = (pathname: string) => (isAppVariant(pathname) ? APP_ORDERS_PATH : ORDERS_PATH);

// ---------------------------------------------------------------- the list's query, kept in the URL

export type ListParams = { page: number; status: string; timePeriod: string };

/** `?page=&status=&time_period=`: a page below 1 or not a number reads as 1; time period 'all' as none. */
export function readListParams(search: URLSearchParams): ListParams {
  const raw = search.get('page')?.trim() ?? '';
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const period = search.get('time_period') ?? '';
  return { page: n >= 1 ? n : 1, status: search.get('status') ?? '', timePeriod: period === 'all' ? '' : period };
}

/** What the list is asked with: the page always; the filter and the time period only when set. */
export function listQuery(p: ListParams): OrderListQuery {
  const q: OrderListQuery = { page: String(p.page) };
  if (p.status) q.status = p.status;
  if (p.timePeriod) q.time_period = p.timePeriod;
  return q;
}

function edited(search: URLSearchParams, edit: (next: URLSearchParams) => void): URLSearchParams {
  const next = new URLSearchParams(search);
  edit(next);
  return next;
}

/** A new filter starts again at page 1; the empty filter (All) leaves the URL without one. */
export const withStatus = (search: URLSearchParams, status: string) =>
  edited(search, (s) => {
    s.delete('page');
    if (status) s.set('status', status);
    else s.delete('status');
  });

export const withTimePeriod = (search: URLSearchParams, period: string) =>
  edited(search, (s) => {
    s.delete('page');
    if (period && period !== 'all') s.set('time_period', period);
    else s.delete('time_period');
  });

export const withPage = (search: URLSearchParams, page: number) =>
  edited(search, (s) => {
    if (page > 1) s.set('page', String(page));
    else s.delete('page');
  });

// ---------------------------------------------------------------- statuses

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();
const oneOf = (status: string, list: string[]) => list.some((s) => same(status, s));

/** Spec 000 §4's statuses by what they mean for the parcel. */
const DELIVERED = ['Delivered', 'Parent Order'];
const ON_ITS_WAY = ['Shipped', 'RTO Initiated'];
const CLOSED = [
  'Cancelled',
  'Cancel',
  'Payment Failed',
  'Lost Order',
  'Delivered Returned',
  'Sales Returned',
  'Order Reverse',
  'Undelivered Returned',
];
const AWAITING_PAYMENT = ['Pending Payment'];

export const isDelivered = (status: string) => oneOf(status, DELIVERED);
/** Delivered, then sent back (spec 000 §4 'Order Returned', less the parcels that never arrived). */
export const wasReturned = (status: string) => oneOf(status, ['Delivered Returned', 'Sales Returned', 'Order Reverse']);
export const isClosed = (status: string) => oneOf(status, CLOSED);
export const isAwaitingPayment = (status: string) => oneOf(status, AWAITING_PAYMENT);

/** The server's colour for a status, only when it is a hex colour (anything else reads in ink). */
export function statusColour(colour: string): string | null {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour.trim()) ? colour.trim() : null;
}

export type DeliveryLine = { tone: 'done' | 'moving' | 'expected'; title: string; details: string[] };

/**
 * Where the parcel is, in a line and its details: delivered (and until when it may go back), on its way
 * (the expected day, the courier and tracking number), or expected. Closed orders and orders waiting for
 * their payment promise no day.
 */
export function deliveryLine(order: Order): DeliveryLine | null {
  const h = order.oh_details;
  const status = order.orders_util_data.status;
  if (h.delivered_at_ui || isDelivered(status)) {
    const details =
      order.orders_util_data.can_return && h.return_window_ends_ui ? [`Return or exchange by ${h.return_window_ends_ui}`] : [];
    return { tone: 'done', title: h.delivered_at_ui ? `Delivered on ${h.delivered_at_ui}` : 'Delivered', details };
  }
  if (isClosed(status) || isAwaitingPayment(status)) return null;
  if (oneOf(status, ON_ITS_WAY)) {
    const details: string[] = [];
    if (h.courier) details.push(`Shipped with ${h.courier}${h.tracking_number ? ` · Tracking no. ${h.tracking_number}` : ''}`);
    else if (h.tracking_number) details.push(`Tracking no. ${h.tracking_number}`);
    return { tone: 'moving', title: h.delivery_date_ui ? `Arriving by ${h.delivery_date_ui}` : 'On its way', details };
  }
  return h.delivery_date_ui ? { tone: 'expected', title: `Arriving by ${h.delivery_date_ui}`, details: [] } : null;
}

export const pieces = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

// ---------------------------------------------------------------- the empty list

const NONE_BY_FILTER: Record<string, string> = {
  '': 'No orders',
  Delivered: 'No delivered orders',
  Cancelled: 'No cancelled orders',
  SalesReturned: 'No returned orders',
  OpenOrder: 'No open orders',
  PendingPayment: 'No orders waiting for payment',
  'Payment Failed': 'No orders with a failed payment',
  'Pending confirmation': 'No orders waiting for confirmation',
};

/** "No cancelled orders", "No delivered orders in 2025", "No orders yet". */
export function emptyTitle(opts: { status: string; filters: OrderChoice[]; period: OrderChoice | undefined; allOrders: number }): string {
  if (opts.allOrders === 0) return 'No orders yet';
  const label = opts.filters.find((f) => f.value === opts.status)?.label ?? opts.status;
  const base = NONE_BY_FILTER[opts.status] ?? `No orders marked ${label}`;
  const p = opts.period;
  if (!p || p.value === 'all' || p.value === '') return base;
  return /^\d{4}$/.test(p.value) ? `${base} in ${p.value}` : `${base} in the ${p.label.toLowerCase()}`;
}

// ---------------------------------------------------------------- the order in full

/** Who moved the order, as the timeline says it (only when it was a person). */
export function timelineBy(step: OrderTimelineStep): string {
  if (step.by === 'shopper') return 'By you';
  if (step.by === 'operator') return 'By Drape';
  return '';
}

const REFUND_ROUTES: Record<string, string> = {
  wallet: 'To your Drape wallet',
  source: 'To your original payment method',
  bank: 'To your bank account',
};
export const refundRoute = (r: OrderRefund) => REFUND_ROUTES[r.route] ?? 'Refund';

/** The breakup checkout recorded, when the order kept one (older and demo orders have none). */
export function hasBreakup(b: OrderDetail['breakup']): b is Exclude<OrderDetail['breakup'], Record<string, never>> {
  return typeof (b as { mrp_total?: unknown }).mrp_total === 'number' && typeof (b as { to_pay?: unknown }).to_pay === 'number';
}

/** One row of the price details (the same shape as checkout's breakup rows). */
export type PriceRow = { key: string; label: string; value: string; tone?: 'saving' | 'free' | 'total' };

/** What the last row of the price details says for an order in this state. */
export function amountLabel(order: Order): string {
  const status = order.orders_util_data.status;
  if (isAwaitingPayment(status) || same(status, 'Payment Failed')) return 'Amount to pay';
  const cod = order.oh_details.payment_mode === 'COD';
  if (cod && !isDelivered(status)) return isClosed(status) ? 'Order total' : 'To pay on delivery';
  return 'Amount paid';
}

/**
 * The price details of an order that kept no breakup: what its items came to, the rest of the total
 * (shipping and fees), the wallet, and the amount.
 */
export function plainPriceRows(d: OrderDetail): PriceRow[] {
  const order = d.order;
  const items = order.products.reduce((sum, p) => sum + p.paid, 0);
  const count = order.products.reduce((sum, p) => sum + p.base_order_item_qty, 0);
  const rows: PriceRow[] = [{ key: 'items', label: `Items (${pieces(count)})`, value: formatINR(items) }];
  const rest = order.oh_details.total - items;
  if (rest > 0) rows.push({ key: 'fees', label: 'Shipping and fees', value: formatINR(rest) });
  if (d.wallet_used > 0) {
    rows.push({ key: 'order-total', label: 'Order total', value: order.oh_details.total_ui });
    rows.push({ key: 'wallet', label: 'Paid from wallet', value: `−${d.wallet_used_ui}`, tone: 'saving' });
  }
  rows.push({
    key: 'to-pay',
    label: amountLabel(order),
    value: d.wallet_used > 0 ? d.to_pay_ui : order.oh_details.total_ui,
    tone: 'total',
  });
  return rows;
}

/** A request id for the cancel check (spec 000 §7: the brand-prefixed `{brand}_request_id`). */
export function requestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

// ---------------------------------------------------------------- returns and exchanges on the order page

/** The server's invoice is for delivered orders (409 before). */
export const hasInvoice = (order: Order) => isDelivered(order.orders_util_data.status) || Boolean(order.oh_details.delivered_at_ui);

/** The refund route of a request, as its row says it. */
export function refundRouteOf(route: string): string {
  if (route === 'wallet') return 'to your Drape wallet';
  if (route === 'source') return 'to your original payment method';
  if (route === 'bank') return 'to your bank account';
  return '';
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A pickup day as the server stores it (`YYYY-MM-DD`) in the shop's words, 'Wed, 25 Nov' (written by
 * hand: Intl writes September 'Sept' in some versions); anything else as it is.
 */
export function pickupDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value.trim();
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3])) return value.trim();
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * A request's title on the order page: what it sends back ('Return of 1 item', 'Exchange of 2 items',
 * 'Return and exchange of 3 items'). The server's id (24 hex digits) means nothing to a shopper.
 */
export function returnTitle(r: { items: { process: string; quantity: number }[] }): string {
  const n = r.items.reduce((sum, i) => sum + i.quantity, 0);
  const back = r.items.some((i) => i.process !== 'Exchange');
  const swap = r.items.some((i) => i.process === 'Exchange');
  const what = back && swap ? 'Return and exchange' : swap ? 'Exchange' : 'Return';
  return `${what} of ${pieces(n)}`;
}

/** One piece of a request, as the order page lists it. */
export function returnItemLine(i: {
  process: string;
  quantity: number;
  name: string;
  size: string;
  exchange_size: string;
  amount_ui: string;
}) {
  const size = i.size ? ` (size ${i.size})` : '';
  if (i.process === 'Exchange') return `Exchange ${i.quantity} × ${i.name}${size}${i.exchange_size ? ` for size ${i.exchange_size}` : ''}`;
  return `Return ${i.quantity} × ${i.name}${size} · ${i.amount_ui}`;
}
