// The account pages (issue 13) at 390×844: recently viewed merged from the device at login, coupons,
// notifications from an operator's announcement (the header's count, read on open), the contact form
// reaching the operator's outbox, settings, and deleting the account with a one-time code, then
// signing up again with the same number as a new account.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, otpFromOutbox, screenshot, startServer, waitForCount } from './harness.mjs';

const MOBILE = '9000012345';
const VIEWED = ['everyday-padded-t-shirt-bra-black', 'high-rise-leggings-black'];

async function outboxMessages(baseURL) {
  return (await (await fetch(`${baseURL}/dev/outbox`)).json()).messages ?? [];
}

/**
 * Asks for the deletion code and reads it from the outbox. A code goes out at most every 30 seconds
 * per number (the login's code counts), so a shopper who has just logged in waits, as the page says.
 */
async function deletionCode(page, baseURL, mobile) {
  const lastId = Math.max(0, ...(await outboxMessages(baseURL)).map((m) => m.id));
  for (let i = 0; ; i++) {
    await page.getByRole('button', { name: 'Send code' }).click();
    const sent = page.getByTestId('delete-code');
    const refused = page.getByTestId('delete-error');
    await sent.or(refused).first().waitFor();
    if (await sent.isVisible()) break;
    assert.ok(i < 8, `the code was refused: ${await refused.innerText()}`);
    await page.waitForTimeout(5000);
  }
  return (await otpFromOutbox(baseURL, mobile, { notBefore: lastId })).code;
}

describe('the account pages', () => {
  let server;
  let browser;
  // the demo shopper, logged in first so that their login code is old by the time they ask to delete
  let demo;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    demo = await newPhonePage(browser, server.baseURL);
    await logIn(demo.page, server.baseURL, '/account/settings');
  });
  after(async () => {
    await demo?.context.close();
    await browser?.close();
    await server?.stop();
  });

  test('a new shopper: recently viewed, coupons, notifications, contact, settings, then deleting the account and signing up again', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      // Two products viewed as a guest, then a sign-up: the account keeps them.
      for (const [i, slug] of VIEWED.entries()) {
        await page.goto(`/product/${slug}`);
        await page.getByTestId('product').waitFor();
        // noted in the page, stored when it is left: the next page finds the views before it
        assert.equal(
          await page.evaluate(() => JSON.parse(localStorage.getItem('drape:recently-viewed') ?? '[]').length),
          i,
          'the views of the pages left before',
        );
      }
      await logIn(page, server.baseURL, '/account/recently-viewed', MOBILE);
      const viewed = page.getByTestId('recently-viewed-products');
      await viewed.waitFor();
      const names = await viewed.locator('.card__name').allInnerTexts();
      assert.deepEqual(names, ['High-Rise Leggings', 'Everyday Padded T-Shirt Bra']);
      await screenshot(page, 'account-recently-viewed.png');

      // Coupons the shopper can use now, with their terms.
      await page.goto('/account/coupons');
      const coupon = page.getByTestId('coupon').first();
      await coupon.waitFor();
      assert.ok((await coupon.getByTestId('coupon-code').innerText()).length > 2);
      assert.match(await coupon.getByTestId('coupon-ends').innerText(), /\d/);
      await screenshot(page, 'account-coupons.png', { fullPage: true });

      // An operator announces an offer: the header shows one unread; opening it reads it.
      await server.admin('announce', '--title', 'Weekend sale', '--message', 'Up to 50% off bras', '--link', '/bras/');
      await page.goto('/');
      await waitForCount(page, 'notification-count', 1);
      await page.getByTestId('account-button').click();
      await page
        .getByTestId('account-menu')
        .getByRole('link', { name: /Notifications/ })
        .click();
      const note = page.getByTestId('notification').first();
      await note.waitFor();
      assert.equal(await note.getAttribute('data-read'), 'false');
      assert.equal(await note.getByTestId('notification-title').innerText(), 'Weekend sale');
      await screenshot(page, 'account-notifications.png');
      await note.getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/bras/');
      await page.getByTestId('product-grid').waitFor();
      await waitForCount(page, 'notification-count', 0);

      // A message to the shop reaches the operator's outbox with its reference.
      await page.goto('/account/contact');
      await page.getByTestId('contact-details').getByRole('link').first().waitFor();
      await page.getByLabel('Your name').fill('Asha Rao');
      await page.getByLabel('E-mail').fill('asha@example.com');
      await page.getByLabel('What is it about?').selectOption('product');
      await page.getByLabel('Your message').fill('Does the lace bralette come in 40D?');
      await page.getByRole('button', { name: 'Send message' }).click();
      const reference = (await page.getByTestId('contact-reference').innerText()).trim();
      assert.ok(reference.length > 3, reference);
      const sent = await outboxMessages(server.baseURL);
      assert.ok(
        sent.some((m) => JSON.stringify(m).includes(reference) && JSON.stringify(m).includes('40D')),
        'the message is in the outbox',
      );
      await screenshot(page, 'account-contact-sent.png');

      // Settings: a bad e-mail is named, a good one is saved, and offers can be turned off.
      await page.goto('/account/settings');
      await page.getByTestId('settings-form').waitFor();
      await page.getByLabel('Name').fill('Asha Rao');
      await page.getByLabel('E-mail').fill('asha@@example');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('settings-form').locator('.form-error').first().waitFor();
      await page.getByLabel('E-mail').fill('asha@example.com');
      await page.getByRole('switch', { name: /offers/i }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#toast-success').waitFor();
      await page.reload();
      await page.getByTestId('settings-form').waitFor();
      assert.equal(await page.getByLabel('Name').inputValue(), 'Asha Rao');
      assert.equal(await page.getByRole('switch', { name: /offers/i }).isChecked(), false);
      await screenshot(page, 'account-settings.png', { fullPage: true });

      // Deleting the account: a code to the shopper's own mobile, then everything personal goes.
      await page.getByTestId('delete-account').getByRole('button', { name: 'Delete my account' }).click();
      const code = await deletionCode(page, server.baseURL, MOBILE);
      const codeSentAt = Date.now();
      await page.getByLabel('Enter the 6 digit code').fill(code);
      await screenshot(page, 'account-delete-confirm.png');
      await page.getByRole('button', { name: 'Delete my account for good' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('Your account has been deleted').waitFor();
      await page.getByTestId('account-button').click();
      await page.getByTestId('account-menu').getByRole('link', { name: 'Log in' }).waitFor();
      await screenshot(page, 'account-deleted.png');

      // The same number signs up again: a new, empty account (its login code, like any, comes 30 s
      // after the last one to that number).
      await page.waitForTimeout(Math.max(0, codeSentAt + 31_000 - Date.now()));
      await logIn(page, server.baseURL, '/account/settings', MOBILE);
      await page.getByTestId('settings-form').waitFor();
      assert.equal(await page.getByLabel('Name').inputValue(), '');
      assert.equal(await page.getByRole('switch', { name: /offers/i }).isChecked(), true);
      await page.goto('/account/recently-viewed');
      await page.getByTestId('recently-viewed-empty').waitFor();
    } finally {
      await context.close();
    }
  });

  test('a shopper with an open order is told why the account cannot be deleted yet', async () => {
    const { page } = demo;
    await page.goto('/account/settings');
    await page.getByTestId('delete-account').getByRole('button', { name: 'Delete my account' }).click();
    const code = await deletionCode(page, server.baseURL, '9876543210');
    await page.getByLabel('Enter the 6 digit code').fill(code);
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    const busy = page.getByTestId('delete-busy');
    await busy.waitFor();
    assert.match(await busy.innerText(), /open/i);
    await screenshot(page, 'account-delete-refused.png');
  });
});
