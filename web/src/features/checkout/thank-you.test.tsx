// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { completeFixture } from './checkout.fixtures';
import { ThankYouPage } from './components/thank-you-page';

const COMPLETE = '/get-checkout-complete-data/';

function renderThanks(route = '/checkout/complete/?order_id=ord_9f2c') {
  return renderWithProviders(<ThankYouPage />, { route });
}

describe('<ThankYouPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
    window.dataLayer = [];
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the order as an ajax form post (field data = {"order_id"}) and shows what was bought, where it goes and how it was paid', async () => {
    serve({ [`POST ${COMPLETE}`]: () => json(completeFixture()) });
    renderThanks();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Thank you! Your order is placed');
    expect(screen.getByTestId('order-ref').textContent).toBe('DRP0000123');
    expect(screen.getByTestId('delivery-date').textContent).toBe('Arriving by Thu, 26 Nov');
    const shipTo = screen.getByTestId('ship-to');
    expect(Array.from(shipTo.children).map((c) => c.textContent)).toEqual([
      'Flat 4B, Sunrise Apartments',
      'Near Hill Road',
      'Mumbai, Maharashtra 400050',
    ]);
    expect(screen.getAllByTestId('bought-item').map((i) => i.textContent)).toEqual([
      'Everyday Padded T-Shirt BraSize 34B · Qty 1₹799',
      'Lace Hipster PantySize M · Qty 2₹799',
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe('₹1,647');
    expect(screen.getByTestId('payment-mode').textContent).toBe('Cash on Delivery');
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/order/history/');

    const post = calls.find((c) => c.url.pathname === COMPLETE)!;
    const form = new URLSearchParams(String(post.init.body));
    expect(JSON.parse(form.get('data')!)).toEqual({ order_id: 'ord_9f2c' });
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
    const headers = post.init.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('tok123');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    // no purchase event to the shop's server: its event list has none (spec 000 §7)
    expect(calls.some((c) => c.url.pathname === '/get-event-data/')).toBe(false);
  });

  it("pushes the order's purchase to the data layer once, prices per piece in rupees; back on the page, not again", async () => {
    serve({ [`POST ${COMPLETE}`]: () => json(completeFixture()) });
    const first = renderThanks();
    await screen.findByTestId('order-placed');
    const purchases = () => (window.dataLayer ?? []).filter((e) => e.event === 'purchase');
    await waitFor(() => expect(purchases()).toHaveLength(1));
    expect(purchases()[0]?.ecommerce).toEqual({
      transaction_id: 'DRP0000123',
      currency: 'INR',
      value: 1647,
      items: [
        {
          item_id: 'BR1001-BLK',
          item_name: 'Everyday Padded T-Shirt Bra',
          price: 799,
          quantity: 1,
          item_variant: '34B',
          item_category4: 'BR',
        },
        { item_id: 'PN2001-RED', item_name: 'Lace Hipster Panty', price: 399.5, quantity: 2, item_variant: 'M', item_category4: 'PN' },
      ],
    });
    first.unmount();
    renderThanks();
    await screen.findByTestId('order-placed');
    await new Promise((r) => setTimeout(r, 50));
    expect(purchases()).toHaveLength(1);
  });

  it('a cash on delivery order waiting for its code asks for it instead of saying placed; confirmed, it is placed', async () => {
    let status = 'Pending confirmation';
    serve({
      [`POST ${COMPLETE}`]: () => json(completeFixture({ status })),
      'POST /api/v1/orders/ord_9f2c/confirm-cod/': (_u, init) => {
        expect(JSON.parse(String(init.body))).toEqual({ code: '246810' });
        status = 'Verified';
        return json({ order_id: 'ord_9f2c', status: 'Verified' });
      },
    });
    renderThanks();
    const panel = await screen.findByTestId('cod-confirm');
    expect(screen.queryByText('Thank you! Your order is placed')).toBeNull();
    expect(panel.textContent).toContain('Order DRP0000123 is waiting for you.');
    expect((window.dataLayer ?? []).some((e) => e.event === 'purchase')).toBe(false);
    fireEvent.change(within(panel).getByLabelText('Confirmation code'), { target: { value: '246810' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Thank you! Your order is placed')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === COMPLETE)).toHaveLength(2);
    // a purchase once placed, not while it waited for its code
    await waitFor(() => expect((window.dataLayer ?? []).filter((e) => e.event === 'purchase')).toHaveLength(1));
  });

  it('a failed call is only logged; the page thanks plainly and links to the orders', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ [`POST ${COMPLETE}`]: () => json({ error: 'server_error', message: 'Something broke' }, 500) });
    renderThanks();
    const plain = await screen.findByTestId('plain-thanks');
    expect(within(plain).getByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe('/order/history/');
    expect(screen.queryByText('Something broke')).toBeNull();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]![0])).toContain('checkout-complete');
  });

  it('without an order id: the plain thank-you, and no call', async () => {
    serve({});
    renderThanks('/checkout/complete/');
    expect(await screen.findByTestId('plain-thanks')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
