// Home, product and not-found pages against the real server (demo catalog), at 390×844.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { answerLate, launchBrowser, layoutShifts, newPhonePage, screenshot, startServer, watchLayoutShifts } from './harness.mjs';

describe('storefront', () => {
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

  async function phone() {
    return newPhonePage(browser, server.baseURL);
  }

  test('home shows categories and products; a category filters the grid', async () => {
    const { page, context, problems } = await phone();
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Drape home' }).waitFor();
      const chips = page.getByTestId('categories').getByRole('link');
      await chips.nth(1).waitFor();
      assert.ok((await chips.count()) >= 2, 'at least one category besides All');

      const cards = page.getByTestId('product-card');
      await cards.first().waitFor();
      assert.ok((await cards.count()) >= 2, 'products listed');
      const first = cards.first();
      assert.match(await first.locator('.price').innerText(), /^₹[\d,]+(\.\d\d)?$/);
      await page.waitForFunction(() => {
        const imgs = [...document.querySelectorAll('[data-testid=product-card] img')].slice(0, 4);
        return imgs.length > 0 && imgs.every((i) => i.complete);
      });
      await screenshot(page, 'home.png');

      const chip = chips.nth(1);
      const name = (await chip.innerText()).trim();
      await chip.click();
      await page.waitForURL(/\?category=\d+/);
      // The URL changes before the chips re-render: wait for the chosen one to be marked, then check it.
      await page.getByTestId('categories').locator('a[aria-current=page]').waitFor();
      assert.equal(await chip.getAttribute('aria-current'), 'page');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await cards.first().waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('home and a category listing hold their places while their parts load: nothing moves (issue 14)', async () => {
    const { page, context, problems } = await phone();
    try {
      // each part answers late, and in its own time, as on a phone's network
      await answerLate(page, '**/web/api/v1/featured/**', 900);
      await answerLate(page, '**/web/api/v1/products/**', 600);
      await watchLayoutShifts(page);
      for (const [path, ready] of [
        ['/', () => page.getByTestId('featured-promo').waitFor()],
        ['/bras/', () => page.getByTestId('listing-count').waitFor()],
      ]) {
        await page.goto(path);
        await ready();
        await page.getByTestId('product-card').first().waitFor();
        await page.waitForLoadState('networkidle');
        const shifts = await layoutShifts(page);
        const score = shifts.reduce((sum, s) => sum + s.value, 0);
        assert.ok(score < 0.001, `${path}: layout shift ${score.toFixed(4)}: ${JSON.stringify(shifts)}`);
        // the footer waits below the fold
        assert.ok((await page.locator('.site-footer').boundingBox()).y >= 844, `${path}: the footer is below the fold`);
      }
      await screenshot(page, 'listing-loaded.png');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a product opened from home shows its name, price and sizes', async () => {
    const { page, context, problems } = await phone();
    try {
      await page.goto('/');
      const inStock = page.getByTestId('product-card').filter({ hasNot: page.locator('.badge--soldout') });
      await inStock.first().waitFor();
      const cardName = (await inStock.first().locator('.card__name').innerText()).trim();
      await inStock.first().tap();
      await page.waitForURL(/\/product\/[^/]+$/);

      const title = page.getByRole('heading', { level: 1 });
      await title.waitFor();
      assert.equal((await title.innerText()).trim(), cardName);
      assert.ok((await page.title()).includes(cardName), 'the tab is titled after the product');
      assert.match(await page.getByTestId('price').locator('.price').innerText(), /^₹[\d,]+(\.\d\d)?$/);
      const sizes = page.getByTestId('sizes');
      await sizes.waitFor();
      assert.ok((await sizes.getByRole('radio').count()) >= 1, 'sizes listed');
      await page.getByRole('button', { name: /add to cart/i }).waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector('.gallery__slide img');
        return !img || img.complete;
      });
      await screenshot(page, 'product.png', { fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an unknown product slug shows the not-found state', async () => {
    const { page, context } = await phone();
    try {
      const res = await page.goto('/product/no-such-product-e2e-404');
      assert.equal(res.status(), 200, 'client routes load the app');
      await page.getByTestId('not-found').waitFor();
      await page.getByRole('heading', { name: /couldn.t find that product/i }).waitFor();
      await page.getByRole('link', { name: 'Back to the shop' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('an address that leads nowhere says so inside the real layout', async () => {
    const { page, context } = await phone();
    try {
      // one segment reads as a category's slug: no such category
      await page.goto('/no-such-category/');
      await page.getByRole('heading', { level: 1, name: 'Category not found' }).waitFor();
      await page.getByRole('link', { name: 'Drape home' }).waitFor();
      await page.goto('/no/such/page');
      await page.getByTestId('not-found').waitFor();
    } finally {
      await context.close();
    }
  });
});
