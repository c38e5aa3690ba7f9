import { describe, expect, it } from 'vitest';
import { delivered, detailFixture, FILTERS, lineFixture, orderFixture, PERIODS } from './orders.fixtures';
import {
  amountLabel,
  deliveryLine,
  emptyTitle,
  hasBreakup,
  historyDataPath,
  isAppVariant,
  listQuery,
  plainPriceRows,
  readListParams,
  statusColour,
  withPage,
  withStatus,
  withTimePeriod,
} from './orders';

const q = (s: string) => new URLSearchParams(s);
const filters = FILTERS.map(([label, value]) => ({ label, value, selected: false }));
const period = (value: string) => PERIODS.map(([label, v]) => ({ label, value: v, selected: v === value })).find((p) => p.selected);

describe('the list’s query in the URL', () => {
  it('reads page, status and time period; a bad page is page 1, time period all is none', () => {
    expect(readListParams(q(''))).toEqual({ page: 1, status: '', timePeriod: '' });
    expect(readListParams(q('page=3&status=Pending+confirmation&time_period=2025'))).toEqual({
      page: 3,
      status: 'Pending confirmation',
      timePeriod: '2025',
    });
    for (const bad of ['0', '-2', 'two', '1.5', '9999999']) expect(readListParams(q(`page=${bad}`)).page).toBe(1);
    expect(readListParams(q('time_period=all')).timePeriod).toBe('');
  });

  it('asks with the page always and the filters only when set', () => {
    expect(listQuery({ page: 1, status: '', timePeriod: '' })).toEqual({ page: '1' });
    expect(listQuery({ page: 2, status: 'Payment Failed', timePeriod: 'last_30_days' })).toEqual({
      page: '2',
      status: 'Payment Failed',
      time_period: 'last_30_days',
    });
  });

  it('a new filter or period starts at page 1; All leaves the URL without one', () => {
    expect(withStatus(q('page=3&time_period=2025'), 'Delivered').toString()).toBe('time_period=2025&status=Delivered');
    expect(withStatus(q('status=Delivered&page=2'), '').toString()).toBe('');
    expect(withTimePeriod(q('status=Delivered&page=2'), 'last_6_months').toString()).toBe('status=Delivered&time_period=last_6_months');
    expect(withTimePeriod(q('time_period=2025'), 'all').toString()).toBe('');
    expect(withPage(q('status=Delivered'), 2).toString()).toBe('status=Delivered&page=2');
    expect(withPage(q('status=Delivered&page=2'), 1).toString()).toBe('status=Delivered');
  });

  it('the app variant: a path containing /my-orders-app/ (and the app’s own page) asks /order/app/history/', () => {
    expect(isAppVariant('/my-orders-app/')).toBe(true);
    expect(isAppVariant('/my-orders-app')).toBe(true);
    expect(isAppVariant('/en/my-orders-app/history')).toBe(true);
    expect(isAppVariant('/order/app/history/')).toBe(true);
    expect(isAppVariant('/order/history/')).toBe(false);
    expect(isAppVariant('/my-orders-apps/')).toBe(false);
    expect(historyDataPath('/my-orders-app/')).toBe('/order/app/history/');
    expect(historyDataPath('/order/history/')).toBe('/order/history/');
  });
});

describe('an order’s status', () => {
  it('only hex colours are used', () => {
    expect(statusColour('#15803d')).toBe('#15803d');
    expect(statusColour('#abc')).toBe('#abc');
    for (const bad of ['red', 'url(x)', '#12345', '#15803d;background:red', '']) expect(statusColour(bad)).toBeNull();
  });

  it('delivery line: delivered (and the return window while it is open), shipped with courier, expected, or none', () => {
    expect(deliveryLine(delivered('DRP1'))).toEqual({
      tone: 'done',
      title: 'Delivered on Tue, 10 Nov 2026',
      details: ['Return or exchange by Tue, 15 Dec 2026'],
    });
    expect(deliveryLine(delivered('DRP1', { util: { can_return: false } }))!.details).toEqual([]);
    expect(deliveryLine(orderFixture())).toEqual({
      tone: 'moving',
      title: 'Arriving by Wed, 25 Nov',
      details: ['Shipped with Delhivery · Tracking no. DL4100000005'],
    });
    expect(deliveryLine(orderFixture({ util: { status: 'Pending confirmation' }, header: { courier: '', tracking_number: '' } }))).toEqual({
      tone: 'expected',
      title: 'Arriving by Wed, 25 Nov',
      details: [],
    });
    for (const status of ['Cancelled', 'Payment Failed', 'Pending Payment', 'Sales Returned', 'Lost Order']) {
      expect(deliveryLine(orderFixture({ util: { status } }))).toBeNull();
    }
  });

  it('the empty list says what there is none of, and when', () => {
    const base = { filters, period: period('all'), allOrders: 6 };
    expect(emptyTitle({ ...base, status: 'Cancelled' })).toBe('No cancelled orders');
    expect(emptyTitle({ ...base, status: 'Delivered' })).toBe('No delivered orders');
    expect(emptyTitle({ ...base, status: 'SalesReturned' })).toBe('No returned orders');
    expect(emptyTitle({ ...base, status: 'Pending confirmation' })).toBe('No orders waiting for confirmation');
    expect(emptyTitle({ ...base, status: 'Cancelled', period: period('last_30_days') })).toBe('No cancelled orders in the last 30 days');
    expect(emptyTitle({ ...base, status: '', period: period('2026') })).toBe('No orders in 2026');
    expect(emptyTitle({ ...base, status: 'Cancelled', allOrders: 0 })).toBe('No orders yet');
  });
});

describe('the order’s price details without a breakup', () => {
  it('items, the rest of the total, the wallet, and the amount named for the state', () => {
    const order = orderFixture({
      products: [lineFixture({ id: 1, paid: 79_900 }), lineFixture({ id: 2, paid: 50_000, base_order_item_qty: 2 })],
      header: { total: 132_800, total_ui: '₹1,328' },
    });
    expect(
      plainPriceRows(detailFixture(order, { wallet_used: 32_800, wallet_used_ui: '₹328', to_pay: 100_000, to_pay_ui: '₹1,000' })),
    ).toEqual([
      { key: 'items', label: 'Items (3 items)', value: '₹1,299' },
      { key: 'fees', label: 'Shipping and fees', value: '₹29' },
      { key: 'order-total', label: 'Order total', value: '₹1,328' },
      { key: 'wallet', label: 'Paid from wallet', value: '−₹328', tone: 'saving' },
      { key: 'to-pay', label: 'To pay on delivery', value: '₹1,000', tone: 'total' },
    ]);
    expect(hasBreakup({})).toBe(false);
  });

  it('the last row: to pay on delivery, paid, to pay, or the total of a cancelled cash order', () => {
    expect(amountLabel(orderFixture())).toBe('To pay on delivery');
    expect(amountLabel(delivered('DRP1'))).toBe('Amount paid');
    expect(amountLabel(orderFixture({ util: { status: 'Cancelled' } }))).toBe('Order total');
    expect(amountLabel(orderFixture({ util: { status: 'Pending Payment' }, header: { payment_mode: 'UPI' } }))).toBe('Amount to pay');
    expect(amountLabel(orderFixture({ util: { status: 'Cancelled' }, header: { payment_mode: 'UPI' } }))).toBe('Amount paid');
  });
});
