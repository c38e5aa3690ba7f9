// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { breakupFixture, EMAIL_REQUIRED_MESSAGE, emailRequired, guest, placedFixture } from './checkout.fixtures';
import {
  answerFor,
  checkoutGets,
  checkoutRoutes as routes,
  errorUnder,
  FakeProvider,
  onOrderPlaced,
  orderPosts,
  panels,
  payButton,
  provider,
  ready,
  renderCheckout,
  tab,
  tabHeads,
  toast,
  type,
  withFakeProvider,
} from './checkout.testkit';

describe('<CheckoutPage>', () => {
  withFakeProvider();

  it('guests go to the login page, which brings them back to checkout', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderCheckout();
    expect((await screen.findByTestId('probe')).textContent).toBe('Login /login?next=%2Fcheckout%2F');
    expect(checkoutGets()).toHaveLength(0);
  });

  it('a 401 from checkout (the session ended) goes to the login page too', async () => {
    serve(routes({ 'GET /api/v1/checkout/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401) }));
    renderCheckout();
    expect((await screen.findByTestId('probe')).textContent).toBe('Login /login?next=%2Fcheckout%2F');
  });

  it('an empty cart says so, with a link to the shop', async () => {
    serve(routes({ 'GET /api/v1/checkout/': () => json({ error: 'empty_cart', message: 'Your cart is empty.' }, 400) }));
    renderCheckout();
    const panel = await screen.findByTestId('checkout-empty');
    expect(within(panel).getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  });

  it('shows the default address, the delivery estimate, the items (folded) and the price breakup', async () => {
    serve(routes());
    renderCheckout();
    await ready();
    const chosen = screen.getByTestId('chosen-address');
    expect(chosen.textContent).toContain('Riya Sharma');
    expect(chosen.textContent).toContain('Mumbai, Maharashtra 400050');
    expect(screen.getByTestId('delivery').textContent).toBe('Delivery by Thu, 26 Nov. Cash on delivery available.');
    expect(screen.queryAllByTestId('checkout-item')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /2 items in your order/ }));
    expect(screen.getAllByTestId('checkout-item').map((i) => i.textContent)).toEqual([
      'Everyday Padded T-Shirt BraSize 34B · Qty 1₹799',
      'Lace Hipster PantySize M · Qty 1₹799',
    ]);
    const rows = Array.from(screen.getByTestId('price-breakup').querySelectorAll('[data-row]')).map((r) => r.getAttribute('data-row'));
    expect(rows).toEqual(['mrp', 'discount', 'shipping', 'to-pay']);
    expect(screen.getByTestId('pay-amount').textContent).toBe('₹1,598');
    // no wallet balance: no wallet switch; a live key: no sandbox values
    expect(screen.queryByTestId('wallet-toggle')).toBeNull();
    expect(screen.queryByTestId('sandbox-hint')).toBeNull();
  });

  it('the payment tabs all start closed and open one at a time; Pay waits for a method', async () => {
    serve(routes({ 'GET /api/v1/saved-cards/': () => json({ customer_id: 'cust_1', cards: [] }) }));
    renderCheckout();
    await ready();
    const heads = tabHeads();
    expect(heads.map((h) => h.textContent)).toEqual([
      'UPI',
      'Credit card / Debit card',
      'Netbanking',
      'Cash on Delivery₹49 cash handling fee',
    ]);
    expect(heads.every((h) => h.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(panels()).toEqual([]);
    expect(payButton().disabled).toBe(true);
    expect(screen.getByText('Choose how you would like to pay')).toBeTruthy();

    fireEvent.click(tab('UPI'));
    expect(tab('UPI').getAttribute('aria-expanded')).toBe('true');
    expect(panels()).toEqual(['UPI']);

    fireEvent.click(tab('Credit card'));
    expect(tab('UPI').getAttribute('aria-expanded')).toBe('false');
    expect(tab('Credit card').getAttribute('aria-expanded')).toBe('true');
    expect(panels()).toEqual(['Credit card / Debit card']);

    fireEvent.click(tab('Netbanking'));
    expect(panels()).toEqual(['Netbanking']);
    expect(payButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'State Bank of India' }));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toBe('Pay ₹1,598');

    // the open tab again: all closed, and Pay sleeps again
    fireEvent.click(tab('Netbanking'));
    expect(panels()).toEqual([]);
    expect(payButton().disabled).toBe(true);
  });

  it('Saved cards is a tab only for a shopper with saved cards; a card needs its CVV', async () => {
    serve(
      routes({
        'GET /api/v1/saved-cards/': () =>
          json({
            customer_id: 'cust_1',
            cards: [{ token: 'tok_1', last4: '1111', network: 'Visa', expiry_month: '12', expiry_year: '2030', name: 'Riya' }],
          }),
      }),
    );
    renderCheckout();
    await ready();
    await waitFor(() => expect(tabHeads().map((h) => h.textContent)).toContain('Saved cards'));
    expect(tabHeads().map((h) => h.textContent)[2]).toBe('Saved cards');
    fireEvent.click(tab('Saved cards'));
    fireEvent.click(screen.getByRole('radio', { name: /Visa •••• 1111/ }));
    const cvv = screen.getByLabelText('CVV of the card ending 1111');
    type(cvv, '12');
    fireEvent.blur(cvv);
    expect(errorUnder(cvv)).toBe('Please enter the 3 digit CVV');
    expect(payButton().disabled).toBe(true);
    type(cvv, '123');
    await waitFor(() => expect(payButton().disabled).toBe(false));
  });

  it('card errors show under each field once it is left', async () => {
    serve(routes());
    renderCheckout();
    await ready();
    fireEvent.click(tab('Credit card'));
    const number = screen.getByLabelText('Card number');
    type(number, '4111111111111112');
    expect((number as HTMLInputElement).value).toBe('4111 1111 1111 1112');
    expect(errorUnder(number)).toBe('');
    fireEvent.blur(number);
    expect(errorUnder(number)).toBe('Please enter a valid card number');
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    type(expiry, '0120');
    fireEvent.blur(expiry);
    expect(errorUnder(expiry)).toBe('This card has expired');
    const cvv = screen.getByLabelText('CVV');
    fireEvent.blur(cvv);
    expect(errorUnder(cvv)).toBe('Please enter the CVV');
    fireEvent.blur(screen.getByLabelText('Name on card'));
    expect(errorUnder(screen.getByLabelText('Name on card'))).toBe('Please enter the name on the card');
    expect(payButton().disabled).toBe(true);
  });

  it('UPI: Verify asks the shop and shows whose ID it is; a malformed ID is refused under the field', async () => {
    serve(routes());
    renderCheckout();
    await ready();
    fireEvent.click(tab('UPI'));
    const vpa = screen.getByLabelText('UPI ID');
    type(vpa, 'riya');
    fireEvent.blur(vpa);
    expect(errorUnder(vpa)).toBe('Please enter a valid UPI ID');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls.some((c) => c.url.pathname === '/api/v1/payments/validate-vpa/')).toBe(false);
    type(vpa, 'riya@okhdfcbank');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('vpa-verified')).textContent).toBe('Verified: RIYA SHARMA');
    const asked = calls.find((c) => c.url.pathname === '/api/v1/payments/validate-vpa/')!;
    expect(JSON.parse(String(asked.init.body))).toEqual({ vpa: 'riya@okhdfcbank' });
  });

  it('Pay places the order once (Idempotency-Key, expected_to_pay), even on a double click, then pays through the provider', async () => {
    let answer!: (r: Response) => void;
    serve(routes({ 'POST /api/v3/order/': () => new Promise<Response>((r) => (answer = r)) }));
    renderCheckout();
    await ready();
    fireEvent.click(tab('UPI'));
    type(screen.getByLabelText('UPI ID'), 'riya@okhdfcbank');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await waitFor(() => expect(orderPosts()).toHaveLength(1));
    expect(screen.getByTestId('full-page-spinner')).toBeTruthy();
    fireEvent.click(payButton());
    expect(orderPosts()).toHaveLength(1);

    const post = orderPosts()[0]!;
    const headers = post.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers['X-CSRFToken']).toBe('tok123');
    expect(JSON.parse(String(post.init.body))).toEqual({ address_id: 11, payment_mode: 'UPI', use_wallet: false, expected_to_pay: 159800 });

    await act(async () => answer(json(placedFixture(), 201)));
    await waitFor(() => expect(FakeProvider.made).toHaveLength(1));
    expect(onOrderPlaced).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url.pathname === '/api/v1/orders/ord_9f2c/payment/')).toHaveLength(1);
    expect(provider().options).toEqual({ key: 'rzp_test_123' });
    expect(provider().payments).toEqual([
      {
        amount: 159800,
        currency: 'INR',
        order_id: 'order_P1',
        email: 'riya@example.com',
        contact: '9876543210',
        customer_id: 'cust_1',
        method: 'upi',
        vpa: 'riya@okhdfcbank',
      },
    ]);
    expect(screen.getByTestId('payment-waiting').textContent).toContain('Order DRP0000123 is placed');

    act(() =>
      provider().handlers['payment.success']!({ razorpay_order_id: 'order_P1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }),
    );
    expect((await screen.findByTestId('probe')).textContent).toBe('Thank you /checkout/complete/?order_id=ord_9f2c');
    const callback = calls.find((c) => c.url.pathname === '/api/v1/payments/razorpay/callback/')!;
    expect(JSON.parse(String(callback.init.body))).toEqual({
      razorpay_order_id: 'order_P1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
  });

  it('a card number and CVV go only to the provider, never to a Drape URL; a refusal shows its reason and Retry payment', async () => {
    serve(routes());
    renderCheckout();
    await ready();
    fireEvent.click(tab('Credit card'));
    type(screen.getByLabelText('Card number'), '4111111111111111');
    type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    type(screen.getByLabelText('CVV'), '735');
    type(screen.getByLabelText('Name on card'), 'Riya Sharma');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save this card for faster checkout' }));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(FakeProvider.made).toHaveLength(1));
    expect(JSON.parse(String(orderPosts()[0]!.init.body)).payment_mode).toBe('CARD');
    expect(provider().payments[0]).toMatchObject({
      method: 'card',
      'card[number]': '4111111111111111',
      'card[expiry_month]': '12',
      'card[expiry_year]': '34',
      'card[cvv]': '735',
      'card[name]': 'Riya Sharma',
      save: 1,
      customer_id: 'cust_1',
    });

    act(() =>
      provider().handlers['payment.error']!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Your card was declined by the bank.' } }),
    );
    const failed = await screen.findByTestId('payment-failed');
    expect(failed.textContent).toContain('Your card was declined by the bank.');
    expect(within(failed).getByRole('link', { name: 'Retry payment' }).getAttribute('href')).toBe('/retrypayment/?order_id=ord_9f2c');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/payments/razorpay/failure/')).toBe(true));
    const failure = calls.find((c) => c.url.pathname === '/api/v1/payments/razorpay/failure/')!;
    expect(JSON.parse(String(failure.init.body))).toEqual({
      razorpay_order_id: 'order_P1',
      code: 'BAD_REQUEST_ERROR',
      description: 'Your card was declined by the bank.',
    });

    // every request the page made: URL, headers and body
    expect(calls.length).toBeGreaterThan(5);
    for (const c of calls) {
      const seen = [c.url.href, String(c.init.body ?? ''), JSON.stringify(c.init.headers ?? {})].join('\n');
      expect(seen).not.toMatch(/4111\s?1111\s?1111\s?1111/);
      expect(seen).not.toContain('735');
    }
  });

  it('a 409 shows the server’s message as a warning, asks for the checkout again and places nothing', async () => {
    let version = 0;
    serve(
      routes({
        'GET /api/v1/checkout/': (u) => {
          version += 1;
          return json(answerFor(u, version > 1 ? { breakup: breakupFixture({ to_pay: 79900, order_total: 79900 }), pieces: 1 } : {}));
        },
        'POST /api/v3/order/': () =>
          json({ error: 'cart_changed', message: 'Your cart changed: Lace Hipster Panty sold out. Please check the new total.' }, 409),
      }),
    );
    renderCheckout();
    await ready();
    fireEvent.click(tab('Netbanking'));
    fireEvent.click(screen.getByRole('radio', { name: 'HDFC Bank' }));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    const before = checkoutGets().length;
    fireEvent.click(payButton());
    await waitFor(() => expect(toast('warning')).toContain('Your cart changed: Lace Hipster Panty sold out. Please check the new total.'));
    await waitFor(() => expect(checkoutGets().length).toBe(before + 1));
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('₹799'));
    expect(onOrderPlaced).not.toHaveBeenCalled();
    expect(FakeProvider.made).toHaveLength(0);

    // the next press is a new attempt with a new key and the new amount
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(orderPosts()).toHaveLength(2));
    const [first, second] = orderPosts().map((c) => c.init);
    expect((second!.headers as Record<string, string>)['Idempotency-Key']).not.toBe(
      (first!.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(JSON.parse(String(second!.body)).expected_to_pay).toBe(79900);
  });

  it('paying online without the e-mail address the provider needs: the server’s word stays, with the way to Settings', async () => {
    serve(routes({ 'POST /api/v3/order/': emailRequired }));
    renderCheckout();
    await ready();
    expect(screen.queryByTestId('email-needed')).toBeNull();
    fireEvent.click(tab('Netbanking'));
    fireEvent.click(screen.getByRole('radio', { name: 'HDFC Bank' }));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    const notice = await screen.findByTestId('email-needed');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(EMAIL_REQUIRED_MESSAGE);
    expect(within(notice).getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/account/settings');
    expect(onOrderPlaced).not.toHaveBeenCalled();
    expect(FakeProvider.made).toHaveLength(0);
  });

  it('a network failure keeps the attempt’s Idempotency-Key for the retry', async () => {
    let fail = true;
    serve(
      routes({
        'POST /api/v3/order/': () => {
          if (fail) return Promise.reject(new TypeError('Failed to fetch'));
          return json(placedFixture({ next: 'done', payment_mode: 'NETBANKING' }), 201);
        },
      }),
    );
    renderCheckout();
    await ready();
    fireEvent.click(tab('Netbanking'));
    fireEvent.click(screen.getByRole('radio', { name: 'Axis Bank' }));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(toast('warning')).toContain('Network Error'));
    fail = false;
    fireEvent.click(payButton());
    await waitFor(() => expect(orderPosts()).toHaveLength(2));
    const keys = orderPosts().map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
  });

  it('cash on delivery: the fee joins the breakup, Place order, then the code confirms the order', async () => {
    serve(
      routes({
        'POST /api/v3/order/': () =>
          json(
            placedFixture({
              payment_mode: 'COD',
              status: 'Pending confirmation',
              next: 'confirm_cod',
              to_pay: 164700,
              to_pay_ui: '₹1,647',
            }),
            201,
          ),
        'POST /api/v1/orders/ord_9f2c/confirm-cod/': (_u, init) =>
          JSON.parse(String(init.body)).code === '123456'
            ? json({ order_id: 'ord_9f2c', status: 'Verified' })
            : json({ error: 'wrong_code', message: 'That code is not right. Please check the SMS and try again.' }, 400),
        'POST /api/v1/orders/ord_9f2c/cod-code/': () => json({ sent: true }),
      }),
    );
    renderCheckout();
    await ready();
    fireEvent.click(tab('Cash on Delivery'));
    expect(screen.getByTestId('cod-note').textContent).toContain('A ₹49 cash handling fee is added to your total.');
    await waitFor(() => expect(checkoutGets().some((c) => c.url.searchParams.get('payment_mode') === 'COD')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('₹1,647'));
    const fee = screen.getByTestId('price-breakup').querySelector('[data-row="cod-fee"]')!;
    expect(fee.textContent).toBe('Cash handling fee₹49');
    expect(payButton().textContent).toBe('Place order');

    fireEvent.click(payButton());
    const panel = await screen.findByTestId('cod-confirm');
    expect(JSON.parse(String(orderPosts()[0]!.init.body))).toEqual({
      address_id: 11,
      payment_mode: 'COD',
      use_wallet: false,
      expected_to_pay: 164700,
    });
    expect(onOrderPlaced).toHaveBeenCalledTimes(1);
    expect(FakeProvider.made).toHaveLength(0);

    const code = within(panel).getByLabelText('Confirmation code');
    type(code, '1234');
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm order' }));
    expect(errorUnder(code)).toBe('Please enter the 6 digit code');
    type(code, '654321');
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(errorUnder(code)).toBe('That code is not right. Please check the SMS and try again.'));

    fireEvent.click(within(panel).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(toast('success')).toContain('We sent a new code to your mobile'));

    type(code, '123456');
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByTestId('probe')).textContent).toBe('Thank you /checkout/complete/?order_id=ord_9f2c');
  });

  it('cash on delivery not offered here: the tab is disabled with the reason', async () => {
    serve(routes({}, { cod: { allowed: false, reason: 'Cash on delivery is available up to ₹10,000.', fee: 4900, fee_ui: '₹49' } }));
    renderCheckout();
    await ready();
    const cod = tab('Cash on Delivery') as HTMLButtonElement;
    expect(cod.disabled).toBe(true);
    expect(cod.textContent).toContain('Cash on delivery is available up to ₹10,000.');
  });

  it('an address the shop cannot deliver to says so and keeps Pay disabled', async () => {
    serve(
      routes(
        {},
        {
          delivery: {
            deliverable: false,
            cod: false,
            estimated_delivery: null,
            estimated_delivery_ui: null,
            message: 'Sorry, we do not deliver to 799001 yet.',
          },
        },
      ),
    );
    renderCheckout();
    await ready();
    expect(screen.getByTestId('delivery').textContent).toContain('Sorry, we do not deliver to 799001 yet.');
    fireEvent.click(tab('Netbanking'));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes Bank' }));
    expect(payButton().disabled).toBe(true);
    expect(screen.getByText('We can’t deliver to this address yet; choose another')).toBeTruthy();
  });

  it('the wallet: its switch asks again with use_wallet=1; when it covers everything Place order places a WALLET order', async () => {
    serve(
      routes(
        {
          'POST /api/v3/order/': () =>
            json(placedFixture({ payment_mode: 'WALLET', status: 'Verified', next: 'done', to_pay: 0, to_pay_ui: '₹0' }), 201),
        },
        { wallet: { balance: 200000, balance_ui: '₹2,000' } },
      ),
    );
    renderCheckout();
    await ready();
    fireEvent.click(screen.getByRole('switch', { name: 'Use wallet balance ₹2,000' }));
    await waitFor(() => expect(checkoutGets().some((c) => c.url.searchParams.get('use_wallet') === '1')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('wallet-note').textContent).toBe('Your wallet covers this order: ₹1,598 will be used.'));
    expect(screen.queryByTestId('payment-tabs')).toBeNull();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toBe('Place order');
    fireEvent.click(payButton());
    expect((await screen.findByTestId('probe')).textContent).toBe('Thank you /checkout/complete/?order_id=ord_9f2c');
    expect(JSON.parse(String(orderPosts()[0]!.init.body))).toEqual({
      address_id: 11,
      payment_mode: 'WALLET',
      use_wallet: true,
      expected_to_pay: 0,
    });
    expect(onOrderPlaced).toHaveBeenCalledTimes(1);
  });

  it('Change picks another address from the book; a newly added address is chosen', async () => {
    serve(routes());
    renderCheckout();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a delivery address' });
    fireEvent.click(within(picker).getByRole('button', { name: /Prestige Tower/ }));
    await waitFor(() => expect(screen.getByTestId('chosen-address').textContent).toContain('Bengaluru, Karnataka 560001'));
    expect(checkoutGets().some((c) => c.url.searchParams.get('address_id') === '12')).toBe(true);

    fireEvent.click(within(screen.getByTestId('address-step')).getByRole('button', { name: 'Add new address' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Add a new address' })).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(checkoutGets().some((c) => c.url.searchParams.get('address_id') === '30')).toBe(true));
  });

  it('the sandbox values show only under a test key', async () => {
    serve(routes({}, { payment: { paymentSDK: 'RAZORPAY', key: 'rzp_test_123', checkout_js: '/sandbox/razorpay/v1/checkout.js' } }));
    renderCheckout();
    await ready();
    const hint = screen.getByTestId('sandbox-hint');
    expect(hint.textContent).toContain('success@razorpay');
    expect(hint.textContent).toContain('4111 1111 1111 1111');
    expect(hint.textContent).toContain('5104 0600 0000 0008');
  });
});
