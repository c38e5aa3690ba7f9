// Below-the-fold sections on the product page (spec 001 §1, §4): similar products (with the
// 'Similar Products' modal), match the set, people also bought, recently viewed, and re-order
// for logged-in shoppers only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPhonePage, screenshot, startServer, logIn, scrollUntil } from './harness.mjs';

describe('below the fold', () => {
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

  const api = async (path) => (await fetch(`${server.baseURL}${path}`)).json();

  /** A product whose match-the-set list is not empty, and another product to view before it. */
  async function pickProducts() {
    const { products } = await api('/web/api/v1/products/?page=1');
    for (const p of products) {
      const set = await api(`/web/api/v1/recommendations/${p.slug}/?kind=match-the-set`);
      if (set.products?.length) {
        const other = products.find((x) => x.id !== p.id && !set.products.some((s) => s.id === x.id));
        return { product: p, matchTheSet: set.products, viewedBefore: other };
      }
    }
    throw new Error('no product with a match-the-set list in the demo data');
  }

  test('a guest sees similar products, match the set and recently viewed; no re-order', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      const { product, matchTheSet, viewedBefore } = await pickProducts();
      const similar = await api(`/web/api/v1/more-like-this/?productid=${product.id}&page=0`);
      const alsoBought = await api(`/web/api/v1/recommendations/${product.slug}/?kind=people-also-bought`);

      // View another product first (it is recorded once its lower sections show).
      await page.goto(`/product/${viewedBefore.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await scrollUntil(page, '[data-testid=below-the-fold]');
      await page.waitForFunction((id) => JSON.parse(localStorage.getItem('drape:recently-viewed') ?? '[]')[0] === id, viewedBefore.id);

      await page.goto(`/product/${product.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const below = await scrollUntil(page, '[data-testid=below-the-fold]');

      const sim = below.getByTestId('rec-similar');
      await sim.getByRole('heading', { name: 'Similar Products' }).waitFor();
      await sim.getByTestId('rec-card').first().waitFor();
      assert.equal(await sim.getByTestId('rec-card').count(), similar.products.filter((p) => p.id !== product.id).length);

      const set = below.getByTestId('rec-match-the-set');
      await set.getByTestId('rec-card').first().waitFor();
      assert.equal(await set.getByTestId('rec-card').count(), matchTheSet.length);

      const recent = below.getByTestId('rec-recently-viewed');
      await recent.getByTestId('rec-card').first().waitFor();
      assert.match(await recent.getByTestId('rec-card').first().innerText(), new RegExp(viewedBefore.name));
      assert.equal(await recent.getByText(product.name, { exact: true }).count(), 0, 'not the product itself');

      if (alsoBought.products.length === 0) {
        assert.equal(await below.getByTestId('rec-people-also-bought').count(), 0, 'an empty section hides');
      } else {
        await below.getByTestId('rec-people-also-bought').getByTestId('rec-card').first().waitFor();
      }
      assert.equal(await below.getByTestId('rec-reorder').count(), 0, 'no re-order for guests');

      // Lazy pictures, and they load once scrolled into view.
      assert.equal(await sim.locator('img').first().getAttribute('loading'), 'lazy');
      await sim.evaluate((el) => {
        const top = el.getBoundingClientRect().top + window.scrollY - 64;
        window.scrollTo(0, top);
      });
      await page.waitForFunction(() => {
        const imgs = [...document.querySelectorAll('[data-testid=rec-similar] img')].slice(0, 2);
        return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      });
      await screenshot(page, 'pdp-below-the-fold.png');

      // 'View all' pages through the more-like-this list.
      await sim.getByRole('button', { name: 'View all' }).click();
      const dialog = page.getByRole('dialog', { name: 'Similar Products' });
      await dialog.waitFor();
      const grid = dialog.getByTestId('similar-grid');
      await grid.getByTestId('rec-card').first().waitFor();
      const firstPage = await grid.getByTestId('rec-card').count();
      if (similar.has_next) {
        await dialog.getByRole('button', { name: 'Show more' }).click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid=similar-grid] [data-testid=rec-card]').length > n,
          firstPage,
        );
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A card opens its product.
      const target = await sim.getByTestId('rec-card').first().locator('a').getAttribute('href');
      await sim.getByTestId('rec-card').first().locator('a').click();
      await page.waitForURL((u) => u.pathname === target);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a logged-in shopper also sees re-order, from their delivered orders', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      const { product } = await pickProducts();
      await logIn(page, server.baseURL, `/product/${product.slug}`);
      const reorder = await page.evaluate(() => fetch('/web/api/v1/reorder-products/').then((r) => r.json()));
      const expected = reorder.products.filter((p) => p.id !== product.id);
      assert.ok(expected.length > 0, 'the demo shopper has delivered orders');
      const below = await scrollUntil(page, '[data-testid=below-the-fold]');
      const section = below.getByTestId('rec-reorder');
      await section.getByRole('heading', { name: 'Re-order' }).waitFor();
      await section.getByTestId('rec-card').first().waitFor();
      assert.equal(await section.getByTestId('rec-card').count(), expected.length);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
