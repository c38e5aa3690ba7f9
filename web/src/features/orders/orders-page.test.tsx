// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { delivered, guest, lineFixture, listFixture, orderFixture, shopper } from './orders.fixtures';
import { listCalls, renderOrders, withFakeServer } from './orders.testkit';
import type { Order, OrderList } from './types';

const HISTORY = 'GET /order/history/';
const ME = 'GET /api/v1/me/';

const shipped = orderFixture({ pk: 'DRPDEMO0006' });
const pendingPayment = orderFixture({
  pk: 'DRP0000051',
  util: { status: 'Pending Payment', status_label: 'Pending Payment', status_colour: '#b45309', can_retry_payment: true, can_cancel: true },
  header: { payment_mode: 'UPI', payment_mode_ui: 'Paid online', courier: '', tracking_number: '' },
});
const refunded = orderFixture({
  pk: 'DRP0000050',
  util: { status: 'Cancelled', status_label: 'Order Cancelled', status_colour: '#57534e', can_reorder: true },
  header: { payment_mode: 'WALLET', payment_mode_ui: 'Drape wallet', courier: '', tracking_number: '' },
  refund: { source: 'wallet', refunded: 79_900, refunded_ui: '₹799', text: '₹799 refunded to your Drape wallet' },
});
const page1 = [pendingPayment, shipped, refunded];
const page2 = [delivered('DRPDEMO0005'), delivered('DRPDEMO0004'), delivered('DRPDEMO0003')];
const page3 = [delivered('DRPDEMO0002')];

/** The server's list: three a page of seven, or the delivered ones under the Delivered filter. */
function history(u: URL): Response {
  const status = u.searchParams.get('status') ?? '';
  const page = Number(u.searchParams.get('page') ?? '1');
  if (status === 'Cancelled') return json(listFixture([], { status, count: 0, allOrders: 7 }));
  if (status === 'Delivered') {
    const all = [...page2, ...page3];
    return json(listFixture(all.slice((page - 1) * 3, page * 3), { status, page, count: all.length, allOrders: 7 }));
  }
  if (status) return json({ error: 'bad_request', message: 'Unknown order filter.', fields: { status: 'Unknown order filter.' } }, 400);
  const pages: Order[][] = [page1, page2, page3];
  return json(listFixture(pages[page - 1] ?? [], { page, count: 7, period: u.searchParams.get('time_period') ?? 'all' }));
}

const routes = (over: Record<string, (u: URL) => Response> = {}) => ({ [ME]: () => json(shopper), [HISTORY]: history, ...over });
const cards = () => screen.getAllByTestId('order-card');
const location = () => screen.getByTestId('location').textContent;

describe('My orders', () => {
  withFakeServer();

  it('asks for the JSON list as the app’s own call and shows three cards with what each order is', async () => {
    serve(routes());
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));

    const [call] = listCalls();
    expect(call!.searchParams.get('page')).toBe('1');
    expect(call!.searchParams.has('status')).toBe(false);
    const headers = calls.find((c) => c.url.pathname === '/order/history/')!.init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');

    expect(cards().map((c) => within(c).getByTestId('order-number').textContent)).toEqual(['DRP0000051', 'DRPDEMO0006', 'DRP0000050']);
    expect(screen.getByTestId('orders-showing').textContent).toBe('Showing 1–3 of 7 orders');

    const ship = cards()[1]!;
    const pill = within(ship).getByTestId('order-status');
    expect(pill.textContent).toBe('Order Shipped');
    expect(pill.style.getPropertyValue('--od-status')).toBe('#0f766e');
    expect(within(ship).getByText('Placed on Sat, 21 Nov 2026')).toBeTruthy();
    expect(within(ship).getByText('Everyday Padded T-shirt Bra')).toBeTruthy();
    expect(within(ship).getByTestId('order-item-meta').textContent).toBe('Size 34B · Qty 1');
    expect(within(ship).getByTestId('order-item-paid').textContent).toBe('₹799');
    expect(within(ship).getByTestId('order-total').textContent).toBe('₹799');
    expect(within(ship).getByTestId('order-payment').textContent).toBe('Cash on Delivery');
    expect(within(ship).getByTestId('order-delivery').textContent).toBe(
      'Arriving by Wed, 25 NovShipped with Delhivery · Tracking no. DL4100000005',
    );
    // a shipped order can be ordered again and seen in full, not cancelled, paid or rated
    const actions = within(ship).getByTestId('order-actions');
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/order/detail/enc_DRPDEMO0006/']);
    expect(within(actions).getByRole('button', { name: 'Order again DRPDEMO0006' })).toBeTruthy();
    expect(within(ship).queryByTestId('cancel-order')).toBeNull();
    expect(within(ship).queryByTestId('rate-link')).toBeNull();

    const pay = cards()[0]!;
    expect(within(pay).getByRole('link', { name: 'Pay now DRP0000051' }).getAttribute('href')).toBe(
      '/retrypayment/?order_id=enc_DRP0000051',
    );
    expect(within(pay).getByRole('button', { name: 'Cancel order DRP0000051' })).toBeTruthy();
    expect(within(pay).queryByTestId('order-delivery')).toBeNull();

    expect(within(cards()[2]!).getByTestId('order-refund').textContent).toBe('₹799 refunded to your Drape wallet');
  });

  it('a delivered order says when, until when it may go back, and offers Rate on its items', async () => {
    serve(routes());
    renderOrders('/order/history/?page=2');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = cards()[0]!;
    expect(within(card).getByTestId('order-delivery').textContent).toBe(
      'Delivered on Tue, 10 Nov 2026Return or exchange by Tue, 15 Dec 2026',
    );
    const rate = within(card).getByRole('link', { name: 'Rate Everyday Padded T-shirt Bra' });
    expect(rate.getAttribute('href')).toBe('/product-nps/?id=12');
  });

  it('a filter chip puts the filter in the URL, starts again at page 1 and asks the server with it', async () => {
    serve(routes());
    renderOrders('/order/history/?page=2');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const chips = within(screen.getByTestId('order-filters')).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'Delivered',
      'Cancelled',
      'Sales Returned',
      'Open Order',
      'Pending Payment',
      'Payment Failed',
      'Pending Confirmation',
    ]);
    expect(chips[0]!.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(location()).toBe('/order/history/?status=Delivered');
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('status')).toBe('Delivered'));
    expect(listCalls().at(-1)!.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Delivered' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(cards().map((c) => within(c).getByTestId('order-number').textContent)).toEqual(['DRPDEMO0005', 'DRPDEMO0004', 'DRPDEMO0003']),
    );
    expect(cards().every((c) => within(c).getByTestId('order-status').textContent === 'Order Delivered')).toBe(true);
    expect(screen.getByTestId('orders-page-of').textContent).toBe('Page 1 of 2');

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(location()).toBe('/order/history/');
  });

  it('the time period is a select whose choice goes to the URL and the request', async () => {
    serve(routes());
    renderOrders('/order/history/?status=Delivered');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const select = screen.getByLabelText('Time period') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['All', 'Last 30 days', 'Last 6 months', '2026']);
    expect(select.value).toBe('all');
    fireEvent.change(select, { target: { value: 'last_30_days' } });
    expect(location()).toBe('/order/history/?status=Delivered&time_period=last_30_days');
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('time_period')).toBe('last_30_days'));
    expect(listCalls().at(-1)!.searchParams.get('status')).toBe('Delivered');
  });

  it('the pager: Previous / Page n of N / Next, from the server’s current_page and total_pages', async () => {
    serve(routes());
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const pager = screen.getByTestId('orders-pager');
    const prev = within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(within(pager).getByTestId('orders-page-of').textContent).toBe('Page 1 of 3');
    expect(prev.disabled).toBe(true);

    fireEvent.click(next);
    expect(location()).toBe('/order/history/?page=2');
    await waitFor(() => expect(within(pager).getByTestId('orders-page-of').textContent).toBe('Page 2 of 3'));
    expect(listCalls().at(-1)!.searchParams.get('page')).toBe('2');
    expect(cards()[0]!.getAttribute('data-order')).toBe('DRPDEMO0005');

    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager).getByTestId('orders-page-of').textContent).toBe('Page 3 of 3'));
    expect(cards()).toHaveLength(1);
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('orders-showing').textContent).toBe('Showing 7 of 7 orders');

    fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(pager).getByTestId('orders-page-of').textContent).toBe('Page 2 of 3'));
    expect(location()).toBe('/order/history/?page=2');
  });

  it('no pager for a single page', async () => {
    serve(routes({ [HISTORY]: () => json(listFixture([shipped], { count: 1 })) }));
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('orders-pager')).toBeNull();
  });

  it('an empty filter says which orders there are none of, and offers all orders and the shop', async () => {
    serve(routes());
    renderOrders('/order/history/?status=Cancelled');
    const empty = await screen.findByTestId('orders-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('No cancelled orders');
    expect(within(empty).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    // the chips stay, to choose another
    expect(screen.getByRole('button', { name: 'Cancelled' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(empty).getByRole('button', { name: 'Show all orders' }));
    expect(location()).toBe('/order/history/');
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('a shopper with no orders yet is sent shopping', async () => {
    serve(routes({ [HISTORY]: () => json(listFixture([], { count: 0, allOrders: 0 })) }));
    renderOrders();
    const empty = await screen.findByTestId('orders-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('No orders yet');
    expect(within(empty).getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/');
  });

  it('the app variant (a path under /my-orders-app/) asks /order/app/history/', async () => {
    const app = (u: URL) => history(u);
    serve(routes({ 'GET /order/app/history/': app }));
    renderOrders('/my-orders-app/?page=2');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(listCalls('/order/app/history/')).toHaveLength(1);
    expect(listCalls('/order/app/history/')[0]!.searchParams.get('page')).toBe('2');
    expect(listCalls()).toHaveLength(0);
  });

  it('guests get the login panel that comes back to this list, and never ask for it', async () => {
    serve(routes({ [ME]: () => json(guest) }));
    renderOrders('/order/history/?status=Delivered');
    const panel = await screen.findByTestId('orders-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?next=%2Forder%2Fhistory%2F%3Fstatus%3DDelivered',
    );
    expect(listCalls()).toHaveLength(0);
  });

  it('a 401 (the session ended) is the login panel too', async () => {
    serve(routes({ [HISTORY]: () => json({ error: 'login_required', message: 'Please log in.' }, 401) }));
    renderOrders();
    expect(await screen.findByTestId('orders-login')).toBeTruthy();
  });

  it('an unknown filter shows the server’s message and the way back to all orders', async () => {
    serve(routes());
    renderOrders('/order/history/?status=Lost');
    const error = await screen.findByTestId('orders-error');
    expect(error.textContent).toContain('Unknown order filter.');
    fireEvent.click(within(error).getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('a failure says so, and Try again asks again', async () => {
    let fail = true;
    serve(routes({ [HISTORY]: (u) => (fail ? json({ error: 'internal', message: 'Something Went Wrong' }, 500) : history(u)) }));
    renderOrders();
    const error = await screen.findByTestId('orders-error', {}, { timeout: 4000 });
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('loading shows skeleton cards', async () => {
    let answer: (r: Response) => void = () => {};
    serve(routes({ [HISTORY]: () => new Promise<Response>((r) => (answer = r)) as unknown as Response }));
    renderOrders();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(screen.getByTestId('orders-loading')).toBeTruthy();
    answer(json(listFixture(page1, { count: 7 }) satisfies OrderList));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('a card shows three items and links the rest to the order page', async () => {
    const big = orderFixture({ pk: 'DRP0000060', products: [1, 2, 3, 4, 5].map((n) => lineFixture({ id: n, name: `Piece ${n}` })) });
    serve(routes({ [HISTORY]: () => json(listFixture([big])) }));
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getAllByTestId('order-item')).toHaveLength(3);
    expect(within(cards()[0]!).getByRole('link', { name: '+ 2 items more' }).getAttribute('href')).toBe('/order/detail/enc_DRP0000060/');
  });
});
