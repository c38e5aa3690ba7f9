import type { Me } from '@/shared/api/types';
import type {
  CancelCheck,
  ExchangeSizes,
  OfferProducts,
  Order,
  OrderDetail,
  OrderLine,
  OrderList,
  OrderReturn,
  Reorder,
  ReturnPrice,
  ReturnRequested,
  Serviceability,
} from './types';

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

// ---------------------------------------------------------------- returns and exchanges

/** Two pieces of a sports bra, delivered: both may still go back. */
export const activewearLine = lineFixture({
  id: 401,
  product_id: 31,
  name: 'Flex Medium-Impact Sports Bra',
  slug: 'flex-medium-impact-sports-bra-black',
  sku: 'AW3101-BLK',
  img: '/media/products/AW3101-BLK/1.svg',
  size: 'M',
  base_order_item_qty: 2,
  rem_quantity: 2,
  price: 129_900,
  price_ui: '₹1,299',
  paid: 259_800,
  paid_ui: '₹2,598',
  returnable: true,
  rate_url: '/product-nps/?id=31',
});

export const nightwearLine = lineFixture({
  id: 402,
  product_id: 41,
  name: 'Cotton Pyjama Set',
  slug: 'cotton-pyjama-set-blue',
  sku: 'NW4101-BLU',
  img: '/media/products/NW4101-BLU/1.svg',
  size: 'L',
  rem_quantity: 1,
  price: 149_900,
  price_ui: '₹1,499',
  paid: 149_900,
  paid_ui: '₹1,499',
  returnable: true,
  rate_url: '/product-nps/?id=41',
});

export const pantyLine = lineFixture({
  id: 403,
  product_id: 51,
  name: 'Lace Hipster',
  slug: 'lace-hipster-pink',
  sku: 'PN5101-PNK',
  size: 'M',
  rem_quantity: 1,
  price: 39_900,
  price_ui: '₹399',
  paid: 39_900,
  paid_ui: '₹399',
  returnable: false,
  return_note: 'Briefs, panties and sets with them are not returnable or exchangeable, for hygiene.',
  return_rule: 'none',
});

export const exchangeOnlyLine = lineFixture({
  id: 404,
  product_id: 61,
  name: 'Satin Slip Dress',
  slug: 'satin-slip-dress-wine',
  sku: 'NW6101-WIN',
  size: 'S',
  rem_quantity: 1,
  price: 99_900,
  price_ui: '₹999',
  paid: 99_900,
  paid_ui: '₹999',
  returnable: true,
  return_rule: 'exchange_only',
});

export const giftWrapLine = lineFixture({
  id: 405,
  product_id: 99,
  name: 'Gift wrap',
  slug: '',
  sku: 'GIFTWRAP',
  size: '',
  rem_quantity: 1,
  price: 4_900,
  price_ui: '₹49',
  paid: 4_900,
  paid_ui: '₹49',
  returnable: true,
});

/** A delivered cash-on-delivery order with pieces to return, one to exchange only, and a panty that may not go back. */
export const returnable = delivered('DRPDEMO0004', {
  products: [activewearLine, nightwearLine, pantyLine, exchangeOnlyLine],
  header: {
    total: 549_400,
    total_ui: '₹5,494',
    items_count: 5,
    delivered_at_ui: 'Mon, 2 Nov 2026',
    return_window_ends_ui: 'Mon, 7 Dec 2026',
  },
});

/** The server's price for the posted form (crates/server/src/features/orders/returns.rs): returns refund what was paid for the pieces. */
export function returnPriceFor(
  fields: Record<string, string>,
  lines: OrderLine[] = returnable.products,
  over: Partial<ReturnPrice> = {},
): ReturnPrice {
  const ids = fields.checked_products!.split(',');
  const qty = fields.checked_prod_quantity!.split(',');
  const process = fields.checked_prod_process!.split(',');
  const items = ids.map((id, i) => {
    const line = lines.find((l) => String(l.id) === id)!;
    const quantity = Number(qty[i]);
    const amount = process[i] === 'Return' ? Math.round((line.paid * quantity) / line.base_order_item_qty) : 0;
    return { id: line.id, process: process[i]!, quantity, amount, amount_ui: `₹${(amount / 100).toLocaleString('en-IN')}` };
  });
  const total = items.reduce((n, i) => n + i.amount, 0);
  return {
    items,
    total_refund: total,
    total_refund_ui: `₹${(total / 100).toLocaleString('en-IN')}`,
    refund_source: 'cod',
    refund_routes: ['bank', 'wallet'],
    needs_bank_details: total > 0,
    reasons: ['Size too small', 'Size too large', 'Did not like the fit', 'Received a damaged piece', 'Received a different item', 'Other'],
    ...over,
  };
}

export const exchangeSizesFixture: ExchangeSizes = {
  status: 'success',
  product_id: 41,
  sizes: [
    { size_id: 4101, value: 'M', label: 'M', few_left: null },
    { size_id: 4103, value: 'XL', label: 'XL', few_left: 2 },
  ],
};

export function offersFixture(page: number): OfferProducts {
  const products = [
    [71, 'Striped Pyjama Set', 'Navy'],
    [72, 'Printed Night Suit', 'Peach'],
  ].map(([id, name, color]) => ({
    product_id: Number(id) + page * 10,
    name: `${name} ${page}`,
    slug: `p-${id}-${page}`,
    img: `/media/products/NW${id}/1.svg`,
    color: String(color),
    price_ui: '₹1,499',
    size: 'L',
    size_id: 9000 + Number(id),
    exchange_value: `${Number(id) + page * 10}:L`,
  }));
  return { products, current_page: page, total_pages: 2 };
}

export function serviceabilityFixture(pincode: string, pickup = true, over: Partial<Serviceability> = {}): Serviceability {
  return {
    pincode,
    city: 'Bengaluru',
    state: 'Karnataka',
    deliverable: true,
    prepaid_available: true,
    cod_available: false,
    days: 4,
    estimated_delivery_date: '2026-11-27',
    message: 'Delivery by Fri, 27 Nov.',
    pickup_available_data: { reverse_pickup_available: pickup },
    ...over,
  };
}

export const returnRequested: ReturnRequested = {
  status: 'success',
  return_id: 'RET7F3A21',
  refund_amount: 129_900,
  refund_amount_ui: '₹1,299',
  exchange_order_ref: null,
  message: 'Return requested. ₹1,299 will be refunded once we receive the pieces.',
};

export const exchangeRequested: ReturnRequested = {
  status: 'success',
  return_id: 'RET7F3A22',
  refund_amount: 0,
  refund_amount_ui: '₹0',
  exchange_order_ref: 'DRP0000107',
  message: 'Exchange requested. Your new size is held for you in order DRP0000107.',
};

export function returnFixture(over: Partial<OrderReturn> = {}): OrderReturn {
  return {
    return_id: 'RET7F3A21',
    status: 'pickup_scheduled',
    status_label: 'Pickup scheduled',
    items: [{ name: 'Flex Medium-Impact Sports Bra', size: 'M', process: 'Return', quantity: 1, amount_ui: '₹1,299', exchange_size: '' }],
    refund_amount: 129_900,
    refund_amount_ui: '₹1,299',
    refund_route: 'bank',
    pickup_date: '2026-11-25',
    requested_at_ui: '23 Nov 2026, 4:10 PM',
    timeline: [
      {
        status: 'requested',
        label: 'Return requested',
        colour: '#6d4c41',
        at: '2026-11-23T10:40:00+00:00',
        at_ui: '23 Nov 2026, 4:10 PM',
        note: '',
        by: 'shopper',
      },
      {
        status: 'pickup_scheduled',
        label: 'Pickup scheduled',
        colour: '#6d4c41',
        at: '2026-11-24T05:00:00+00:00',
        at_ui: '24 Nov 2026, 10:30 AM',
        note: 'Delhivery on Wed, 25 Nov',
        by: 'operator',
      },
    ],
    ...over,
  };
}
