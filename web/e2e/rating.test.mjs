// Rating from My orders (issue 12; spec 000 §2 product rating /product-nps/?id=): the demo shopper opens
// a delivered item's Rate link, lands on the rating page with the product, and rates it 5 stars in the
// same block the product page uses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, screenshot, startServer } from './harness.mjs';

describe('rating a delivered product from My orders', () => {
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

  test('Rate on a delivered item opens /product-nps/ and saves the star', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/order/history/');
      const rateLink = page.getByRole('link', { name: /^Rate/ }).first();
      await rateLink.waitFor();
      const href = await rateLink.getAttribute('href');
      assert.match(href, /^\/product-nps\/\?id=\d+$/);
      await rateLink.click();
      await page.getByRole('heading', { level: 1, name: 'How do you like it?' }).waitFor();
      assert.match(page.url(), /\/product-nps\/\?id=\d+$/);
      const rate = page.getByTestId('rate-product');
      await rate.waitFor();
      await screenshot(page, 'rating-page.png', { fullPage: true });
      await rate.getByRole('button', { name: 'Rate 5 stars' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a Review' });
      await dialog.waitFor();
      await screenshot(page, 'rating-page-review-sheet.png');
      // The star is saved: the server has it for this shopper.
      const id = new URL(page.url()).searchParams.get('id');
      const mine = await page.evaluate((p) => fetch(`/get-my-rating/?productId=${p}`).then((r) => r.json()), id);
      assert.equal(mine.my_rating, 5);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an id that names no product says so', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/product-nps/?id=99999999');
      await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
