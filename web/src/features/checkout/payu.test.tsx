// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { orderStatusFixture, paymentStartFixture, payuStartFixture, placedFixture } from './checkout.fixtures';
import {
  checkoutRoutes,
  FakeProvider,
  orderPosts,
  panels,
  payButton,
  ready,
  renderCheckout,
  renderRetry,
  retryRoutes,
  STATUS,
  tab,
  tabHeads,
  withFakeProvider,
} from './checkout.testkit';

/** PayU as the store's provider: one hosted-page tab; Pay posts the shop's form to PayU. */

const PAYU_SETUP = { payment: { paymentSDK: 'PAYU' as const, key: 'payu_test_abc', checkout_js: '' } };
const ONLINE_HEAD = "Pay onlineUPI, cards, net banking and wallets on PayU's secure page";
const START = 'POST /api/v1/orders/ord_9f2c/payment/';
const savedCard = { token: 'tok_1', last4: '1111', network: 'Visa', expiry_month: '12', expiry_year: '2030', name: 'Riya' };

/** The forms posted (HTMLFormElement.submit, which would leave the page). */
let posted: HTMLFormElement[] = [];
const postedFields = (form: HTMLFormElement) =>
  Array.from(form.elements as HTMLCollectionOf<HTMLInputElement>).map((i) => [i.type, i.name, i.value]);

describe('paying with PayU', () => {
  withFakeProvider();
  beforeEach(() => {
    posted = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this);
    });
  });
  afterEach(() => posted.forEach((f) => f.remove()));

  it('checkout offers Pay online and Cash on Delivery only: no card, UPI, bank or saved-card form; PayU’s sandbox values', async () => {
    serve(checkoutRoutes({ 'GET /api/v1/saved-cards/': () => json({ customer_id: 'cust_1', cards: [savedCard] }) }, PAYU_SETUP));
    renderCheckout();
    await ready();
    expect(tabHeads().map((h) => h.textContent)).toEqual([ONLINE_HEAD, 'Cash on Delivery₹49 cash handling fee']);
    fireEvent.click(tab('Pay online'));
    expect(panels()).toEqual(['Pay online']);
    expect(screen.getByTestId('payment-tabs').querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('UPI ID')).toBeNull();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toBe('Pay ₹1,598');
    expect(screen.getByTestId('sandbox-hint').textContent).toBe(
      'Sandbox: on the PayU test page, UPI success@payu succeeds and failure@payu fails; card 5123 4567 8901 2346 succeeds, 4000 0000 0000 0002 is declined.',
    );
  });

  it('Pay places an ONLINE order, then posts exactly the shop’s fields to PayU’s page and keeps waiting', async () => {
    const start = payuStartFixture();
    serve(
      checkoutRoutes(
        { 'POST /api/v3/order/': () => json(placedFixture({ payment_mode: 'ONLINE' }), 201), [START]: () => json(start) },
        PAYU_SETUP,
      ),
    );
    renderCheckout();
    await ready();
    fireEvent.click(tab('Pay online'));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(posted).toHaveLength(1));

    expect(JSON.parse(String(orderPosts()[0]!.init.body))).toEqual({
      address_id: 11,
      payment_mode: 'ONLINE',
      use_wallet: false,
      expected_to_pay: 159800,
    });
    const form = posted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://test.payu.in/_payment');
    expect(form.parentElement).toBe(document.body);
    expect(postedFields(form)).toEqual(Object.entries(start.payu!.fields).map(([name, value]) => ['hidden', name, value]));
    expect(FakeProvider.made).toHaveLength(0);
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/payments/'))).toBe(false);
    // the page is on its way out: the full-page wait stays
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByTestId('full-page-spinner').textContent).toBe('Opening the payment page');
  });

  it('a Razorpay start for a Pay online order (the provider changed) pays nothing and says so', async () => {
    serve(checkoutRoutes({ [START]: () => json(paymentStartFixture()) }, PAYU_SETUP));
    renderCheckout();
    await ready();
    fireEvent.click(tab('Pay online'));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    expect((await screen.findByTestId('payment-failed')).textContent).toContain('Payment options have changed.');
    expect(FakeProvider.made).toHaveLength(0);
    expect(posted).toHaveLength(0);
  });

  it('retry: the single Pay online tab posts PayU’s form again; back from PayU’s page (cached) Pay works again', async () => {
    serve(retryRoutes({ [STATUS]: () => json(orderStatusFixture({ provider: 'PAYU' })), [START]: () => json(payuStartFixture()) }));
    renderRetry();
    const tabs = await screen.findByTestId('payment-tabs');
    expect(
      within(tabs.querySelector('ul')!)
        .getAllByRole('button')
        .map((h) => h.textContent),
    ).toEqual([ONLINE_HEAD]);
    expect(screen.queryByTestId('retry-returned-failed')).toBeNull();
    fireEvent.click(within(tabs).getByRole('button', { name: /^Pay online/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.action).toBe('https://test.payu.in/_payment');
    expect(calls.some((c) => c.url.pathname === '/api/v1/saved-cards/' || c.url.pathname === '/api/v3/order/')).toBe(false);

    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect((await screen.findByTestId('retry-failure')).textContent).toContain('You came back before the payment finished.');
    expect(screen.queryByTestId('full-page-spinner')).toBeNull();
    await waitFor(() => expect(payButton().disabled).toBe(false));
  });

  it('retry after PayU sent the shopper back with payment=failed: the notice first, then the usual retry page', async () => {
    serve(retryRoutes({ [STATUS]: () => json(orderStatusFixture({ provider: 'PAYU' })) }));
    renderRetry('/retrypayment/?order_id=ord_9f2c&payment=failed');
    const notice = await screen.findByTestId('retry-returned-failed');
    expect(notice.textContent).toBe('Your payment did not go through. No money was taken; if it was, it will be refunded.');
    expect(notice.compareDocumentPosition(screen.getByTestId('retry-order')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('payment-tabs')).toBeTruthy();
  });
});
