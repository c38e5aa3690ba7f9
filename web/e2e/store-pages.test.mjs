// The product page's info strip leads to the return-policy and packaging pages (spec 001 §2, §9), and a
// listing card's 'Add to bag' opens the same size popup as the product page (issue 11, items 4 and 5), at 390×844.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cartCount, launchBrowser, newPhonePage, screenshot, startServer, waitForCount } from './harness.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';

describe('store pages and quick add', () => {
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

  test('the info strip opens the return policy and the packaging page', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto(`/product/${SLUG}`);
      await page.getByTestId('sizes').waitFor();
      await page.locator('a.policy-strip__link[href="/pages/return-policy/"]').first().click();
      await page.waitForURL((u) => u.pathname === '/pages/return-policy/');
      await page
        .getByText(/35 days/)
        .first()
        .waitFor();
      assert.match(await page.locator('main').innerText(), /briefs and panties/i);
      await screenshot(page, 'return-policy.png', { fullPage: true });
      await page.goto(`/product/${SLUG}`);
      await page.getByTestId('sizes').waitFor();
      await page.locator('a.policy-strip__link[href="/pages/packaging/"]').first().click();
      await page.waitForURL((u) => u.pathname === '/pages/packaging/');
      await page.getByText(/plain/i).first().waitFor();
      assert.match(await page.locator('main').innerText(), /plain/i);
      await screenshot(page, 'packaging.png', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  test("a listing card's Add to bag opens the size popup and adds one piece", async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/category/bras');
      const button = page.getByRole('button', { name: /^Add to bag: / }).first();
      await button.waitFor();
      const before = await cartCount(page);
      await button.click();
      const popup = page.getByRole('dialog', { name: /Adding item to Cart/i });
      await popup.waitFor();
      const size = popup.getByRole('radio').and(popup.locator(':not([disabled])')).first();
      await size.waitFor();
      await size.click();
      await screenshot(page, 'quick-add-popup.png');
      await popup.getByRole('button', { name: /add to cart/i }).click();
      await waitForCount(page, 'cart-count', before + 1);
      assert.equal(await popup.count(), 0, 'the popup closes');
    } finally {
      await context.close();
    }
  });
});
