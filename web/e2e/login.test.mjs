// Login with a one-time password read from the demo outbox, then logout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPhonePage, otpFromOutbox, screenshot, startServer } from './harness.mjs';

const MOBILE = '9876543210';

describe('login', () => {
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

  test('a wrong mobile number is refused with the spec message', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/login');
      await page.getByLabel('Mobile number').fill('5876543210');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please enter a valid 10 digit mobile number' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('mobile → OTP from the outbox → logged in → logout', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      const before = await (await fetch(`${server.baseURL}/dev/outbox`)).json();
      const lastId = Math.max(0, ...(before.messages ?? []).map((m) => m.id));

      await page.goto('/login?next=/order/history/');
      await page.getByRole('heading', { name: 'Log in or sign up' }).waitFor();
      await screenshot(page, 'login.png');
      await page.getByLabel('Mobile number').fill(MOBILE);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      const otpInput = page.getByLabel('Enter OTP');
      await otpInput.waitFor();
      await page.getByText(/3210/).first().waitFor();

      const { code } = await otpFromOutbox(server.baseURL, MOBILE, { notBefore: lastId });
      await otpInput.fill(code);
      await page.getByRole('button', { name: 'Verify and log in' }).click();
      await page.waitForURL((u) => u.pathname === '/order/history/');
      await page.locator('#toast-success').waitFor();

      await page.getByTestId('account-button').click();
      const status = page.getByTestId('account-status');
      await status.getByText('Logged in as +91 98765 43210').waitFor();
      await page.getByTestId('account-menu').getByRole('link', { name: 'My orders' }).waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.locator('#toast-success').filter({ hasText: 'logged out' }).waitFor();
      await page.getByTestId('account-button').click();
      await page.getByTestId('account-status').getByRole('link', { name: 'Log in' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Logout' }).count(), 0);

      const me = await page.evaluate(() => fetch('/api/v1/me/').then((r) => r.json()));
      assert.equal(me.is_authenticated, false);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
