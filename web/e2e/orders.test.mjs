// My orders against the real server at 390×844. The demo shopper (9876543210) has six seeded orders:
// DRPDEMO0001–0005 delivered (cash on delivery) and DRPDEMO0006 shipped. From the account menu: three to a
// page, page 2, the Delivered filter (only delivered orders), an empty filter; one order in full with its
// timeline; Order again and the bag count growing. Then fresh shoppers place orders through checkout: a
// cash-on-delivery order confirmed by its SMS code is cancelled (reason, Cancelled, the timeline says who
// and why), and an order paid wholly from the wallet is cancelled back into the wallet, whose balance grows.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  addFromProductPage,
  cartCount,
  DEMO_SHOPPER,
  launchBrowser,
  logIn,
  newPhonePage,
  otpFromOutbox,
  screenshot,
  startServer,
  waitForCount,
} from './harness.mjs';
import { addAddress, openCheckout, pincodeWhere, placedOrderRef, walletBalance } from './shopping.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';
// Fresh shoppers (created at their first login); no other test uses these numbers.
const COD_SHOPPER = '9000000131';
const WALLET_SHOPPER = '9000000132';
const cards = (page) => page.getByTestId('order-card');
const cardOf = (page, ref) => page.locator(`[data-testid=order-card][data-order="${ref}"]`);
const numbers = (page) => cards(page).getByTestId('order-number').allInnerTexts();

/** Waits for the list to settle on `n` cards with the pager saying `pageOf` (null: no pager). */
async function waitForList(page, n, pageOf) {
  await page.waitForFunction(
    ([count, of]) => {
      const results = document.querySelector('[data-testid=orders-results]');
      if (!results || results.getAttribute('aria-busy') === 'true') return false;
      const shown = document.querySelectorAll('[data-testid=order-card]').length;
      const pager = document.querySelector('[data-testid=orders-page-of]')?.textContent ?? null;
      return shown === count && pager === of;
    },
    [n, pageOf],
  );
}

/** Opens an order's cancel sheet from its card and waits for the form. */
async function openCancel(page, ref) {
  await cardOf(page, ref)
    .getByRole('button', { name: `Cancel order ${ref}` })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Cancel order' });
  await sheet.getByTestId('cancel-form').waitFor();
  return sheet;
}

describe('my orders', () => {
  let server;
  let browser;
  let codPin;
  /** The demo shopper's phone, logged in once (a second OTP so soon would wait for its resend time). */
  let demo;

  before(async () => {
    server = await startServer({ referenceData: true });
    browser = await launchBrowser();
    codPin = await pincodeWhere(server.baseURL, true);
    demo = await newPhonePage(browser, server.baseURL);
    await logIn(demo.page, server.baseURL, '/', DEMO_SHOPPER);
  });

  after(async () => {
    await demo?.context.close();
    await browser?.close();
    await server?.stop();
  });

  test('from the account menu: three to a page, page 2, Delivered shows only delivered orders', async () => {
    const { page, problems } = demo;
    await page.goto('/');
    await page.getByTestId('account-button').click();
    await page.getByTestId('account-menu').getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL((u) => u.pathname === '/order/history/');
    await waitForList(page, 3, 'Page 1 of 2');
    assert.deepEqual(await numbers(page), ['DRPDEMO0006', 'DRPDEMO0005', 'DRPDEMO0004']);
    const shipped = cardOf(page, 'DRPDEMO0006');
    assert.equal(await shipped.getByTestId('order-status').innerText(), 'Order Shipped');
    assert.match(await shipped.getByTestId('order-delivery').innerText(), /Shipped with Delhivery · Tracking no\. DL\d{10}/);
    assert.equal(await shipped.getByTestId('order-payment').innerText(), 'Cash on Delivery');
    assert.equal(await cardOf(page, 'DRPDEMO0005').getByTestId('rate-link').count(), 1);
    await screenshot(page, 'orders-list.png', { fullPage: true });

    await page.getByTestId('orders-pager').getByRole('button', { name: 'Next' }).click();
    await waitForList(page, 3, 'Page 2 of 2');
    assert.equal(new URL(page.url()).searchParams.get('page'), '2');
    assert.deepEqual(await numbers(page), ['DRPDEMO0003', 'DRPDEMO0002', 'DRPDEMO0001']);
    await screenshot(page, 'orders-page-2.png', { fullPage: true });

    await page.getByTestId('order-filters').getByRole('button', { name: 'Delivered', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'Delivered' && !u.searchParams.has('page'));
    await waitForList(page, 3, 'Page 1 of 2');
    assert.deepEqual(await numbers(page), ['DRPDEMO0005', 'DRPDEMO0004', 'DRPDEMO0003']);
    assert.deepEqual(await cards(page).getByTestId('order-status').allInnerTexts(), Array(3).fill('Order Delivered'));
    await screenshot(page, 'orders-delivered.png');
    await page.getByTestId('orders-pager').getByRole('button', { name: 'Next' }).click();
    await waitForList(page, 2, 'Page 2 of 2');
    assert.deepEqual(await numbers(page), ['DRPDEMO0002', 'DRPDEMO0001']);
    assert.deepEqual(await cards(page).getByTestId('order-status').allInnerTexts(), Array(2).fill('Order Delivered'));

    await page.getByTestId('order-filters').getByRole('button', { name: 'Cancelled', exact: true }).click();
    const empty = page.getByTestId('orders-empty');
    await empty.getByRole('heading', { name: 'No cancelled orders' }).waitFor();
    await screenshot(page, 'orders-empty-cancelled.png');
    await empty.getByRole('button', { name: 'Show all orders' }).click();
    await waitForList(page, 3, 'Page 1 of 2');
    assert.equal(new URL(page.url()).search, '');
    assert.deepEqual(problems, []);
  });

  test('one order in full: items, timeline with its colours, times and the courier, address and amounts', async () => {
    const { page, problems } = demo;
    await page.goto('/order/history/');
    await waitForList(page, 3, 'Page 1 of 2');
    await cardOf(page, 'DRPDEMO0006').getByRole('link', { name: 'View details DRPDEMO0006' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/detail/'));
    const head = page.getByTestId('order-head');
    await head.waitFor();
    assert.equal(await head.getByTestId('order-number').innerText(), 'DRPDEMO0006');
    const steps = page.getByTestId('timeline-step');
    assert.deepEqual(await steps.locator('.od-step__label').allInnerTexts(), ['Order Received', 'Order Packed', 'Order Shipped']);
    assert.match(await steps.nth(2).innerText(), /Delhivery DL\d{10}/);
    const colours = await steps.evaluateAll((els) => els.map((e) => getComputedStyle(e.querySelector('.od-step__dot')).backgroundColor));
    assert.equal(new Set(colours).size, 3, 'each status its own colour');
    assert.match(await page.getByTestId('order-address').innerText(), /Riya Sharma[\s\S]*Bengaluru, Karnataka 560038/);
    assert.match(await page.getByTestId('order-price').innerText(), /To pay on delivery/);
    await screenshot(page, 'orders-detail.png', { fullPage: true });
    await page.getByRole('link', { name: 'Back to My orders' }).click();
    await page.waitForURL((u) => u.pathname === '/order/history/');
    await waitForList(page, 3, 'Page 1 of 2');
    assert.deepEqual(problems, []);
  });

  test('Order again on a delivered order puts it in the bag: the header count grows', async () => {
    const { page, problems } = demo;
    await page.goto('/order/history/');
    await waitForList(page, 3, 'Page 1 of 2');
    const before = await cartCount(page);
    const card = cardOf(page, 'DRPDEMO0005');
    await card.getByRole('button', { name: 'Order again DRPDEMO0005' }).click();
    const message = card.getByTestId('reorder-message');
    await message.waitFor();
    assert.match(await message.innerText(), /Added to your bag/);
    assert.equal(await message.getByRole('link', { name: 'View bag' }).getAttribute('href'), '/view-cart/');
    await waitForCount(page, 'cart-count', before + 1);
    await screenshot(page, 'orders-reorder.png');
    assert.deepEqual(problems, []);
  });

  test('a cash-on-delivery order placed at checkout is cancelled with a reason', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', COD_SHOPPER);
      await addAddress(page, codPin);
      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      await page
        .getByTestId('payment-tabs')
        .getByRole('button', { name: /^Cash on Delivery/ })
        .click();
      await page.getByTestId('cod-note').waitFor();
      const outbox = await (await fetch(`${server.baseURL}/dev/outbox`)).json();
      const lastId = Math.max(0, ...(outbox.messages ?? []).map((m) => m.id));
      await page.getByTestId('pay-button').click();
      const confirm = page.getByTestId('cod-confirm');
      await confirm.waitFor({ timeout: 20_000 });
      const { code } = await otpFromOutbox(server.baseURL, COD_SHOPPER, { notBefore: lastId });
      await confirm.getByLabel('Confirmation code').fill(code);
      await confirm.getByRole('button', { name: 'Confirm order' }).click();
      const ref = await placedOrderRef(page);

      await page.getByRole('link', { name: 'View orders' }).click();
      await page.waitForURL((u) => u.pathname === '/order/history/');
      await waitForList(page, 1, null);
      const card = cardOf(page, ref);
      assert.equal(await card.getByTestId('order-status').innerText(), 'Order Received');
      const sheet = await openCancel(page, ref);
      assert.match(await sheet.getByTestId('cancel-refund-note').innerText(), /Nothing has been paid/);
      await sheet.getByTestId('cancel-submit').click();
      await sheet.getByText('Please tell us why you are cancelling.').waitFor();
      await sheet.getByLabel('Delivery date is too late').check();
      await sheet.getByLabel(/Comment/).fill('I need it before the weekend');
      await screenshot(page, 'orders-cancel-sheet.png');
      await sheet.getByTestId('cancel-submit').click();
      await sheet.waitFor({ state: 'detached' });
      const notice = page.getByTestId('orders-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), new RegExp(`Order ${ref} is cancelled\\.`));
      await page.waitForFunction(
        (r) => document.querySelector(`[data-order="${r}"] [data-testid=order-status]`)?.textContent === 'Order Cancelled',
        ref,
      );
      assert.equal(await card.getByRole('button', { name: `Cancel order ${ref}` }).count(), 0);
      await screenshot(page, 'orders-cancelled.png');

      await card.getByRole('link', { name: `View details ${ref}` }).click();
      const steps = page.getByTestId('timeline-step');
      await steps.last().getByText('Order Cancelled').waitFor();
      assert.match(await steps.last().innerText(), /By you/);
      assert.match(await steps.last().innerText(), /Delivery date is too late: I need it before the weekend/);
      await screenshot(page, 'orders-cancelled-detail.png', { fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an order paid from the wallet is cancelled back into the wallet', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', WALLET_SHOPPER);
      await server.admin('wallet', '--mobile', WALLET_SHOPPER, '--credit', '2000', '--note', 'x');
      await addAddress(page, codPin);
      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      await page.getByTestId('wallet-toggle').getByRole('switch').check();
      await page.getByTestId('pay-button').getByText('Place order').waitFor();
      await page.getByTestId('pay-button').click();
      const ref = await placedOrderRef(page);
      const spent = await walletBalance(page);
      assert.ok(spent < 2000, `the order was paid from the wallet (balance ₹${spent})`);

      await page.goto('/order/history/');
      await waitForList(page, 1, null);
      const card = cardOf(page, ref);
      assert.equal(await card.getByTestId('order-payment').innerText(), 'Drape wallet');
      const sheet = await openCancel(page, ref);
      const options = sheet.getByTestId('refund-options');
      if (await options.count()) {
        await options.getByLabel(/Drape wallet/).check();
      } else {
        assert.match(await sheet.getByTestId('cancel-refund-note').innerText(), /to your Drape wallet/);
      }
      await sheet.getByLabel('Ordered by mistake').check();
      await screenshot(page, 'orders-cancel-wallet-sheet.png');
      await sheet.getByTestId('cancel-submit').click();
      await sheet.waitFor({ state: 'detached' });
      assert.match(await page.getByTestId('orders-notice').innerText(), /is cancelled\.\s+Refund: ₹[\d,.]+ to your Drape wallet/);
      await page.waitForFunction(
        (r) =>
          document.querySelector(`[data-order="${r}"] [data-testid=order-refund]`)?.textContent.includes('refunded to your Drape wallet'),
        ref,
      );
      await screenshot(page, 'orders-wallet-cancelled.png');

      const back = await walletBalance(page);
      assert.equal(back, 2000, 'the whole amount is back in the wallet');
      assert.ok(back > spent);
      await page.getByTestId('wallet-entry').first().getByText('Refund', { exact: true }).waitFor();
      await screenshot(page, 'orders-wallet-refund.png', { fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a guest opening My orders is asked to log in and come back', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/order/history/?status=Delivered');
      const panel = page.getByTestId('orders-login');
      await panel.waitFor();
      assert.equal(
        await panel.getByRole('link', { name: 'Log in' }).getAttribute('href'),
        '/login?next=%2Forder%2Fhistory%2F%3Fstatus%3DDelivered',
      );
      await screenshot(page, 'orders-guest.png');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
