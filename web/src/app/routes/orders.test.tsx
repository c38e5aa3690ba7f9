// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import { breakupFixture } from '@/features/checkout/checkout.fixtures';
import { delivered, detailFixture, guest, listFixture, shopper } from '@/features/orders/orders.fixtures';
import { walletQueryOptions } from '@/features/wallet/api/get-wallet';
import { queryKeys } from '@/shared/api/query-keys';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { AppLayout } from '../layout/AppLayout';
import { OrderDetailRoute, OrdersRoute } from './orders';

// The orders screens as the app composes them: the header's cart count, and checkout's breakup rules.

function renderApp(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<p>The home page</p>} />
        <Route path="order/history" element={<OrdersRoute />} />
        <Route path="order/detail/:orderId" element={<OrderDetailRoute />} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('orders in the app', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the keys a cancellation and a re-order invalidate are the ones the header and the wallet use', () => {
    expect(cartQuantityKey).toEqual(queryKeys.cartQuantity);
    expect(walletQueryOptions(7).queryKey.slice(0, queryKeys.wallet.length)).toEqual([...queryKeys.wallet]);
  });

  it('Order again: the header’s bag count grows', async () => {
    let inBag = 2;
    const past = delivered('DRPDEMO0001');
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: inBag }),
      'GET /order/history/': () => json(listFixture([past])),
      'POST /add_to_cart_order/': () => {
        inBag += 1;
        return new Response('success', { status: 200, headers: { 'Content-Type': 'text/plain' } });
      },
    });
    renderApp('/order/history/');
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    fireEvent.click(await screen.findByRole('button', { name: 'Order again DRPDEMO0001' }));
    await screen.findByText('Added to your bag');
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('3'));
  });

  it('logging out on My orders asks the session first: the list is not asked for again (no 401)', async () => {
    let me = shopper;
    serve({
      'GET /api/v1/me/': () => json(me),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
      'GET /order/history/': () =>
        me.user ? json(listFixture([delivered('DRPDEMO0001')])) : json({ error: 'login_required', message: 'Please log in.' }, 401),
      'POST /mobile_logout/': () => {
        me = guest;
        return json({ status: 'success' });
      },
    });
    renderApp('/order/history/');
    await screen.findByRole('button', { name: 'Order again DRPDEMO0001' });
    fireEvent.click(screen.getByTestId('account-button'));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('The home page');
    expect(calls.filter((c) => c.url.pathname === '/order/history/')).toHaveLength(1);
  });

  it('the order page’s price details follow checkout’s breakup rules, the last row named for the order', async () => {
    const order = delivered('DRP0000044', { header: { payment_mode: 'UPI', payment_mode_ui: 'Paid online' } });
    const breakup = breakupFixture({
      mrp_total: 199_800,
      mrp_total_ui: '₹1,998',
      discount: 40_000,
      discount_ui: '₹400',
      coupon_discount: 10_000,
      coupon_discount_ui: '₹100',
      shipping: 0,
      order_total: 149_800,
      order_total_ui: '₹1,498',
      wallet_used: 0,
      to_pay: 149_800,
      to_pay_ui: '₹1,498',
    });
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
      'GET /api/v1/orders/enc_DRP0000044/': () => json(detailFixture(order, { breakup })),
    });
    renderApp('/order/detail/enc_DRP0000044/');
    const price = await screen.findByTestId('order-price');
    const rows = Array.from(price.querySelectorAll('[data-row]')).map((r) => [
      r.getAttribute('data-row'),
      within(r as HTMLElement).getByRole('term').textContent,
      within(r as HTMLElement).getByRole('definition').textContent,
    ]);
    expect(rows).toEqual([
      ['mrp', 'Total MRP (1 item)', '₹1,998'],
      ['discount', 'Discount on MRP', '−₹400'],
      ['coupon', 'Coupon', '−₹100'],
      ['shipping', 'Shipping', 'FREE'],
      ['to-pay', 'Amount paid', '₹1,498'],
    ]);
  });
});
