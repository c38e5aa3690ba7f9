// An order paid online (UPI through the payment sandbox) is cancelled from My orders with its refund
// sent to the Drape wallet: the cancel sheet offers the wallet and the original payment, and the
// wallet grows by what was paid.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addFromProductPage, launchBrowser, logIn, newPhonePage, rupees, screenshot, startServer } from './harness.mjs';
import { addAddress, openCheckout, openTab, pincodeWhere, placedOrderRef, sandboxPress, walletBalance } from './shopping.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';
const SHOPPER = '9000000171';

describe('a prepaid order cancelled to the wallet', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer({ referenceData: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('paid by UPI, cancelled with the refund to the wallet: the wallet grows by what was paid', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', SHOPPER);
      await addAddress(page, await pincodeWhere(server.baseURL, true));
      await addFromProductPage(page, SLUG);
      await openCheckout(page);
      const paid = rupees(await page.getByTestId('pay-amount').innerText());
      await openTab(page, 'UPI');
      await page.getByLabel('UPI ID').fill('success@razorpay');
      await page.getByTestId('pay-button').click();
      await sandboxPress(page, 'approve');
      const ref = await placedOrderRef(page);
      assert.equal(await walletBalance(page), 0);

      await page.goto('/order/history/');
      const card = page.locator(`[data-testid=order-card][data-order="${ref}"]`);
      await card.waitFor();
      await card.getByRole('button', { name: `Cancel order ${ref}` }).click();
      const sheet = page.getByRole('dialog', { name: 'Cancel order' });
      await sheet.getByTestId('cancel-form').waitFor();
      const options = sheet.getByTestId('refund-options');
      await options.waitFor();
      // Both routes are offered for money paid online.
      assert.match(await options.innerText(), /Drape wallet/);
      assert.match(await options.innerText(), /original payment method/);
      await options.getByLabel(/Drape wallet/).check();
      await sheet.getByLabel('Found a better price elsewhere').check();
      await screenshot(page, 'orders-prepaid-cancel-sheet.png');
      await sheet.getByTestId('cancel-submit').click();
      await sheet.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (r) => document.querySelector(`[data-order="${r}"] [data-testid=order-status]`)?.textContent === 'Order Cancelled',
        ref,
      );
      await screenshot(page, 'orders-prepaid-cancelled.png');

      assert.equal(await walletBalance(page), paid, 'the wallet grew by what was paid');
      await screenshot(page, 'orders-prepaid-wallet.png', { fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
