// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { EMAIL_REQUIRED_MESSAGE, emailRequired, guest, orderStatusFixture } from './checkout.fixtures';
import { FakeProvider, renderRetry, retryRoutes as routes, STATUS, withFakeProvider } from './checkout.testkit';

describe('<RetryPage>', () => {
  withFakeProvider();

  it('not allowed yet: the order, its status, and the server’s reason instead of the payment tabs', async () => {
    serve(
      routes({
        [STATUS]: () =>
          json(orderStatusFixture({ retry: { allowed: false, reason: 'You can try again at 10:35', opens_at: null, closes_at: null } })),
      }),
    );
    renderRetry();
    expect((await screen.findByTestId('retry-reason')).textContent).toBe('You can try again at 10:35');
    expect(screen.getByTestId('retry-ref').textContent).toBe('DRP0000123');
    expect(screen.getByTestId('retry-amount').textContent).toBe('₹1,598');
    expect(screen.getByTestId('retry-status').textContent).toBe('Payment Failed');
    expect(screen.queryByTestId('payment-tabs')).toBeNull();
    expect(screen.queryByTestId('pay-button')).toBeNull();
    expect(within(screen.getByTestId('retry-closed')).getByRole('link', { name: 'View orders' }).getAttribute('href')).toBe(
      '/order/history/',
    );
  });

  it('a closed window says its items are back on sale', async () => {
    const reason = 'This order’s payment window has closed; its items are back on sale';
    serve(routes({ [STATUS]: () => json(orderStatusFixture({ retry: { allowed: false, reason, opens_at: null, closes_at: null } })) }));
    renderRetry();
    expect((await screen.findByTestId('retry-reason')).textContent).toBe(reason);
  });

  it('allowed: online tabs only (no cash on delivery, no wallet); Pay goes straight to the order’s payment and the provider', async () => {
    serve(routes());
    renderRetry();
    const tabs = await screen.findByTestId('payment-tabs');
    const heads = within(tabs.querySelector('ul')!).getAllByRole('button');
    expect(heads.map((h) => h.textContent)).toEqual(['UPI', 'Credit card / Debit card', 'Netbanking']);
    expect(heads.every((h) => h.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(screen.queryByTestId('wallet-toggle')).toBeNull();
    fireEvent.click(within(tabs).getByRole('button', { name: 'UPI' }));
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'success@razorpay' } });
    const pay = screen.getByTestId('pay-button') as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(pay.textContent).toBe('Pay ₹1,598');
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(FakeProvider.made).toHaveLength(1));
    expect(calls.filter((c) => c.url.pathname === '/api/v1/orders/ord_9f2c/payment/')).toHaveLength(1);
    expect(calls.some((c) => c.url.pathname === '/api/v3/order/')).toBe(false);
    expect(FakeProvider.made[0]!.payments[0]).toMatchObject({ order_id: 'order_P1', method: 'upi', vpa: 'success@razorpay' });
    // the start told the key: a sandbox one, so its values show now
    expect(await screen.findByTestId('sandbox-hint')).toBeTruthy();

    act(() =>
      FakeProvider.made[0]!.handlers['payment.success']!({
        razorpay_order_id: 'order_P1',
        razorpay_payment_id: 'pay_9',
        razorpay_signature: 's',
      }),
    );
    expect((await screen.findByTestId('probe')).textContent).toBe('Thank you /checkout/complete/?order_id=ord_9f2c');
  });

  it('a refusal shows the provider’s words and asks where the order stands now', async () => {
    serve(routes());
    renderRetry();
    const tabs = await screen.findByTestId('payment-tabs');
    fireEvent.click(within(tabs).getByRole('button', { name: 'Netbanking' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kotak Mahindra Bank' }));
    fireEvent.click(screen.getByTestId('pay-button'));
    await waitFor(() => expect(FakeProvider.made).toHaveLength(1));
    const before = calls.filter((c) => `GET ${c.url.pathname}` === STATUS).length;
    act(() =>
      FakeProvider.made[0]!.handlers['payment.error']!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed at the bank' } }),
    );
    expect((await screen.findByTestId('retry-failure')).textContent).toBe('Payment failed at the bank');
    await waitFor(() => expect(calls.filter((c) => `GET ${c.url.pathname}` === STATUS).length).toBe(before + 1));
  });

  it('paying online without the e-mail address the provider needs: the shop’s word, with the way to Settings', async () => {
    serve(routes({ 'POST /api/v1/orders/ord_9f2c/payment/': emailRequired }));
    renderRetry();
    const tabs = await screen.findByTestId('payment-tabs');
    fireEvent.click(within(tabs).getByRole('button', { name: 'Netbanking' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kotak Mahindra Bank' }));
    fireEvent.click(screen.getByTestId('pay-button'));
    const notice = await screen.findByTestId('email-needed');
    expect(notice.textContent).toContain(EMAIL_REQUIRED_MESSAGE);
    expect(within(notice).getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/account/settings');
    expect(screen.queryByTestId('retry-failure')).toBeNull();
    expect(FakeProvider.made).toHaveLength(0);
  });

  it('guests log in and come back to this order', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderRetry();
    expect((await screen.findByTestId('probe')).textContent).toBe('Login /login?next=%2Fretrypayment%2F%3Forder_id%3Dord_9f2c');
  });
});
