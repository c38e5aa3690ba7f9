import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AddressBook } from '@/shared/api/types';
import { calls, json, renderWithProviders, type Handler } from '@/test/fake-api';
import { checkoutKeys } from './api/keys';
import {
  addressFixture,
  breakupFixture,
  checkoutFixture,
  orderStatusFixture,
  paymentStartFixture,
  placedFixture,
  shopper,
} from './checkout.fixtures';
import { CheckoutPage } from './components/checkout-page';
import { RetryPage } from './components/retry-page';
import type { ProviderConstructor, ProviderFailure, ProviderSuccess } from './provider-script';
import type { Checkout } from './types';

/*
 * The checkout tests' fake shop and fake provider script, and the pages mounted as the app routes them
 * (the thank-you, retry and login pages stand in as probes showing where the browser went).
 */

// ---------------------------------------------------------------- the provider's script, faked

type Handlers = { 'payment.success'?: (r: ProviderSuccess) => void; 'payment.error'?: (e: ProviderFailure) => void };
export class FakeProvider {
  static made: FakeProvider[] = [];
  handlers: Handlers = {};
  payments: Record<string, string | number>[] = [];
  constructor(readonly options: { key: string }) {
    FakeProvider.made.push(this);
  }
  on(event: keyof Handlers, handler: never) {
    this.handlers[event] = handler;
  }
  createPayment(data: Record<string, string | number>) {
    this.payments.push(data);
  }
}
export const provider = () => FakeProvider.made[FakeProvider.made.length - 1]!;

// ---------------------------------------------------------------- the shop, faked

export const office = addressFixture({
  id: 12,
  street1: '5th floor, Prestige Tower',
  street2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
  address_type: 'Work',
  is_default_shipping: false,
});

/** The checkout answer for a query, as the server works it out (cash fee, wallet). */
export function answerFor(u: URL, over: Partial<Checkout> = {}): Checkout {
  const base = checkoutFixture(over);
  const cod = u.searchParams.get('payment_mode') === 'COD';
  const wallet = u.searchParams.get('use_wallet') === '1';
  const address = u.searchParams.get('address_id') === '12' ? office : base.address;
  const fee = cod ? base.cod.fee : 0;
  const total = base.breakup.order_total + fee;
  const used = wallet ? Math.min(base.wallet.balance, total) : 0;
  return {
    ...base,
    address,
    breakup: breakupFixture({ ...base.breakup, cod_fee: fee, order_total: total, wallet_used: used, to_pay: total - used }),
  };
}

export function checkoutRoutes(over: Record<string, Handler> = {}, checkout: Partial<Checkout> = {}): Record<string, Handler> {
  return {
    'GET /api/v1/me/': () => json(shopper),
    'GET /api/v1/checkout/': (u) => json(answerFor(u, checkout)),
    'GET /api/v1/address-book/': () => json({ addresses: [addressFixture(), office], room_left: 18 }),
    'GET /api/v1/saved-cards/': () => json({ customer_id: 'cust_1', cards: [] }),
    'POST /api/v1/payments/validate-vpa/': () => json({ vpa: 'riya@okhdfcbank', success: true, customer_name: 'RIYA SHARMA' }),
    'POST /api/v3/order/': () => json(placedFixture(), 201),
    'POST /api/v1/orders/ord_9f2c/payment/': () => json(paymentStartFixture()),
    'POST /api/v1/payments/razorpay/callback/': () => json({ order_id: 'ord_9f2c', status: 'Verified' }),
    'POST /api/v1/payments/razorpay/failure/': () => json({ ok: true }),
    ...over,
  };
}

export function Probe({ name }: { name: string }) {
  const l = useLocation();
  return <p data-testid="probe">{`${name} ${l.pathname}${l.search}`}</p>;
}

/** The address book's form stands in as a dialog whose Save adds an address to the book, as the real one does. */
export function AddressFormStub({ onClose }: { onClose: () => void }) {
  const qc = useQueryClient();
  const save = () => {
    const added = addressFixture({ id: 30, street1: '9 Lake View', is_default_shipping: false });
    qc.setQueryData<AddressBook>(checkoutKeys.addressBook, (b) => ({ addresses: [...(b?.addresses ?? []), added], room_left: 17 }));
    onClose();
  };
  return (
    <div role="dialog" aria-label="Add a new address">
      <button type="button" onClick={save}>
        Save address
      </button>
    </div>
  );
}

export const onOrderPlaced = vi.fn();
export function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/checkout/"
        element={<CheckoutPage renderAddressForm={(p) => <AddressFormStub {...p} />} onOrderPlaced={onOrderPlaced} />}
      />
      <Route path="/checkout/complete/" element={<Probe name="Thank you" />} />
      <Route path="/retrypayment/" element={<Probe name="Retry" />} />
      <Route path="/login" element={<Probe name="Login" />} />
    </Routes>,
    { route: '/checkout/' },
  );
}

export const tabList = () => screen.getByTestId('payment-tabs').querySelector('ul')!;
export const tabHeads = () => within(tabList()).getAllByRole('button', { expanded: undefined });
/** The open tabs' panels, by their names. */
export const panels = () =>
  within(tabList())
    .queryAllByRole('region')
    .map((r) => r.getAttribute('aria-label'));
export const tab = (name: string) => within(screen.getByTestId('payment-tabs')).getByRole('button', { name: new RegExp(`^${name}`) });
export const payButton = () => screen.getByTestId('pay-button') as HTMLButtonElement;
export const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
export const checkoutGets = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/checkout/');
export const orderPosts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v3/order/');
export const toast = (kind: 'success' | 'warning') => document.getElementById(`toast-${kind}`)?.textContent ?? '';
export const errorUnder = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

export async function ready() {
  await screen.findByTestId('payment-tabs');
  await waitFor(() => expect(screen.getByTestId('pay-button')).toBeTruthy());
}

/** Each test: a CSRF cookie and a fresh fake provider script; afterwards neither, and no fake fetch. */
export function withFakeProvider() {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
    FakeProvider.made = [];
    window.Razorpay = FakeProvider as unknown as ProviderConstructor;
    onOrderPlaced.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.Razorpay;
    sessionStorage.clear();
  });
}

// ---------------------------------------------------------------- retry payment

export const STATUS = 'GET /api/v1/orders/ord_9f2c/status/';

export const retryRoutes = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /api/v1/me/': () => json(shopper),
  [STATUS]: () => json(orderStatusFixture()),
  'GET /api/v1/saved-cards/': () => json({ customer_id: 'cust_1', cards: [] }),
  'POST /api/v1/orders/ord_9f2c/payment/': () => json(paymentStartFixture()),
  'POST /api/v1/payments/razorpay/callback/': () => json({ order_id: 'ord_9f2c', status: 'Verified' }),
  'POST /api/v1/payments/razorpay/failure/': () => json({ ok: true }),
  ...over,
});

export function renderRetry(route = '/retrypayment/?order_id=ord_9f2c') {
  return renderWithProviders(
    <Routes>
      <Route path="/retrypayment/" element={<RetryPage />} />
      <Route path="/checkout/complete/" element={<Probe name="Thank you" />} />
      <Route path="/login" element={<Probe name="Login" />} />
    </Routes>,
    { route },
  );
}
