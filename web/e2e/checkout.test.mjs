// Checkout against the real server and its payment sandbox (DRAPE_PAYMENTS=sandbox, on in demo mode) at
// 390×844: UPI that succeeds; UPI that fails, then retry payment; a card saved and then paid with; net
// banking at the sandbox bank; the wallet paying part with cash on delivery confirmed by the SMS code; a
// pincode without cash on delivery. Each flow ends on the thank-you page with the order number, the
// delivery date and what was bought, and the header's cart count at 0.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addFromProductPage, cartCount, launchBrowser, logIn, newPhonePage, otpFromOutbox, screenshot, startServer } from './harness.mjs';
import { addAddress, openCheckout, openTab, pincodeWhere, sandboxPress } from './shopping.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';
/** The thank-you page: order number, delivery date and the items; the cart count is 0. */
async function assertThankYou(page, name) {
  await page.waitForURL((u) => u.pathname.startsWith('/checkout/complete'), { timeout: 20_000 });
  const ref = page.getByTestId('order-ref');
  await ref.waitFor({ timeout: 20_000 });
  assert.match(await ref.innerText(), /DRP\d{7}/);
  assert.match(await page.getByTestId('delivery-date').innerText(), /\w{3}, \d{1,2} \w{3}/);
  assert.ok((await page.getByTestId('bought-item').count()) >= 1);
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid=cart-count]') || document.querySelector('[data-testid=cart-count]').textContent.trim() === '0',
  );
  assert.equal(await cartCount(page), 0);
  await screenshot(page, `${name}.png`, { fullPage: true });
  const orderRef = (await ref.innerText()).match(/DRP\d{7}/)[0];
  // the shop's tag manager sees the sale: one purchase event for this order, the total in rupees
  await page.waitForFunction(
    (r) => (window.dataLayer ?? []).some((e) => e.event === 'purchase' && e.ecommerce?.transaction_id === r),
    orderRef,
  );
  const purchases = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'purchase').map((e) => e.ecommerce));
  assert.equal(purchases.length, 1);
  assert.equal(purchases[0].currency, 'INR');
  assert.ok(purchases[0].value > 0 && purchases[0].items.length >= 1);
  return orderRef;
}

describe('checkout', () => {
  let server;
  let browser;
  let codPin;
  let noCodPin;

  before(async () => {
    server = await startServer({ referenceData: true });
    browser = await launchBrowser();
    codPin = await pincodeWhere(server.baseURL, true);
    noCodPin = await pincodeWhere(server.baseURL, false);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh shopper, logged in, with an address at `pincode` and one piece in the cart. */
  async function shopper(mobile, pincode) {
    const phone = await newPhonePage(browser, server.baseURL);
    await logIn(phone.page, server.baseURL, '/', mobile);
    await addAddress(phone.page, pincode);
    await addFromProductPage(phone.page, SLUG);
    return phone;
  }

  test('UPI that succeeds lands on the thank-you page', async () => {
    const { page, context } = await shopper('9000000081', codPin);
    try {
      await openCheckout(page);
      await screenshot(page, 'checkout-page.png', { fullPage: true });
      const toPay = await page.getByTestId('pay-amount').innerText();
      await openTab(page, 'UPI');
      await page.getByLabel('UPI ID').fill('success@razorpay');
      await screenshot(page, 'checkout-upi.png');
      await page.getByTestId('pay-button').click();
      await sandboxPress(page, 'approve');
      await assertThankYou(page, 'checkout-thank-you-upi');
      assert.ok((await page.getByTestId('order-total').innerText()).includes(toPay.replace(/^Pay\s*/, '').trim()));
    } finally {
      await context.close();
    }
  });

  test('UPI that fails can be paid again from retry payment', async () => {
    const { page, context } = await shopper('9000000082', codPin);
    try {
      await openCheckout(page);
      await openTab(page, 'UPI');
      await page.getByLabel('UPI ID').fill('failure@razorpay');
      await page.getByTestId('pay-button').click();
      await sandboxPress(page, 'approve');
      const failed = page.getByTestId('payment-failed');
      await failed.waitFor({ timeout: 20_000 });
      await screenshot(page, 'checkout-upi-failed.png');
      await failed.getByRole('link', { name: 'Retry payment' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/retrypayment'));
      await page.getByTestId('retry-ref').waitFor();
      await openTab(page, 'UPI');
      await page.getByLabel('UPI ID').fill('success@razorpay');
      await screenshot(page, 'retry-payment.png', { fullPage: true });
      await page.getByTestId('pay-button').click();
      await sandboxPress(page, 'approve');
      await assertThankYou(page, 'checkout-thank-you-retry');
    } finally {
      await context.close();
    }
  });

  test('a card saved at checkout pays the next order as a saved card', async () => {
    const { page, context } = await shopper('9000000083', codPin);
    try {
      await openCheckout(page);
      await openTab(page, 'Credit card / Debit card');
      const form = page.getByTestId('card-form');
      await form.getByLabel('Card number').fill('4111 1111 1111 1111');
      await form.getByLabel('Expiry (MM/YY)').fill('12/30');
      await form.getByLabel('CVV').fill('123');
      await form.getByLabel('Name on card').fill('Riya Sharma');
      await form.getByText('Save this card for faster checkout').click();
      await screenshot(page, 'checkout-card.png');
      await page.getByTestId('pay-button').click();
      await assertThankYou(page, 'checkout-thank-you-card');

      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      await openTab(page, 'Saved cards');
      const saved = page.getByTestId('saved-cards');
      await saved.getByText(/1111/).first().click();
      await saved.getByLabel('CVV').fill('123');
      await screenshot(page, 'checkout-saved-card.png');
      await page.getByTestId('pay-button').click();
      await assertThankYou(page, 'checkout-thank-you-saved-card');
    } finally {
      await context.close();
    }
  });

  test('net banking pays at the bank page', async () => {
    const { page, context } = await shopper('9000000084', codPin);
    try {
      await openCheckout(page);
      await openTab(page, 'Netbanking');
      await page.getByTestId('netbanking').getByText('HDFC Bank').click();
      await page.getByTestId('pay-button').click();
      const dialog = page.locator('#rzp-sandbox');
      await dialog.waitFor();
      await screenshot(page, 'checkout-netbanking-bank.png');
      await sandboxPress(page, 'success');
      await assertThankYou(page, 'checkout-thank-you-netbanking');
    } finally {
      await context.close();
    }
  });

  test('the wallet pays part and cash on delivery is confirmed with the SMS code', async () => {
    const mobile = '9000000085';
    const { page, context } = await shopper(mobile, codPin);
    try {
      await server.admin('wallet', '--mobile', mobile, '--credit', '200', '--note', 'Welcome gift');
      await openCheckout(page);
      const before = await page.getByTestId('pay-amount').innerText();
      await page.getByTestId('wallet-toggle').getByRole('switch').check();
      await page.waitForFunction((b) => document.querySelector('[data-testid=pay-amount]')?.textContent !== b, before);
      await openTab(page, 'Cash on Delivery');
      await page.getByTestId('cod-note').waitFor();
      await screenshot(page, 'checkout-cod-wallet.png', { fullPage: true });
      const outbox = await (await fetch(`${server.baseURL}/dev/outbox`)).json();
      const lastId = Math.max(0, ...(outbox.messages ?? []).map((m) => m.id));
      await page.getByTestId('pay-button').click();
      const confirm = page.getByTestId('cod-confirm');
      await confirm.waitFor({ timeout: 20_000 });
      const { code } = await otpFromOutbox(server.baseURL, mobile, { notBefore: lastId });
      await confirm.getByLabel('Confirmation code').fill(code);
      await screenshot(page, 'checkout-cod-code.png');
      await confirm.getByRole('button', { name: 'Confirm order' }).click();
      await assertThankYou(page, 'checkout-thank-you-cod');
    } finally {
      await context.close();
    }
  });

  test('a pincode without cash on delivery says why and offers online payment', async () => {
    const { page, context } = await shopper('9000000086', noCodPin);
    try {
      await openCheckout(page);
      assert.match(await page.getByTestId('delivery').innerText(), /not available here/i);
      const cod = page.getByTestId('payment-tabs').getByRole('button', { name: /^Cash on Delivery/ });
      assert.ok(await cod.isDisabled(), 'the COD tab is closed to this pincode');
      assert.match(await page.getByTestId('payment-tabs').innerText(), /not available at this pincode/i);
      await screenshot(page, 'checkout-no-cod.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

// The same shop with PayU as its provider: the shopper pays on PayU's hosted page (the sandbox's), a
// failed payment returns to retry payment with the notice, and a card on the retry pays.
describe('checkout with PayU', () => {
  let server;
  let browser;
  let codPin;

  before(async () => {
    server = await startServer({ referenceData: true, env: { DRAPE_PAYMENT_PROVIDER: 'payu' } });
    browser = await launchBrowser();
    codPin = await pincodeWhere(server.baseURL, true);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a failed PayU payment comes back to retry, and a card then pays', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', '9000000091');
      await addAddress(page, codPin);
      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      const tabs = page.getByTestId('payment-tabs');
      assert.equal(await tabs.getByRole('button', { name: /^UPI/ }).count(), 0, 'no Razorpay tabs with PayU');
      await openTab(page, 'Pay online');
      // PayU needs the payer's e-mail address, and this new shopper has given none: nothing is placed,
      // the page says so and leads to Settings.
      await page.getByTestId('pay-button').click();
      const needed = page.getByTestId('email-needed');
      await needed.waitFor();
      assert.match(await needed.innerText(), /Add your e-mail address in Settings to pay online/);
      // brought into view, clear of the pay bar
      const box = await needed.boundingBox();
      const bar = await page.getByTestId('pay-bar').boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= bar.y, `the notice (${box.y}+${box.height}) shows above the pay bar (${bar.y})`);
      await screenshot(page, 'checkout-payu-email-needed.png');
      await needed.getByRole('link', { name: 'Go to Settings' }).click();
      await page.waitForURL((u) => u.pathname === '/account/settings');
      await page.getByLabel('E-mail').fill('payer@example.in');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#toast-success').waitFor();
      await openCheckout(page);
      await openTab(page, 'Pay online');
      await screenshot(page, 'checkout-payu.png', { fullPage: true });
      await page.getByTestId('pay-button').click();

      // PayU's hosted page (the sandbox's): UPI that fails.
      await page.waitForURL((u) => u.pathname === '/sandbox/payu/_payment');
      await page.getByRole('heading', { name: /^Pay ₹/ }).waitFor();
      await screenshot(page, 'payu-hosted-page.png', { fullPage: true });
      await page.locator('input[name=vpa]').fill('failure@payu');
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/retrypayment') && u.searchParams.get('payment') === 'failed', {
        timeout: 20_000,
      });
      await page.getByText('Your payment did not go through.', { exact: false }).waitFor();
      await screenshot(page, 'retry-payu-failed.png', { fullPage: true });

      // Retry: a card on PayU's page.
      await openTab(page, 'Pay online');
      await page.getByTestId('pay-button').click();
      await page.waitForURL((u) => u.pathname === '/sandbox/payu/_payment');
      await page.locator('input[name=mode][value=CC]').check();
      await page.locator('input[name=ccnum]').fill('5123 4567 8901 2346');
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await assertThankYou(page, 'checkout-thank-you-payu');
    } finally {
      await context.close();
    }
  });
});
