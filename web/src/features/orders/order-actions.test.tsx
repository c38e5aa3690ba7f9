// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/shared/api/query-keys';
import { calls, json, serve, type Handler } from '@/test/fake-api';
import { cancelCheckFixture, delivered, listFixture, orderFixture, partialReorder, shopper } from './orders.fixtures';
import { formOf, listCalls, renderOrders, withFakeServer } from './orders.testkit';
import type { CancelCheck, Order } from './types';

const ME = 'GET /api/v1/me/';
const HISTORY = 'GET /order/history/';
const CHECK = 'POST /api/v1/order-cancel-check/';
const COD_CANCEL = 'POST /cancel-order/';
const PREPAID_CANCEL = 'POST /cancel-prepaid-order/';
const REORDER = 'POST /add_to_cart_order/';

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

const received = orderFixture({
  pk: 'DRP0000042',
  util: { status: 'Verified', status_label: 'Order Received', status_colour: '#1d4ed8', can_cancel: true, cancel_flow: 'cod' },
  header: { courier: '', tracking_number: '', total: 159_800, total_ui: '₹1,598', items_count: 2 },
});
const paidOnline = orderFixture({
  pk: 'DRP0000043',
  util: { status: 'Verified', status_label: 'Order Received', status_colour: '#1d4ed8', can_cancel: true, cancel_flow: 'prepaid' },
  header: {
    payment_mode: 'UPI',
    payment_mode_ui: 'Paid online + wallet',
    courier: '',
    tracking_number: '',
    total: 159_800,
    total_ui: '₹1,598',
  },
});
const prepaidCheck = cancelCheckFixture({
  order_id: 'enc_DRP0000043',
  cancel_flow: 'prepaid',
  refund_options: [
    { refundType: 'wallet', amount: 159_800, amount_ui: '₹1,598', text: '₹1,598 to your Drape wallet, at once' },
    {
      refundType: 'source',
      amount: 159_800,
      amount_ui: '₹1,598',
      text: '₹1,398 to your original payment method in 5–7 working days, and ₹200 to your wallet',
    },
  ],
});

function routes(orders: Order[], over: Record<string, Handler> = {}, check: CancelCheck = cancelCheckFixture()): Record<string, Handler> {
  return {
    [ME]: () => json(shopper),
    [HISTORY]: () => json(listFixture(orders)),
    [CHECK]: () => json(check),
    ...over,
  };
}

const card = (pk: string) => screen.getAllByTestId('order-card').find((c) => c.getAttribute('data-order') === pk)!;
const dialog = () => screen.getByRole('dialog', { name: 'Cancel order' });

async function openCancel(pk: string) {
  await waitFor(() => expect(card(pk)).toBeTruthy());
  fireEvent.click(within(card(pk)).getByRole('button', { name: `Cancel order ${pk}` }));
  await waitFor(() => expect(within(dialog()).getByTestId('cancel-form')).toBeTruthy());
}

const submit = () => fireEvent.click(within(dialog()).getByTestId('cancel-submit'));

describe('Cancel order', () => {
  withFakeServer();

  it('cash on delivery: the check first, then reason, orderid and comment posted to /cancel-order/; the page says it is done', async () => {
    serve(routes([received], { [COD_CANCEL]: () => text('success') }));
    const { client } = renderOrders();
    await openCancel('DRP0000042');
    // the check: the order and a request id
    const checkCall = calls.find((c) => c.url.pathname === '/api/v1/order-cancel-check/')!;
    const body = JSON.parse(checkCall.init.body as string);
    expect(body.order_id).toBe('enc_DRP0000042');
    expect(typeof body.drape_request_id).toBe('string');
    expect(body.drape_request_id.length).toBeGreaterThan(8);

    const d = dialog();
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(within(d).getByText('DRP0000042')).toBeTruthy();
    const reasons = within(within(d).getByTestId('cancel-reasons')).getAllByRole('radio');
    expect(reasons).toHaveLength(6);
    // nothing paid yet: no refund choice, and it says so
    expect(within(d).queryByTestId('refund-options')).toBeNull();
    expect(within(d).getByTestId('cancel-refund-note').textContent).toBe(
      'Nothing has been paid for this order, so there is nothing to refund.',
    );

    // the wallet and the header count are in the cache, to be asked again
    client.setQueryData([...queryKeys.wallet, 7], { walletAmount: 0, walletAmount_ui: '₹0', entries: [] });
    client.setQueryData(queryKeys.cartQuantity, { cart_quantity: 2 });

    fireEvent.click(within(d).getByLabelText('Delivery date is too late'));
    fireEvent.change(within(d).getByLabelText(/Comment/), { target: { value: '  Need it by Friday  ' } });
    submit();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formOf('/cancel-order/')).toEqual({
      reason: 'Delivery date is too late',
      orderid: 'enc_DRP0000042',
      comment: 'Need it by Friday',
      csrfmiddlewaretoken: 'tok123',
    });
    expect(calls.some((c) => c.url.pathname === '/cancel-prepaid-order/')).toBe(false);
    const notice = screen.getByTestId('orders-notice');
    expect(notice.textContent).toContain('Order DRP0000042 is cancelled.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(notice);
    // the list is asked again; the wallet and the header count are stale
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(client.getQueryState([...queryKeys.wallet, 7])!.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.cartQuantity)!.isInvalidated).toBe(true);
  });

  it('the reason is needed, and a comment for Other, before anything is posted', async () => {
    serve(routes([received], { [COD_CANCEL]: () => text('success') }));
    renderOrders();
    await openCancel('DRP0000042');
    const d = dialog();
    submit();
    expect(within(d).getByText('Please tell us why you are cancelling.')).toBeTruthy();
    expect(document.activeElement).toBe(within(d).getByLabelText('Ordered by mistake'));
    fireEvent.click(within(d).getByLabelText('Other'));
    submit();
    expect(within(d).getByText('Please tell us a little more in the comment.')).toBeTruthy();
    expect(
      within(d)
        .getByLabelText(/Comment/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls.some((c) => c.url.pathname === '/cancel-order/')).toBe(false);
    fireEvent.change(within(d).getByLabelText(/Comment/), { target: { value: 'Bought it in a shop' } });
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formOf('/cancel-order/')).toMatchObject({ reason: 'Other', comment: 'Bought it in a shop' });
  });

  it('paid online: the refund goes where the shopper chooses, posted to /cancel-prepaid-order/ as one, refundType, is_user, orderId, comment', async () => {
    serve(routes([paidOnline], { [PREPAID_CANCEL]: () => text('success') }, prepaidCheck));
    renderOrders();
    await openCancel('DRP0000043');
    const d = dialog();
    const options = within(within(d).getByTestId('refund-options')).getAllByRole('radio');
    expect(options.map((o) => (o as HTMLInputElement).value)).toEqual(['wallet', 'source']);
    expect(options.every((o) => !(o as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(within(d).getByLabelText('Ordered by mistake'));
    submit();
    expect(within(d).getByText('Choose where the refund goes: your Drape wallet or the original payment method.')).toBeTruthy();
    fireEvent.click(within(d).getByLabelText(/original payment method in 5–7 working days/));
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formOf('/cancel-prepaid-order/')).toEqual({
      one: 'Ordered by mistake',
      refundType: 'source',
      is_user: '1',
      orderId: 'enc_DRP0000043',
      comment: '',
      csrfmiddlewaretoken: 'tok123',
    });
    expect(calls.some((c) => c.url.pathname === '/cancel-order/')).toBe(false);
    const notice = screen.getByTestId('orders-notice');
    expect(Array.from(notice.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'Order DRP0000043 is cancelled.',
      'Refund: ₹1,398 to your original payment method in 5–7 working days, and ₹200 to your wallet.',
    ]);
  });

  it('the server’s refusal shows in the sheet, which stays open; a field error sits under its field', async () => {
    let answer: Response = json({ error: 'not_cancellable', message: 'This order has shipped and can no longer be cancelled.' }, 409);
    serve(routes([received], { [COD_CANCEL]: () => answer }));
    renderOrders();
    await openCancel('DRP0000042');
    const d = dialog();
    fireEvent.click(within(d).getByLabelText('Ordered by mistake'));
    submit();
    const error = await within(d).findByTestId('cancel-error');
    expect(error.textContent).toBe('This order has shipped and can no longer be cancelled.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('orders-notice')).toBeNull();

    answer = json(
      {
        error: 'bad_request',
        message: 'Please keep the comment under 500 characters.',
        fields: { comment: 'Please keep the comment under 500 characters.' },
      },
      400,
    );
    submit();
    await waitFor(() => expect(within(d).getByText('Please keep the comment under 500 characters.')).toBeTruthy());
    expect(
      within(d)
        .getByLabelText(/Comment/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(d).queryByTestId('cancel-error')).toBeNull();
  });

  it('one tap sends one request: the button is disabled while it is on its way', async () => {
    let finish: (r: Response) => void = () => {};
    serve(routes([received], { [COD_CANCEL]: () => new Promise<Response>((r) => (finish = r)) as unknown as Response }));
    renderOrders();
    await openCancel('DRP0000042');
    const d = dialog();
    fireEvent.click(within(d).getByLabelText('Ordered by mistake'));
    submit();
    submit();
    const button = within(d).getByTestId('cancel-submit') as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toContain('Cancelling…');
    submit();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/cancel-order/')).toHaveLength(1));
    await act(async () => finish(text('success')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url.pathname === '/cancel-order/')).toHaveLength(1);
  });

  it('an order the check says cannot be cancelled shows why, and no form', async () => {
    const check = cancelCheckFixture({
      cancellable: false,
      message: 'This order has shipped and can no longer be cancelled. You can return it once it is delivered.',
    });
    serve(routes([received], {}, check));
    renderOrders();
    await waitFor(() => expect(card('DRP0000042')).toBeTruthy());
    fireEvent.click(within(card('DRP0000042')).getByRole('button', { name: 'Cancel order DRP0000042' }));
    const refused = await within(dialog()).findByTestId('cancel-refused');
    expect(refused.textContent).toContain('This order has shipped and can no longer be cancelled.');
    expect(within(dialog()).queryByTestId('cancel-form')).toBeNull();
    fireEvent.click(within(refused).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a wallet-paid order cancelled as cash on delivery says where the money goes', async () => {
    const check = cancelCheckFixture({
      refund_options: [{ refundType: 'wallet', amount: 159_800, amount_ui: '₹1,598', text: '₹1,598 to your Drape wallet, at once' }],
    });
    serve(routes([received], { [COD_CANCEL]: () => text('success') }, check));
    renderOrders();
    await openCancel('DRP0000042');
    expect(within(dialog()).getByTestId('cancel-refund-note').textContent).toBe('Refund: ₹1,598 to your Drape wallet, at once.');
    fireEvent.click(within(dialog()).getByLabelText('Ordered by mistake'));
    submit();
    await waitFor(() => expect(screen.getByTestId('orders-notice').textContent).toContain('Refund: ₹1,598 to your Drape wallet, at once.'));
    expect(formOf('/cancel-order/')).not.toHaveProperty('refundType');
  });

  it('Keep order and Escape close the sheet without posting', async () => {
    serve(routes([received]));
    renderOrders();
    await openCancel('DRP0000042');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname !== '/api/v1/order-cancel-check/')).toHaveLength(0);
  });
});

describe('Order again', () => {
  withFakeServer();
  const past = delivered('DRPDEMO0001');

  it('everything went in (the text success): “Added to your bag” with the way to the bag, and the header count asked again', async () => {
    serve(routes([past], { [REORDER]: () => text('success') }));
    const { client } = renderOrders();
    await waitFor(() => expect(card('DRPDEMO0001')).toBeTruthy());
    client.setQueryData(queryKeys.cartQuantity, { cart_quantity: 2 });
    fireEvent.click(within(card('DRPDEMO0001')).getByRole('button', { name: 'Order again DRPDEMO0001' }));
    const message = await within(card('DRPDEMO0001')).findByTestId('reorder-message');
    expect(message.textContent).toContain('Added to your bag');
    expect(within(message).getByRole('link', { name: 'View bag' }).getAttribute('href')).toBe('/view-cart/');
    expect(formOf('/add_to_cart_order/')).toEqual({ order_id: 'enc_DRPDEMO0001', csrfmiddlewaretoken: 'tok123' });
    expect(client.getQueryState(queryKeys.cartQuantity)!.isInvalidated).toBe(true);
  });

  it('some of it: the server’s message, what was left out and why, and the bag count from the answer', async () => {
    serve(routes([past], { [REORDER]: () => json(partialReorder) }));
    const { client } = renderOrders();
    await waitFor(() => expect(card('DRPDEMO0001')).toBeTruthy());
    fireEvent.click(within(card('DRPDEMO0001')).getByRole('button', { name: 'Order again DRPDEMO0001' }));
    const message = await within(card('DRPDEMO0001')).findByTestId('reorder-message');
    expect(message.textContent).toContain('Added 1 to your bag. Left out: Lace Bralette (M).');
    expect(within(message).getByTestId('reorder-left-out').textContent).toBe('Lace Bralette (M): Out of stock in this size');
    expect(within(message).getByRole('link', { name: 'View bag' })).toBeTruthy();
    expect(client.getQueryData(queryKeys.cartQuantity)).toEqual({ cart_quantity: 3 });
  });

  it('none of it (409): the server’s message and the items, no way to the bag', async () => {
    const nothing = {
      ...partialReorder,
      status: 'nothing_added',
      added_pieces: 0,
      message: 'None of these items can be ordered again now: Lace Bralette (M).',
    };
    serve(routes([past], { [REORDER]: () => json(nothing, 409) }));
    renderOrders();
    await waitFor(() => expect(card('DRPDEMO0001')).toBeTruthy());
    fireEvent.click(within(card('DRPDEMO0001')).getByRole('button', { name: 'Order again DRPDEMO0001' }));
    const message = await within(card('DRPDEMO0001')).findByTestId('reorder-message');
    expect(message.textContent).toContain('None of these items can be ordered again now: Lace Bralette (M).');
    expect(within(message).getByTestId('reorder-left-out').textContent).toBe('Lace Bralette (M): Out of stock in this size');
    expect(within(message).queryByRole('link', { name: 'View bag' })).toBeNull();
  });

  it('another failure shows its message', async () => {
    serve(routes([past], { [REORDER]: () => json({ error: 'not_found', message: 'We couldn’t find that order.' }, 404) }));
    renderOrders();
    await waitFor(() => expect(card('DRPDEMO0001')).toBeTruthy());
    fireEvent.click(within(card('DRPDEMO0001')).getByRole('button', { name: 'Order again DRPDEMO0001' }));
    expect((await within(card('DRPDEMO0001')).findByTestId('reorder-message')).textContent).toContain('We couldn’t find that order.');
  });
});
