import type { Me } from '@/shared/api/types';
import type { CancelCheck, Order, OrderDetail, OrderLine, OrderList, Reorder } from './types';

/** Test data shaped as the server sends it (crates/server/src/features/orders). */

export const shopper: Me = {
  is_authenticated: true,
  user: { id: 7, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 2,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

export const guest: Me = { ...shopper, is_authenticated: false, user: null, cartCount: 0 };

export function lineFixture(over: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 101,
    product_id: 12,
    name: 'Everyday Padded T-shirt Bra',
    slug: 'everyday-padded-t-shirt-bra-black',
    sku: 'BR1012-BLK',
    img: '/media/products/BR1012-BLK/1.svg',
    size: '34B',
    base_order_item_qty: 1,
    item_returned_quantity: 0,
    item_exchanged_quantity: 0,
    item_cancelled_quantity: 0,
    rem_quantity: 0,
    price: 79_900,
    price_ui: '₹799',
    paid: 79_900,
    paid_ui: '₹799',
    returnable: false,
    return_note: null,
    return_rule: 'returnable',
    rate_url: null,
    ...over,
  };
}

type OrderOver = Partial<Omit<Order, 'orders_util_data' | 'oh_details' | 'exchange_refund_status'>> & {
  util?: Partial<Order['orders_util_data']>;
  header?: Partial<Order['oh_details']>;
  refund?: Partial<Order['exchange_refund_status']>;
};

/** A shipped cash-on-delivery order by default. */
export function orderFixture(over: OrderOver = {}): Order {
  const { util, header, refund, ...rest } = over;
  const pk = rest.pk ?? 'DRPDEMO0006';
  return {
    pk,
    encrypted_order_id: `enc_${pk}`,
    products: [lineFixture()],
    orders_util_data: {
      status: 'Shipped',
      status_label: 'Order Shipped',
      status_colour: '#0f766e',
      can_cancel: false,
      cancel_flow: 'cod',
      can_return: false,
      can_retry_payment: false,
      can_reorder: true,
      ...util,
    },
    oh_details: {
      order_ref: pk,
      placed_at: '2026-11-21T10:00:00+00:00',
      placed_at_ui: 'Sat, 21 Nov 2026',
      total: 79_900,
      total_ui: '₹799',
      payment_mode: 'COD',
      payment_mode_ui: 'Cash on Delivery',
      items_count: 1,
      delivery_date_ui: 'Wed, 25 Nov',
      delivered_at_ui: null,
      courier: 'Delhivery',
      tracking_number: 'DL4100000005',
      return_window_ends_ui: null,
      ...header,
    },
    exchange_refund_status: { source: 'cod', refunded: 0, refunded_ui: '₹0', pending: 0, pending_ui: '₹0', text: '', ...refund },
    ...rest,
  };
}

export const delivered = (pk: string, over: OrderOver = {}) =>
  orderFixture({
    pk,
    products: [lineFixture({ id: 200 + Number(pk.slice(-1)), rate_url: '/product-nps/?id=12', returnable: true, rem_quantity: 1 })],
    ...over,
    util: { status: 'Delivered', status_label: 'Order Delivered', status_colour: '#15803d', can_return: true, ...over.util },
    header: { delivered_at_ui: 'Tue, 10 Nov 2026', return_window_ends_ui: 'Tue, 15 Dec 2026', ...over.header },
  });

export const FILTERS = [
  ['All', ''],
  ['Delivered', 'Delivered'],
  ['Cancelled', 'Cancelled'],
  ['Sales Returned', 'SalesReturned'],
  ['Open Order', 'OpenOrder'],
  ['Pending Payment', 'PendingPayment'],
  ['Payment Failed', 'Payment Failed'],
  ['Pending Confirmation', 'Pending confirmation'],
] as const;

export const PERIODS = [
  ['All', 'all'],
  ['Last 30 days', 'last_30_days'],
  ['Last 6 months', 'last_6_months'],
  ['2026', '2026'],
] as const;

/** The list's answer for a page of orders, filter and time period as the server echoes them. */
export function listFixture(
  orders: Order[],
  opts: { page?: number; count?: number; status?: string; period?: string; allOrders?: number } = {},
): OrderList {
  const page = opts.page ?? 1;
  const count = opts.count ?? orders.length;
  const status = opts.status ?? '';
  const period = opts.period ?? 'all';
  const byId = <T>(pick: (o: Order) => T) => Object.fromEntries(orders.map((o) => [o.encrypted_order_id, pick(o)]));
  return {
    orders,
    orders_util_data: byId((o) => o.orders_util_data),
    product_items: byId((o) => o.products),
    oh_details: byId((o) => o.oh_details),
    exchange_refund_status: byId((o) => o.exchange_refund_status),
    non_serviceable_pop_up: false,
    non_returnable_obj_items: [],
    time_period: PERIODS.map(([label, value]) => ({ label, value, selected: value === period })),
    allOrders: opts.allOrders ?? Math.max(count, 6),
    returnable_order: [],
    return_apply_order: [],
    API_RETRY_LIMIT_IN_MINUTES: 15,
    ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: 24,
    current_page: page,
    total_pages: Math.ceil(count / 3),
    orders_data: {
      count,
      per_page: 3,
      filter: status,
      time_period: period,
      filters: FILTERS.map(([label, value]) => ({ label, value, selected: value === status })),
      statuses: [],
    },
  };
}

export function detailFixture(order: Order = orderFixture(), over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    order,
    address: {
      addressee: 'Riya Sharma',
      street1: 'Flat 402, Lotus Residency, 14th Cross',
      street2: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560038',
      phone: '9876543210',
      address_type: 'home',
    },
    breakup: {},
    wallet_used: 0,
    wallet_used_ui: '₹0',
    to_pay: order.oh_details.total,
    to_pay_ui: order.oh_details.total_ui,
    payments: [],
    refunds: [],
    timeline: [
      {
        status: 'Verified',
        label: 'Order Received',
        colour: '#1d4ed8',
        at: '2026-11-21T10:00:00+00:00',
        at_ui: '21 Nov 2026, 3:30 PM',
        note: '',
        by: 'system',
      },
      {
        status: 'Picked',
        label: 'Order Packed',
        colour: '#6d28d9',
        at: '2026-11-22T10:00:00+00:00',
        at_ui: '22 Nov 2026, 3:30 PM',
        note: '',
        by: 'system',
      },
      {
        status: 'Shipped',
        label: 'Order Shipped',
        colour: '#0f766e',
        at: '2026-11-23T10:00:00+00:00',
        at_ui: '23 Nov 2026, 3:30 PM',
        note: 'Delhivery DL4100000005',
        by: 'system',
      },
    ],
    exchange_of: null,
    returns: [],
    ...over,
  };
}

export function cancelCheckFixture(over: Partial<CancelCheck> = {}): CancelCheck {
  return {
    order_id: 'enc_DRP0000042',
    drape_request_id: 'req',
    cancellable: true,
    message: null,
    cancel_flow: 'cod',
    refund_options: [],
    reasons: [
      'Ordered by mistake',
      'Found a better price elsewhere',
      'Delivery date is too late',
      'Want to change the size or colour',
      'Want to change the delivery address',
      'Other',
    ],
    ...over,
  };
}

export const partialReorder: Reorder = {
  status: 'partial',
  message: 'Added 1 to your bag. Left out: Lace Bralette (M).',
  added_pieces: 1,
  left_out: [{ name: 'Lace Bralette', size: 'M', reason: 'Out of stock in this size' }],
  cart_quantity: 3,
};
