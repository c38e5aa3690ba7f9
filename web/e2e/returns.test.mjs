// Returns, exchanges, invoices and the operator's page against the real server at 390×844. The demo shopper
// (9876543210) returns the activewear piece of DRPDEMO0004 (cash on delivery, delivered 21 days ago) to a
// bank account, and exchanges the nightwear piece of DRPDEMO0003 for another size (the exchange order, ₹0,
// tops My orders); downloads a delivered order's invoice and opens its page. An operator (a superuser) takes
// an order placed at checkout from Verified to Delivered on /ops/orders/ (delivered where no courier collects
// returns: its shopper's My orders says so, and the return form asks for another address), and receives the
// return: pickup, collected, received as sellable, approved, the bank transfer recorded. The shopper's order
// page follows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import {
  addFromProductPage,
  DEMO_SHOPPER,
  launchBrowser,
  logIn,
  newPhonePage,
  otpFromOutbox,
  screenshot,
  startServer,
} from './harness.mjs';
import { addAddress, openCheckout, openTab, placedOrderRef } from './shopping.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';
// Fresh numbers (created at their first login); no other test uses them.
const OPERATOR = '9000000042';
const COD_SHOPPER = '9000000141';
// A well-formed IFSC that the imported list (Razorpay's ifsc package) does not have, and one it has.
const UNKNOWN_IFSC = 'ZZZZ0999999';
const KNOWN_IFSC = 'HDFC0000001';
// Pincodes of the imported directory, for the demo courier table to judge (560038 is the demo address's).
const PINCODES = ['560002', '560014', '560020', '400002', '400016', '560001', '400050', '110001'];

/** The first candidate where the courier does, or does not, collect returns. */
async function pickupPincode(baseURL, pickup) {
  for (const pin of PINCODES) {
    const s = await (await fetch(`${baseURL}/check_pincode/?pincode=${pin}`)).json();
    if (s.deliverable && s.pickup_available_data.reverse_pickup_available === pickup) return pin;
  }
  throw new Error(`no candidate pincode with pickup=${pickup}`);
}

/** A pincode the shop delivers to with cash on delivery, where the courier does not collect returns. */
async function codWithoutPickup(baseURL) {
  for (const pin of ['560002', '560020', '400016', '400029', '110006', '110009']) {
    const s = await (await fetch(`${baseURL}/check_pincode/?pincode=${pin}`)).json();
    if (s.deliverable && s.cod_available && !s.pickup_available_data.reverse_pickup_available) return pin;
  }
  throw new Error('no candidate pincode with cash on delivery and no reverse pickup');
}

const cardOf = (page, ref) => page.locator(`[data-testid=order-card][data-order="${ref}"]`);

/** Opens an order's page from My orders (any page of it). */
async function openOrder(page, ref) {
  await page.goto('/order/history/');
  for (;;) {
    await page.getByTestId('order-card').first().waitFor();
    if (await cardOf(page, ref).count()) break;
    await page.getByTestId('orders-pager').getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=orders-results]')?.getAttribute('aria-busy') !== 'true');
  }
  await cardOf(page, ref)
    .getByRole('link', { name: `View details ${ref}` })
    .click();
  await page.getByTestId('order-head').waitFor();
}

describe('returns, exchanges, invoices and the operator page', () => {
  let server;
  let browser;
  let demo;
  let returnId;

  before(async () => {
    server = await startServer({ referenceData: true });
    browser = await launchBrowser();
    demo = await newPhonePage(browser, server.baseURL);
    await logIn(demo.page, server.baseURL, '/', DEMO_SHOPPER);
  });

  after(async () => {
    await demo?.context.close();
    await browser?.close();
    await server?.stop();
  });

  test('the demo shopper returns the activewear piece of DRPDEMO0004 to a bank account', async () => {
    const { page, problems } = demo;
    const seen = problems.length;
    const noPickup = await pickupPincode(server.baseURL, false);
    const home = await (await fetch(`${server.baseURL}/check_pincode/?pincode=560038`)).json();
    assert.equal(home.pickup_available_data.reverse_pickup_available, true, 'the demo address (560038) has reverse pickup');

    await page.goto('/order/history/');
    const card = cardOf(page, 'DRPDEMO0004');
    await card.waitFor();
    assert.match(await card.getByTestId('order-delivery').innerText(), /Return or exchange by/);
    await card.getByRole('link', { name: 'Return or exchange DRPDEMO0004' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/return/'));
    await page.getByTestId('return-form').waitFor();
    const items = page.getByTestId('return-item');
    assert.equal(await items.count(), 1);
    const name = await items.first().locator('.od-item__name').innerText();
    await screenshot(page, 'returns-start.png');

    await items.first().getByRole('checkbox').check();
    await items.first().getByLabel('Return for a refund').check();
    const amount = page.getByTestId('refund-amount');
    await amount.waitFor();
    assert.match(await amount.innerText(), /Refund\s*₹[\d,]+/);
    await page.getByLabel('Size too large').check();

    // Another address where the courier does not collect: the spec's message, before anything is sent.
    await page.getByLabel('Collect from another address').check();
    const fields = page.getByTestId('pickup-fields');
    await fields.getByLabel('House, street and area').fill('21 Church Street, Shivajinagar');
    await fields.getByLabel('Pincode').fill(noPickup);
    const note = fields.getByTestId('pickup-pincode-note');
    await note.getByText('Reverse Pickup service is not available for this pincode').waitFor();
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'returns-no-pickup.png');
    // Back to the delivery address, which the courier serves.
    await page.getByLabel(/The delivery address/).check();
    assert.equal(await page.getByTestId('pickup-fields').count(), 0);

    // A cash-on-delivery refund: to a bank account or the wallet, the shopper's choice.
    const routes = page.getByTestId('refund-routes');
    assert.deepEqual(await routes.getByRole('radio').evaluateAll((rs) => rs.map((r) => [r.value, r.checked])), [
      ['bank', false],
      ['wallet', false],
    ]);
    await routes.getByLabel(/Bank account/).check();
    await page.getByTestId('return-submit').click();
    const missing = page.getByTestId('bank-error');
    await missing.waitFor();
    assert.equal(await missing.innerText(), 'please enter the bank details');
    await screenshot(page, 'returns-bank-missing.png');

    const bank = page.getByTestId('bank-fields');
    await bank.getByLabel('Account holder’s name').fill('Riya Sharma');
    await bank.getByLabel('Account number', { exact: true }).fill('50100123456789');
    await bank.getByLabel('Account number again').fill('50100123456780');
    await bank.getByLabel('IFSC code').fill(UNKNOWN_IFSC.toLowerCase());
    assert.equal(await bank.getByLabel('IFSC code').inputValue(), UNKNOWN_IFSC, 'typed in capitals');
    await bank.getByLabel('Branch').fill('Indiranagar');
    await page.getByTestId('return-submit').click();
    await bank.getByText('The account numbers do not match.').waitFor();
    await bank.getByLabel('Account number again').fill('50100123456789');
    // The shape is right, so the server is asked: it does not know the code, and says so under the field.
    await page.getByTestId('return-submit').click();
    const ifscError = bank.locator('[id$="-ifscCode-error"]');
    await ifscError.waitFor();
    assert.match(await ifscError.innerText(), /IFSC/);
    assert.equal(await bank.getByLabel('IFSC code').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'returns-ifsc-refused.png');
    await bank.getByLabel('IFSC code').fill(KNOWN_IFSC);
    await screenshot(page, 'returns-form.png', { fullPage: true });
    await page.getByTestId('return-submit').click();

    const done = page.getByTestId('return-done');
    await done.waitFor();
    assert.equal(await done.getByRole('heading', { level: 1 }).innerText(), 'We have your request');
    assert.match(
      await done.getByTestId('return-done-message').innerText(),
      /^Return requested\. ₹[\d,]+ will be refunded once we receive the pieces\.$/,
    );
    returnId = await done.getAttribute('data-return');
    assert.ok(returnId.length > 3);
    await screenshot(page, 'returns-done.png');

    await done.getByRole('link', { name: 'Back to the order' }).click();
    const request = page.getByTestId('order-return');
    await request.waitFor();
    assert.equal(await request.getByTestId('order-status').innerText(), 'Return requested');
    assert.equal(await request.locator('.od-return__id').innerText(), 'Return of 1 item');
    assert.match(await request.innerText(), new RegExp(`Return 1 × ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(await request.getByTestId('order-return-refund').innerText(), /to your bank account/);
    // every piece is in a request: nothing more to return
    assert.equal(await page.getByRole('link', { name: /Return or exchange/ }).count(), 0);
    await request.scrollIntoViewIfNeeded();
    await screenshot(page, 'returns-order-detail.png');
    // Chrome logs the one refusal the test asked for (the unknown IFSC), and nothing else.
    assert.deepEqual(problems.slice(seen), ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  test('the nightwear piece of DRPDEMO0003 is exchanged for another size; the exchange order tops My orders', async () => {
    const { page, problems } = demo;
    const seen = problems.length;
    await openOrder(page, 'DRPDEMO0003');
    await page.getByRole('link', { name: 'Return or exchange DRPDEMO0003' }).click();
    await page.getByTestId('return-form').waitFor();
    const item = page.getByTestId('return-item').first();
    const was = (await item.locator('.od-item__meta').innerText()).match(/Size (\S+)/)[1];
    await item.getByRole('checkbox').check();
    await item.getByLabel('Exchange', { exact: true }).check();
    const chips = item.getByRole('radiogroup', { name: 'New size' }).getByRole('radio');
    await chips.first().waitFor();
    const offered = await chips.locator('.rx-chip__size').allInnerTexts();
    assert.ok(offered.length > 0 && !offered.includes(was), `other sizes than ${was}: ${offered}`);
    const size = offered[0];
    await chips.first().click();
    assert.equal(await chips.first().getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByTestId('return-refund').count(), 0, 'an exchange refunds nothing');
    await page.getByTestId('exchange-free').waitFor();

    // Other styles at the same price: the sheet opens and closes; the size stays chosen.
    await item.getByRole('button', { name: /Choose another style/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose another style' });
    await sheet.waitFor();
    await sheet.locator('[data-testid=exchange-style-option], [data-testid=exchange-styles-empty]').first().waitFor();
    await screenshot(page, 'returns-exchange-styles.png');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByLabel('Size too large').check();
    assert.equal(await page.getByTestId('return-submit').innerText(), 'Request exchange');
    await screenshot(page, 'returns-exchange.png', { fullPage: true });
    await page.getByTestId('return-submit').click();
    const done = page.getByTestId('return-done');
    await done.waitFor();
    const exchangeRef = await done.getByTestId('exchange-order-ref').innerText();
    assert.match(exchangeRef, /^DRP\d{7}$/);
    assert.match(await done.getByTestId('return-done-message').innerText(), new RegExp(`held for you in order ${exchangeRef}`));
    await screenshot(page, 'returns-exchange-done.png');

    await done.getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL((u) => u.pathname === '/order/history/');
    // the list cached from before shows until the fresh one (asked again after the request) arrives
    await page.waitForFunction(
      (r) => document.querySelector('[data-testid=order-card] [data-testid=order-number]')?.textContent === r,
      exchangeRef,
    );
    const first = page.getByTestId('order-card').first();
    assert.equal(await first.getByTestId('order-status').innerText(), 'Order Received');
    assert.equal(await first.getByTestId('order-total').innerText(), '₹0');
    assert.match(await first.getByTestId('order-item-meta').first().innerText(), new RegExp(`Size ${size}\\b`));
    await screenshot(page, 'returns-exchange-in-list.png');
    assert.deepEqual(problems.slice(seen), []);
  });

  test('a delivered order’s invoice: the PDF downloads, the page opens', async () => {
    const { page, context, problems } = demo;
    const seen = problems.length;
    await openOrder(page, 'DRPDEMO0005');
    const section = page.getByTestId('order-invoice');
    await section.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download invoice (PDF)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.pdf$/);
    const bytes = readFileSync(await download.path());
    assert.equal(bytes.subarray(0, 4).toString('latin1'), '%PDF');
    await screenshot(page, 'returns-invoice-links.png');

    const [tab] = await Promise.all([context.waitForEvent('page'), section.getByRole('link', { name: 'View invoice' }).click()]);
    await tab.waitForLoadState();
    assert.match(new URL(tab.url()).pathname, /^\/api\/v1\/orders\/[^/]+\/invoice\/$/);
    assert.match(await tab.locator('body').innerText(), /DRPDEMO0005/);
    await screenshot(tab, 'returns-invoice-page.png', { fullPage: true });
    await tab.close();
    assert.deepEqual(problems.slice(seen), []);
  });

  test('the operator takes a new order from Verified to Delivered, and receives the return', async () => {
    // A shopper places a cash-on-delivery order at checkout, to a pincode where no courier collects returns.
    const shopper = await newPhonePage(browser, server.baseURL);
    let ref;
    try {
      const { page } = shopper;
      await logIn(page, server.baseURL, '/', COD_SHOPPER);
      await addAddress(page, await codWithoutPickup(server.baseURL));
      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      await openTab(page, 'Cash on Delivery');
      await page.getByTestId('cod-note').waitFor();
      const outbox = await (await fetch(`${server.baseURL}/dev/outbox`)).json();
      const lastId = Math.max(0, ...(outbox.messages ?? []).map((m) => m.id));
      await page.getByTestId('pay-button').click();
      const confirm = page.getByTestId('cod-confirm');
      await confirm.waitFor({ timeout: 20_000 });
      const { code } = await otpFromOutbox(server.baseURL, COD_SHOPPER, { notBefore: lastId });
      await confirm.getByLabel('Confirmation code').fill(code);
      await confirm.getByRole('button', { name: 'Confirm order' }).click();
      ref = await placedOrderRef(page);
      assert.deepEqual(shopper.problems, []);
    } catch (e) {
      await shopper.context.close();
      throw e;
    }

    await server.admin('user', '--mobile', OPERATOR, '--superuser');
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', OPERATOR);
      await page.goto('/ops/orders/');
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await screenshot(page, 'ops-orders.png');
      await page.getByRole('link', { name: ref, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/ops/orders/${ref}/`);
      await page.getByText('Verified', { exact: true }).first().waitFor();
      await screenshot(page, 'ops-order-verified.png', { fullPage: true });

      const notice = page.locator('p.notice');
      const step = async (button, shot, fill = async () => {}) => {
        const form = page.locator('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });
        await fill(form);
        await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: button, exact: true }).click()]);
        await page.waitForLoadState();
        await notice.first().waitFor();
        const text = await notice.first().innerText();
        assert.ok(!(await notice.first().getAttribute('class')).includes('error'), `${button}: ${text}`);
        await screenshot(page, shot, { fullPage: true });
        return text;
      };
      assert.match(await step('Mark Picked', 'ops-order-picked.png'), new RegExp(`${ref}: Verified → Picked`));
      assert.match(
        await step('Ship', 'ops-order-shipped.png', async (form) => {
          await form.getByLabel('Courier').fill('Delhivery');
          await form.getByLabel('Tracking number').fill('DL9990001234');
        }),
        /Picked → Shipped/,
      );
      assert.match(await page.locator('main').innerText(), /Courier Delhivery · tracking DL9990001234/);
      assert.match(await step('Mark Delivered', 'ops-order-delivered.png'), /Shipped → Delivered/);

      // The return from the first test, on its order's page.
      await page.goto('/ops/orders/DRPDEMO0004/');
      await page.getByRole('heading', { name: new RegExp(`Return ${returnId}`) }).waitFor();
      await screenshot(page, 'ops-return-requested.png', { fullPage: true });
      // The shopper's bank account (50100123456789, the first test's): its last four digits, whole only
      // while the transfer to it is due.
      const account = () => page.locator('[data-account]').innerText();
      assert.equal(await account(), '••••6789');
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      assert.match(
        await step('Book pickup', 'ops-return-pickup.png', async (form) => {
          await form.getByLabel('Pickup date').fill(tomorrow);
          await form.getByLabel('Courier').fill('Delhivery');
        }),
        /requested → pickup_scheduled/,
      );
      assert.match(await step('Collected', 'ops-return-collected.png'), /pickup_scheduled → picked_up/);
      assert.match(
        await step('Received', 'ops-return-received.png', async (form) => {
          await form.getByLabel('Condition').selectOption('sellable');
        }),
        /picked_up → received/,
      );
      assert.equal(await account(), '••••6789');
      assert.match(await step('Approve', 'ops-return-approved.png'), /received → approved/);
      assert.equal(await account(), '50100123456789');
      assert.match(
        await step('Record transfer', 'ops-return-refunded.png', async (form) => {
          await form.getByLabel('Bank transfer reference (UTR)').fill('UTR20261124001');
        }),
        /approved → refunded/,
      );
      assert.equal(await account(), '••••6789');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }

    // The new order's shopper: delivered where no courier collects, so My orders says so, and the return
    // form offers another address only.
    try {
      const { page: p, problems: seen } = shopper;
      await p.goto('/order/history/');
      const note = p.getByTestId('orders-pickup-note');
      await note.waitFor();
      assert.equal(
        await note.innerText(),
        'Pickup isn’t available at one of your delivery pincodes; you can give another pickup address when you return.',
      );
      await screenshot(p, 'returns-pickup-notice.png');
      await cardOf(p, ref)
        .getByRole('link', { name: `Return or exchange ${ref}` })
        .click();
      const item = p.getByTestId('return-item').first();
      await item.getByRole('checkbox').check();
      await item.getByLabel('Return for a refund').check();
      const delivery = p.getByLabel(/The delivery address/);
      await p.waitForFunction(() => document.querySelector('[data-testid=pickup-delivery]')?.textContent.includes('Reverse Pickup'));
      assert.equal(await delivery.isDisabled(), true);
      assert.equal(await p.getByLabel('Collect from another address').isChecked(), true);
      await p.getByTestId('return-pickup').scrollIntoViewIfNeeded();
      await screenshot(p, 'returns-delivery-no-pickup.png');
      assert.deepEqual(seen, []);
    } finally {
      await shopper.context.close();
    }

    // The shopper sees the return refunded, step by step.
    const { page: shopperPage, problems: shopperProblems } = demo;
    const seen = shopperProblems.length;
    await openOrder(shopperPage, 'DRPDEMO0004');
    const request = shopperPage.getByTestId('order-return');
    await request.waitFor();
    assert.equal(await request.getByTestId('order-status').innerText(), 'Refunded');
    assert.deepEqual(await request.getByTestId('return-step').locator('.od-step__label').allInnerTexts(), [
      'Return requested',
      'Pickup scheduled',
      'Picked up',
      'Received at our warehouse',
      'Approved',
      'Refunded',
    ]);
    await request.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shopperPage.evaluate(() => window.scrollBy(0, -70));
    await screenshot(shopperPage, 'returns-refunded.png');
    assert.deepEqual(shopperProblems.slice(seen), []);
  });
});
