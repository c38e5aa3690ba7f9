// The wallet (/account/wallet, the account menu's Wallet) against the real server at 390×844: a guest who
// opens it from the account menu is asked to log in; a new shopper sees an empty wallet, an operator
// credits ₹500 with `drape admin wallet`, and after a reload the balance and the ledger entry show it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, screenshot, startServer } from './harness.mjs';

// A fresh shopper (created at the first login): the wallet starts empty. No other test uses this number.
const SHOPPER = '9000000071';
const NOTE = 'Sorry for the delay';

/** An entry's day as the page writes it: India's date (UTC+05:30), '23 Nov 2026'. */
function indianDate(ms) {
  const d = new Date(ms + 330 * 60_000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

/** The amount as shown (aria-hidden) and as a screen reader hears it (visually hidden). */
async function amountOf(locator) {
  return {
    shown: await locator.locator('[aria-hidden="true"]').textContent(),
    spoken: await locator.locator('.visually-hidden').textContent(),
  };
}

describe('wallet', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a guest opening Wallet from the account menu is asked to log in and come back', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/');
      await page.getByTestId('account-button').click();
      await page.getByTestId('account-menu').getByRole('link', { name: 'Wallet' }).click();
      await page.waitForURL((u) => u.pathname === '/account/wallet');
      const prompt = page.getByTestId('wallet-login');
      await prompt.waitFor();
      assert.equal(await prompt.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login?next=%2Faccount%2Fwallet');
      assert.equal(await page.getByTestId('wallet-balance').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a new shopper sees an empty wallet, then the ₹500 an operator credits', async () => {
    assert.ok(server.admin, 'the test starts its own server (DRAPE_BASE_URL leaves no `drape admin` to run)');
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/account/wallet', SHOPPER);

      // ---- empty: ₹0 and the empty state
      await page.getByTestId('wallet-empty').waitFor();
      const balance = page.getByTestId('wallet-balance');
      assert.equal((await amountOf(balance.getByTestId('wallet-amount'))).shown, '₹0');
      assert.match(await balance.innerText(), /Credits from Drape are kept here, each with its reason\./);
      assert.equal(await page.getByTestId('wallet-entry').count(), 0);

      // ---- the operator credits ₹500
      const out = await server.admin('wallet', '--mobile', SHOPPER, '--credit', '500', '--note', NOTE);
      assert.match(out, /balance ₹500/);
      await page.reload();
      const entries = page.getByTestId('wallet-entry');
      await entries.first().waitFor();
      assert.equal(await entries.count(), 1);
      assert.deepEqual(await amountOf(page.getByTestId('wallet-amount')), { shown: '₹500', spoken: '₹500' });
      assert.equal(await page.getByTestId('wallet-empty').count(), 0);

      const credit = entries.first();
      assert.equal(await credit.getByTestId('wallet-entry-label').textContent(), 'Added by Drape');
      assert.equal(await credit.getByTestId('wallet-entry-note').textContent(), NOTE);
      assert.deepEqual(await amountOf(credit.getByTestId('wallet-entry-amount')), { shown: '+₹500', spoken: 'plus ₹500' });
      // money in is green (--c-success)
      assert.equal(await credit.getByTestId('wallet-entry-amount').evaluate((el) => getComputedStyle(el).color), 'rgb(23, 116, 74)');

      // what the page shows is what the server keeps, dated India's day of the credit
      const wallet = await page.evaluate(() => fetch('/api/v1/wallet/').then((r) => r.json()));
      assert.equal(wallet.walletAmount, 50_000);
      assert.equal(wallet.entries.length, 1);
      assert.equal(wallet.entries[0].kind, 'credit');
      assert.equal(await credit.getByTestId('wallet-entry-date').textContent(), indianDate(wallet.entries[0].created_at));
      assert.match(await credit.getByTestId('wallet-entry-date').textContent(), /^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(100, 75); // over the page's title: no hover left on the header
      await screenshot(page, 'wallet.png');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
