// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, json, serve, type Handler } from '@/test/fake-api';
import {
  activewearLine,
  delivered,
  detailFixture,
  exchangeRequested,
  exchangeSizesFixture,
  guest,
  listFixture,
  offersFixture,
  orderFixture,
  returnable,
  returnFixture,
  returnPriceFor,
  returnRequested,
  serviceabilityFixture,
  shopper,
} from './orders.fixtures';
import { formOf, formsOf, renderOrders, withFakeServer } from './orders.testkit';
import type { OrderDetail } from './types';

const ME = 'GET /api/v1/me/';
const DETAIL = 'GET /api/v1/orders/enc_DRPDEMO0004/';
const PRICE = 'POST /calculate_return_price_new/';
const REQUEST = 'POST /sap_exchange_return_request/';
const SIZES = 'GET /exchange_realtime_size/';
const STYLES = 'GET /showOfferProductsExchange/';
const PINCODE = 'GET /check_pincode/';
const PAGE = '/order/return/enc_DRPDEMO0004/';

const bodyOf = (init: RequestInit) => Object.fromEntries(new URLSearchParams(init.body as string));

function routes(over: Record<string, Handler> = {}, detail: OrderDetail = detailFixture(returnable)): Record<string, Handler> {
  return {
    [ME]: () => json(shopper),
    [DETAIL]: () => json(detail),
    [PRICE]: (_url, init) => json(returnPriceFor(bodyOf(init))),
    [PINCODE]: (url) => json(serviceabilityFixture(url.searchParams.get('pincode')!, true)),
    [SIZES]: () => json(exchangeSizesFixture),
    ...over,
  };
}

const item = (id: number) => screen.getAllByTestId('return-item').find((i) => i.getAttribute('data-line') === String(id))!;
const submit = () => fireEvent.click(screen.getByTestId('return-submit'));

async function openPage() {
  await screen.findByTestId('return-form');
}

/** Ticks a line and chooses Return or Exchange for it. */
function pickLine(id: number, process?: 'Return' | 'Exchange') {
  fireEvent.click(within(item(id)).getByRole('checkbox'));
  if (process) fireEvent.click(within(item(id)).getByLabelText(process === 'Return' ? 'Return for a refund' : 'Exchange'));
}

async function chooseReason(reason = 'Size too small') {
  fireEvent.click(await screen.findByLabelText(reason));
}

function typeBank(values: Partial<Record<string, string>> = {}) {
  const bank = within(screen.getByTestId('bank-fields'));
  const v = {
    'Account holder’s name': 'Riya Sharma',
    'Account number': '50100123456789',
    'Account number again': '50100123456789',
    'IFSC code': 'hdfc0000001',
    Branch: 'Indiranagar',
    ...values,
  };
  for (const [label, value] of Object.entries(v)) fireEvent.change(bank.getByLabelText(label), { target: { value } });
}

describe('Return or exchange', () => {
  withFakeServer();

  it('lists the lines: the ones that may go back with a checkbox, the others disabled with why; exchange-only has no Return', async () => {
    serve(routes());
    renderOrders(PAGE);
    await openPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Return or exchange');
    expect(screen.getByText('Return or exchange by Mon, 7 Dec 2026')).toBeTruthy();
    expect(screen.getAllByTestId('return-item')).toHaveLength(4);
    const panty = within(item(403)).getByRole('checkbox') as HTMLInputElement;
    expect(panty.disabled).toBe(true);
    expect(within(item(403)).getByTestId('return-note').textContent).toBe(
      'Briefs, panties and sets with them are not returnable or exchangeable, for hygiene.',
    );
    expect(panty.getAttribute('aria-describedby')).toBe(within(item(403)).getByTestId('return-note').id);

    fireEvent.click(within(item(404)).getByRole('checkbox'));
    expect(within(item(404)).queryByLabelText('Return for a refund')).toBeNull();
    expect(within(item(404)).getByTestId('exchange-only').textContent).toBe('This item can be exchanged for another size, not returned.');
    // an exchange-only line is an exchange at once: its sizes are asked
    await waitFor(() => expect(within(item(404)).getByTestId('exchange-sizes')).toBeTruthy());
    // nothing is priced or posted before a choice is made
    expect(screen.queryByTestId('return-refund')).toBeNull();
  });

  it('a cash-on-delivery return with bank details: priced as the selection changes, then the spec’s form posted', async () => {
    let posted = 0;
    serve(
      routes({
        [REQUEST]: () => {
          posted += 1;
          return json(returnRequested);
        },
      }),
    );
    const { client } = renderOrders(PAGE);
    await openPage();

    pickLine(401, 'Return');
    const refund = await screen.findByTestId('refund-amount');
    await waitFor(() => expect(refund.textContent).toBe('Refund₹1,299'));
    expect(formOf('/calculate_return_price_new/')).toEqual({
      orderId: 'enc_DRPDEMO0004',
      checked_products: '401',
      checked_prod_quantity: '1',
      checked_prod_process: 'Return',
      checked_prod_exchange_size: '',
      payment_type: 'cod',
      new_exchange_return: '1',
      csrfmiddlewaretoken: 'tok123',
    });

    // two pieces: the stepper stops at what remains, and the refund is asked again
    const more = within(item(401)).getByRole('button', { name: 'One more' }) as HTMLButtonElement;
    fireEvent.click(more);
    expect(within(item(401)).getByTestId('return-quantity').textContent).toBe('2');
    expect(more.disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('refund-amount').textContent).toBe('Refund₹2,598'));
    expect(formOf('/calculate_return_price_new/').checked_prod_quantity).toBe('2');
    fireEvent.click(within(item(401)).getByRole('button', { name: 'One fewer' }));
    await waitFor(() => expect(screen.getByTestId('refund-amount').textContent).toBe('Refund₹1,299'));

    await chooseReason('Did not like the fit');
    // the refund's routes from the server: bank or wallet, none chosen for the shopper
    const options = within(screen.getByTestId('refund-routes')).getAllByRole('radio') as HTMLInputElement[];
    expect(options.map((o) => o.value)).toEqual(['bank', 'wallet']);
    expect(options.some((o) => o.checked)).toBe(false);
    fireEvent.click(screen.getByLabelText(/Bank account/));
    typeBank();
    // typed in small letters, shown and sent in capitals
    expect((screen.getByLabelText('IFSC code') as HTMLInputElement).value).toBe('HDFC0000001');
    expect(screen.getByTestId('pickup-delivery').textContent).toContain('Indiranagar, Bengaluru, Karnataka 560038');

    submit();
    submit();
    const done = await screen.findByTestId('return-done');
    expect(posted).toBe(1);
    expect(formOf('/sap_exchange_return_request/')).toEqual({
      orderId: 'enc_DRPDEMO0004',
      checked_products: '401',
      checked_prod_quantity: '1',
      checked_prod_process: 'Return',
      checked_prod_exchange_size: '',
      reasons_for_refund: 'Did not like the fit',
      reasons_comments: '',
      new_order_address: '0',
      full_name: '',
      address: '',
      address_pincode: '',
      city: '',
      state: '',
      mobile: '',
      refundType: 'bank',
      accountName: 'Riya Sharma',
      accountNnumber: '50100123456789',
      confirmAccountNumber: '50100123456789',
      ifscCode: 'HDFC0000001',
      branchName: 'Indiranagar',
      payment_type: 'cod',
      new_exchange_return: '1',
      csrfmiddlewaretoken: 'tok123',
    });
    expect(within(done).getByRole('heading', { level: 1 }).textContent).toBe('We have your request');
    expect(document.activeElement).toBe(within(done).getByRole('heading', { level: 1 }));
    expect(within(done).getByTestId('return-done-message').textContent).toBe(returnRequested.message);
    expect(done.textContent).toContain('Your return is on the order’s page.');
    expect(done.getAttribute('data-return')).toBe('RET7F3A21');
    expect(within(done).getByText('Refund to your bank account')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe('/order/detail/enc_DRPDEMO0004/');
    expect(within(done).getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/order/history/');
    // the order is asked again (the pieces left, the request on its page)
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/orders/enc_DRPDEMO0004/').length).toBeGreaterThan(1));
    expect(client.getQueryCache().findAll({ queryKey: ['orders'] }).length).toBeGreaterThan(0);
  });

  it('an exchange for another size: the sizes in stock as chips, no refund, the size in the fourth list', async () => {
    serve(routes({ [REQUEST]: () => json(exchangeRequested) }));
    renderOrders(PAGE);
    await openPage();
    pickLine(402, 'Exchange');
    const sizes = await within(item(402)).findByRole('radiogroup', { name: 'New size' });
    const sizeCall = calls.find((c) => c.url.pathname === '/exchange_realtime_size/')!;
    expect(Object.fromEntries(sizeCall.url.searchParams)).toEqual({ prod_id: '41', exchange: 'exc', variation: 'L' });
    const chips = within(sizes).getAllByRole('radio');
    expect(chips.map((c) => c.textContent)).toEqual(['M', 'XLOnly 2 left']);

    // the size is needed before posting
    await chooseReason();
    submit();
    expect(await within(item(402)).findByText('Pick the size you want instead.')).toBeTruthy();
    expect(document.activeElement).toBe(within(item(402)).getByText('Pick the size you want instead.'));
    expect(calls.some((c) => c.url.pathname === '/sap_exchange_return_request/')).toBe(false);

    fireEvent.click(chips[1]!);
    expect(chips[1]!.getAttribute('aria-checked')).toBe('true');
    expect(within(item(402)).queryByText('Pick the size you want instead.')).toBeNull();
    // an exchange refunds nothing: no refund section, no route
    expect(screen.queryByTestId('return-refund')).toBeNull();
    expect(screen.getByTestId('exchange-free')).toBeTruthy();
    expect(screen.getByTestId('return-submit').textContent).toBe('Request exchange');
    submit();
    const done = await screen.findByTestId('return-done');
    const form = formOf('/sap_exchange_return_request/');
    expect(form).toMatchObject({
      checked_products: '402',
      checked_prod_quantity: '1',
      checked_prod_process: 'Exchange',
      checked_prod_exchange_size: 'XL',
      refundType: '',
      accountNnumber: '',
      reasons_for_refund: 'Size too small',
    });
    expect(within(done).getByTestId('return-done-message').textContent).toBe(exchangeRequested.message);
    expect(done.textContent).toContain('Your exchange is on the order’s page.');
    expect(within(done).getByTestId('exchange-order-ref').textContent).toBe('DRP0000107');
  });

  it('an exchange for another style of the same price: the styles a page at a time, the chosen one’s {product_id}:{size}', async () => {
    serve(
      routes({ [STYLES]: (url) => json(offersFixture(Number(url.searchParams.get('page')))), [REQUEST]: () => json(exchangeRequested) }),
    );
    renderOrders(PAGE);
    await openPage();
    pickLine(401, 'Return');
    pickLine(402, 'Exchange');
    fireEvent.click(await within(item(402)).findByRole('button', { name: 'Choose another style instead of Cotton Pyjama Set' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose another style' });
    await within(sheet).findAllByTestId('exchange-style-option');
    const first = calls.find((c) => c.url.pathname === '/showOfferProductsExchange/')!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ orderId: 'enc_DRPDEMO0004', pId: '41', qty: '1', size: 'L', page: '1' });
    expect(within(sheet).getByTestId('exchange-styles-page').textContent).toBe('Page 1 of 2');
    fireEvent.click(within(sheet).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(within(sheet).getByTestId('exchange-styles-page').textContent).toBe('Page 2 of 2'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Choose Printed Night Suit 2, Peach, size L' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(item(402)).getByTestId('exchange-style').textContent).toBe('Exchange for Printed Night Suit 2 (Peach), size L');

    await chooseReason('Other');
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Prefer the print' } });
    fireEvent.click(screen.getByLabelText(/Drape wallet/));
    expect(screen.queryByTestId('bank-fields')).toBeNull();
    expect(screen.getByTestId('return-submit').textContent).toBe('Request return and exchange');
    submit();
    await screen.findByTestId('return-done');
    expect(formOf('/sap_exchange_return_request/')).toMatchObject({
      checked_products: '401,402',
      checked_prod_quantity: '1,1',
      checked_prod_process: 'Return,Exchange',
      checked_prod_exchange_size: ',92:L',
      reasons_for_refund: 'Other',
      reasons_comments: 'Prefer the print',
      refundType: 'wallet',
      accountName: '',
    });
  });

  it('the browser checks the bank form as the server does, and posts nothing until it is right', async () => {
    serve(routes({ [REQUEST]: () => json(returnRequested) }));
    renderOrders(PAGE);
    await openPage();
    pickLine(401, 'Return');
    await chooseReason();
    fireEvent.click(await screen.findByLabelText(/Bank account/));
    submit();
    const missing = await screen.findByTestId('bank-error');
    expect(missing.textContent).toBe('please enter the bank details');
    expect(document.activeElement).toBe(missing);
    typeBank({ 'Account number again': '50100123456780', 'IFSC code': 'HDFC1000001', Branch: '' });
    expect(screen.queryByTestId('bank-error')).toBeNull();
    submit();
    await waitFor(() => expect(screen.getByText('The account numbers do not match.')).toBeTruthy());
    expect(screen.getByText('Please enter a valid IFSC code')).toBeTruthy();
    expect(screen.getByText('Please enter the branch name.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Account number again'));
    expect(screen.getByLabelText('Account number again').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.pathname === '/sap_exchange_return_request/')).toBe(false);
    typeBank();
    submit();
    await screen.findByTestId('return-done');
    expect(formsOf('/sap_exchange_return_request/')).toHaveLength(1);
  });

  it('the server’s “please enter the bank details” shows at the bank form; the button is disabled while sending', async () => {
    let answer: () => Response | Promise<Response> = () =>
      json({ error: 'bank_details_missing', message: 'please enter the bank details' }, 400);
    serve(routes({ [REQUEST]: () => answer() }));
    renderOrders(PAGE);
    await openPage();
    pickLine(401, 'Return');
    await chooseReason();
    fireEvent.click(await screen.findByLabelText(/Bank account/));
    typeBank();
    submit();
    const error = await screen.findByTestId('bank-error');
    expect(error.textContent).toBe('please enter the bank details');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(screen.getByTestId('return-refund')).getByTestId('bank-error')).toBe(error);
    expect(screen.queryByTestId('return-done')).toBeNull();

    let finish: (r: Response) => void = () => {};
    answer = () => new Promise<Response>((r) => (finish = r));
    submit();
    const button = screen.getByTestId('return-submit') as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toContain('Sending…');
    submit();
    await act(async () => finish(json(returnRequested)));
    await screen.findByTestId('return-done');
    expect(formsOf('/sap_exchange_return_request/')).toHaveLength(2);
  });

  it('the server’s “Reverse Pickup service is not available for this pincode”: under the delivery address, then another address', async () => {
    serve(
      routes({
        [REQUEST]: (_url, init) =>
          bodyOf(init).address_pincode === '400050'
            ? json(returnRequested)
            : json({ error: 'no_reverse_pickup', message: 'Reverse Pickup service is not available for this pincode' }, 400),
        [PINCODE]: (url) => {
          const pin = url.searchParams.get('pincode')!;
          return json(
            pin === '400050'
              ? serviceabilityFixture(pin, true, { city: 'Mumbai', state: 'Maharashtra' })
              : serviceabilityFixture(pin, pin === '560038'),
          );
        },
      }),
    );
    renderOrders(PAGE);
    await openPage();
    pickLine(401, 'Return');
    await chooseReason();
    fireEvent.click(await screen.findByLabelText(/Drape wallet/));
    submit();
    const error = await within(screen.getByTestId('return-pickup')).findByText('Reverse Pickup service is not available for this pincode');
    expect(error.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(error);

    fireEvent.click(screen.getByLabelText('Collect from another address'));
    const fields = within(screen.getByTestId('pickup-fields'));
    // the name and phone start as the delivery address's
    expect((fields.getByLabelText('Name') as HTMLInputElement).value).toBe('Riya Sharma');
    expect((fields.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.change(fields.getByLabelText('House, street and area'), { target: { value: '12 Hill Road, Bandra West' } });
    fireEvent.change(fields.getByLabelText('Pincode'), { target: { value: '400111' } });
    await waitFor(() =>
      expect(fields.getByTestId('pickup-pincode-note').textContent).toBe('Reverse Pickup service is not available for this pincode'),
    );
    fireEvent.change(fields.getByLabelText('Pincode'), { target: { value: '400050' } });
    await waitFor(() => expect((fields.getByLabelText('City') as HTMLInputElement).value).toBe('Mumbai'));
    expect((fields.getByLabelText('State') as HTMLInputElement).value).toBe('Maharashtra');
    expect(fields.getByTestId('pickup-pincode-note').textContent).toBe('Our courier collects from this pincode.');
    submit();
    await screen.findByTestId('return-done');
    expect(formOf('/sap_exchange_return_request/')).toMatchObject({
      new_order_address: '1',
      full_name: 'Riya Sharma',
      address: '12 Hill Road, Bandra West',
      address_pincode: '400050',
      city: 'Mumbai',
      state: 'Maharashtra',
      mobile: '9876543210',
      refundType: 'wallet',
    });
  });

  it('no pickup at the delivery pincode: that choice is off, with the spec’s words, and another address is asked for', async () => {
    serve(routes({ [PINCODE]: (url) => json(serviceabilityFixture(url.searchParams.get('pincode')!, false)) }));
    renderOrders(PAGE);
    await openPage();
    pickLine(402, 'Exchange');
    const delivery = (await screen.findByTestId('pickup-delivery')).closest('label')!;
    await waitFor(() => expect((within(delivery).getByRole('radio') as HTMLInputElement).disabled).toBe(true));
    expect(delivery.textContent).toContain('Reverse Pickup service is not available for this pincode');
    expect((screen.getByLabelText('Collect from another address') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('pickup-fields')).toBeTruthy();
  });

  it('a refusal of the pieces (409) shows at the top, and the order is read again', async () => {
    serve(
      routes({
        [REQUEST]: () =>
          json({ error: 'quantity_above_remaining', message: 'These pieces are already in a return or exchange request.' }, 409),
      }),
    );
    renderOrders(PAGE);
    await openPage();
    pickLine(401, 'Return');
    await chooseReason();
    fireEvent.click(await screen.findByLabelText(/Drape wallet/));
    const before = calls.filter((c) => c.url.pathname === '/api/v1/orders/enc_DRPDEMO0004/').length;
    submit();
    const error = await screen.findByTestId('return-error');
    expect(error.textContent).toBe('These pieces are already in a return or exchange request.');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/orders/enc_DRPDEMO0004/').length).toBeGreaterThan(before));
  });

  it('a guest is asked to log in and come back', async () => {
    serve({ [ME]: () => json(guest) });
    renderOrders(PAGE);
    const panel = await screen.findByTestId('return-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('an order with nothing left to send back says so', async () => {
    const done = delivered('DRPDEMO0001', {
      products: [{ ...activewearLine, returnable: false, rem_quantity: 0, return_note: 'The return window for this item has closed.' }],
      util: { can_return: false },
    });
    serve({ [ME]: () => json(shopper), 'GET /api/v1/orders/enc_DRPDEMO0001/': () => json(detailFixture(done)) });
    renderOrders('/order/return/enc_DRPDEMO0001/');
    const panel = await screen.findByTestId('return-nothing');
    expect(panel.textContent).toContain('The return window for this item has closed.');
    expect(screen.queryByTestId('return-form')).toBeNull();
  });
});

describe('Returns on the order page and My orders', () => {
  withFakeServer();

  it('the order page: Return or exchange, the requests with their status and timeline, and the invoice links', async () => {
    serve({
      [ME]: () => json(shopper),
      [DETAIL]: () => json(detailFixture(returnable, { returns: [returnFixture()] })),
    });
    renderOrders('/order/detail/enc_DRPDEMO0004/');
    const section = await screen.findByTestId('order-returns');
    expect(within(section).getByRole('heading', { name: 'Returns and exchanges' })).toBeTruthy();
    const request = within(section).getByTestId('order-return');
    expect(within(request).getByText('Return of 1 item')).toBeTruthy();
    expect(request.textContent).not.toContain('RET7F3A21');
    expect(within(request).getByTestId('order-status').textContent).toBe('Pickup scheduled');
    expect(request.textContent).toContain('Requested on 23 Nov 2026, 4:10 PM · Pickup on Wed, 25 Nov');
    expect(request.textContent).toContain('Return 1 × Flex Medium-Impact Sports Bra (size M) · ₹1,299');
    expect(within(request).getByTestId('order-return-refund').textContent).toBe('Refund ₹1,299 to your bank account');
    const steps = within(request).getAllByTestId('return-step');
    expect(steps.map((s) => s.querySelector('.od-step__label')!.textContent)).toEqual(['Return requested', 'Pickup scheduled']);
    expect(steps[1]!.textContent).toContain('By Drape');
    // the order's own timeline is apart
    expect(within(screen.getByTestId('order-timeline')).getAllByTestId('timeline-step')).toHaveLength(3);

    expect(screen.getByRole('link', { name: 'Return or exchange DRPDEMO0004' }).getAttribute('href')).toBe(
      '/order/return/enc_DRPDEMO0004/',
    );
    const pdf = screen.getByRole('link', { name: 'Download invoice (PDF)' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/orders/enc_DRPDEMO0004/invoice.pdf');
    expect(pdf.getAttribute('download')).toBe('Drape-invoice-DRPDEMO0004.pdf');
    expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe('/api/v1/orders/enc_DRPDEMO0004/invoice/');
  });

  it('no invoice and no returns section before delivery', async () => {
    serve({ [ME]: () => json(shopper), 'GET /api/v1/orders/enc_DRPDEMO0006/': () => json(detailFixture(orderFixture())) });
    renderOrders('/order/detail/enc_DRPDEMO0006/');
    await screen.findByTestId('order-head');
    expect(screen.queryByTestId('order-invoice')).toBeNull();
    expect(screen.queryByTestId('order-returns')).toBeNull();
    expect(screen.queryByRole('link', { name: /Return or exchange/ })).toBeNull();
  });

  it('My orders: Return or exchange on delivered cards that allow it, and the pickup notice when the list says so', async () => {
    const closed = delivered('DRPDEMO0001', { util: { can_return: false } });
    const list = { ...listFixture([returnable, closed]), non_serviceable_pop_up: true };
    serve({ [ME]: () => json(shopper), 'GET /order/history/': () => json(list) });
    renderOrders();
    const note = await screen.findByTestId('orders-pickup-note');
    expect(note.textContent).toBe(
      'Pickup isn’t available at one of your delivery pincodes; you can give another pickup address when you return.',
    );
    expect(screen.getByRole('link', { name: 'Return or exchange DRPDEMO0004' }).getAttribute('href')).toBe(
      '/order/return/enc_DRPDEMO0004/',
    );
    expect(screen.queryByRole('link', { name: 'Return or exchange DRPDEMO0001' })).toBeNull();
  });

  it('no pickup notice when the list does not say so', async () => {
    serve({ [ME]: () => json(shopper), 'GET /order/history/': () => json(listFixture([returnable])) });
    renderOrders();
    await screen.findAllByTestId('order-card');
    expect(screen.queryByTestId('orders-pickup-note')).toBeNull();
  });
});
