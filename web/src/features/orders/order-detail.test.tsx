// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, serve, type Handler } from '@/test/fake-api';
import { cancelCheckFixture, delivered, detailFixture, guest, listFixture, orderFixture, shopper } from './orders.fixtures';
import { renderOrders, withFakeServer } from './orders.testkit';
import type { OrderDetail } from './types';

const ME = 'GET /api/v1/me/';
const DETAIL = 'GET /api/v1/orders/enc_DRPDEMO0006/';

const routes = (detail: OrderDetail, over: Record<string, Handler> = {}): Record<string, Handler> => ({
  [ME]: () => json(shopper),
  [`GET /api/v1/orders/${detail.order.encrypted_order_id}/`]: () => json(detail),
  ...over,
});

const rowsOf = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('[data-row]')).map((r) => [
    r.querySelector('dt')!.textContent,
    r.querySelector('dd')!.textContent,
  ]);

describe('One order', () => {
  withFakeServer();

  it('number, status, delivery, items, the timeline with colours, times and notes, the address and the amounts', async () => {
    serve(routes(detailFixture()));
    renderOrders('/order/detail/enc_DRPDEMO0006/');
    const head = await screen.findByTestId('order-head');
    expect(within(head).getByRole('heading', { level: 1 }).textContent).toBe('Order DRPDEMO0006');
    expect(within(head).getByTestId('order-status').textContent).toBe('Order Shipped');
    expect(within(head).getByText('Placed on Sat, 21 Nov 2026 · 1 item · ₹799')).toBeTruthy();
    expect(screen.getByTestId('order-delivery').textContent).toContain('Shipped with Delhivery · Tracking no. DL4100000005');

    const items = within(screen.getByTestId('order-items')).getAllByTestId('order-item');
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByRole('link', { name: 'Everyday Padded T-shirt Bra' }).getAttribute('href')).toBe(
      '/product/everyday-padded-t-shirt-bra-black',
    );

    const steps = within(screen.getByTestId('order-timeline')).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.querySelector('.od-step__label')!.textContent)).toEqual(['Order Received', 'Order Packed', 'Order Shipped']);
    expect(steps.map((s) => s.style.getPropertyValue('--od-status'))).toEqual(['#1d4ed8', '#6d28d9', '#0f766e']);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
    expect(within(steps[2]!).getByText('23 Nov 2026, 3:30 PM').tagName).toBe('TIME');
    expect(within(steps[2]!).getByText('Delhivery DL4100000005')).toBeTruthy();

    const address = screen.getByTestId('order-address');
    expect(address.textContent).toContain('Riya Sharma');
    expect(address.textContent).toContain('Bengaluru, Karnataka 560038');
    expect(address.textContent).toContain('Phone: 98765 43210');

    // no breakup kept (a seeded order): what the items came to and the amount, to pay on delivery
    expect(rowsOf('order-price')).toEqual([
      ['Items (1 item)', '₹799'],
      ['To pay on delivery', '₹799'],
    ]);
    const payments = within(screen.getByTestId('order-payments')).getAllByTestId('order-payment-row');
    expect(payments.map((p) => p.textContent)).toEqual(['Cash on DeliveryTo pay when it arrives₹799']);
    expect(screen.queryByTestId('order-refunds')).toBeNull();

    // the same actions as the card, less the link to this page
    expect(screen.queryByTestId('view-details')).toBeNull();
    expect(screen.getByRole('button', { name: 'Order again DRPDEMO0006' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My orders' }).getAttribute('href')).toBe('/order/history/');
  });

  it('the breakup checkout recorded, through checkout’s rows; wallet, online payments and refunds', async () => {
    const order = orderFixture({
      pk: 'DRP0000043',
      util: { status: 'Cancelled', status_label: 'Order Cancelled', status_colour: '#57534e' },
      header: {
        payment_mode: 'UPI',
        payment_mode_ui: 'Paid online + wallet',
        courier: '',
        tracking_number: '',
        total: 159_800,
        total_ui: '₹1,598',
      },
      refund: { text: '₹1,398 refunded, ₹200 on its way back to your payment method (5–7 working days)' },
    });
    const breakup = {
      mrp_total: 199_800,
      mrp_total_ui: '₹1,998',
      discount: 40_000,
      discount_ui: '₹400',
      bundle_discount: 0,
      bundle_discount_ui: '₹0',
      coupon_discount: 0,
      coupon_discount_ui: '₹0',
      upgrade_discount: 0,
      upgrade_discount_ui: '₹0',
      affiliate_discount: 0,
      affiliate_discount_ui: '₹0',
      gifts: 0,
      gifts_ui: '₹0',
      gift_wrap: 0,
      gift_wrap_ui: '₹0',
      shipping: 0,
      shipping_ui: '₹0',
      cod_fee: 0,
      cod_fee_ui: '₹0',
      order_total: 159_800,
      order_total_ui: '₹1,598',
      wallet_used: 20_000,
      wallet_used_ui: '₹200',
      to_pay: 139_800,
      to_pay_ui: '₹1,398',
    };
    const detail = detailFixture(order, {
      breakup,
      wallet_used: 20_000,
      wallet_used_ui: '₹200',
      to_pay: 139_800,
      to_pay_ui: '₹1,398',
      payments: [{ method: 'UPI', amount: 139_800, amount_ui: '₹1,398', status: 'Paid', at_ui: '21 Nov 2026, 3:31 PM' }],
      refunds: [
        { route: 'wallet', amount: 20_000, amount_ui: '₹200', done: true },
        { route: 'source', amount: 139_800, amount_ui: '₹1,398', done: false },
      ],
      timeline: [
        {
          status: 'Cancelled',
          label: 'Order Cancelled',
          colour: '#57534e',
          at: '2026-11-21T11:00:00+00:00',
          at_ui: '21 Nov 2026, 4:30 PM',
          note: 'Ordered by mistake',
          by: 'shopper',
        },
      ],
    });
    serve(routes(detail));
    // checkout's rules as the route hands them in (a stand-in with the same shape)
    renderOrders('/order/detail/enc_DRP0000043/', {
      breakupRows: (b, opts) => [
        { key: 'mrp', label: `Total MRP (${opts.pieces} item)`, value: b.mrp_total_ui },
        { key: 'discount', label: 'Discount on MRP', value: `−${b.discount_ui}`, tone: 'saving' },
        { key: 'to-pay', label: 'Amount to pay', value: b.to_pay_ui, tone: 'total' },
      ],
    });
    await screen.findByTestId('order-head');
    expect(rowsOf('order-price')).toEqual([
      ['Total MRP (1 item)', '₹1,998'],
      ['Discount on MRP', '−₹400'],
      ['Amount paid', '₹1,398'],
    ]);
    const payments = within(screen.getByTestId('order-payments')).getAllByTestId('order-payment-row');
    expect(payments.map((p) => p.textContent)).toEqual(['Drape walletPaid₹200', 'UPIPaid · 21 Nov 2026, 3:31 PM₹1,398']);
    const refunds = within(screen.getByTestId('order-refunds')).getAllByTestId('order-refund-row');
    expect(refunds.map((r) => r.textContent)).toEqual([
      'To your Drape walletRefunded₹200',
      'To your original payment methodOn its way (5–7 working days)₹1,398',
    ]);
    expect(screen.getByTestId('order-refund').textContent).toContain('₹1,398 refunded, ₹200 on its way back');
    expect(screen.getByTestId('timeline-step').textContent).toContain('21 Nov 2026, 4:30 PM · By you');
    expect(screen.getByTestId('timeline-step').textContent).toContain('Ordered by mistake');
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('cancelling from the order page: the page says so, and the order is asked again', async () => {
    const open = orderFixture({
      util: { status: 'Verified', status_label: 'Order Received', status_colour: '#1d4ed8', can_cancel: true },
      header: { courier: '', tracking_number: '' },
    });
    let detailCalls = 0;
    serve(
      routes(detailFixture(open), {
        [DETAIL]: () => {
          detailCalls += 1;
          return json(detailFixture(open));
        },
        'POST /api/v1/order-cancel-check/': () => json(cancelCheckFixture({ order_id: open.encrypted_order_id })),
        'POST /cancel-order/': () => new Response('success', { status: 200 }),
      }),
    );
    renderOrders('/order/detail/enc_DRPDEMO0006/');
    await screen.findByTestId('order-head');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order DRPDEMO0006' }));
    const sheet = await screen.findByRole('dialog', { name: 'Cancel order' });
    fireEvent.click(await within(sheet).findByLabelText('Ordered by mistake'));
    fireEvent.click(within(sheet).getByTestId('cancel-submit'));
    await waitFor(() => expect(screen.getByTestId('order-notice').textContent).toContain('Order DRPDEMO0006 is cancelled.'));
    await waitFor(() => expect(detailCalls).toBe(2));
  });

  it('came from a filtered list: “Back to My orders” goes back to it', async () => {
    const past = delivered('DRPDEMO0001');
    serve(routes(detailFixture(past), { 'GET /order/history/': () => json(listFixture([past], { status: 'Delivered' })) }));
    renderOrders('/order/history/?status=Delivered&page=1');
    fireEvent.click(await screen.findByRole('link', { name: 'View details DRPDEMO0001' }));
    await screen.findByTestId('order-head');
    expect(screen.getByTestId('location').textContent).toBe('/order/detail/enc_DRPDEMO0001/');
    expect(screen.getByRole('link', { name: 'Back to My orders' }).getAttribute('href')).toBe('/order/history/?status=Delivered&page=1');
  });

  it('another shopper’s order (404) is not found here', async () => {
    serve({ [ME]: () => json(shopper), [DETAIL]: () => json({ error: 'not_found', message: 'There is no such order.' }, 404) });
    renderOrders('/order/detail/enc_DRPDEMO0006/');
    const error = await screen.findByTestId('order-error');
    expect(error.textContent).toContain('We couldn’t find that order in your account.');
    expect(within(error).getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/order/history/');
  });

  it('guests get the login panel back to this order', async () => {
    serve({ [ME]: () => json(guest) });
    renderOrders('/order/detail/enc_DRPDEMO0006/');
    const panel = await screen.findByTestId('order-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?next=%2Forder%2Fdetail%2Fenc_DRPDEMO0006%2F',
    );
  });
});
