// Stock that runs out while items sit in the cart: an operator sets a size's stock to 0 with
// `drape admin stock`, and the shopper moves the item to the wishlist in one step from the cart page.
// Also: a guest's cart survives logging in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, screenshot, startServer } from './harness.mjs';

const SLUG = 'cotton-non-padded-bra-black';

describe('cart stock and login', () => {
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

  async function addAsPageUser(page, slug) {
    // The same call the product page makes, from the page, with its cookies and CSRF token.
    return page.evaluate(async (s) => {
      const sizes = await fetch(`/web/api/v1/product/${s}/sizes/s/`).then((r) => r.json());
      const size = sizes.result.size.find((x) => x.quantity >= 2);
      const token =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('csrftoken='))
          ?.split('=')[1] ?? '';
      const product = await fetch(`/web/api/v1/product-mobile/${s}/`).then((r) => r.json());
      const res = await fetch('/api/v3/cart-items/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: JSON.stringify({ cart: null, product: product.id, quantity: 1, size: size.value, combo_sizes: null }),
      });
      return { status: res.status, sku: size.sku };
    }, slug);
  }

  test('a guest cart joins the shopper cart at login; a sold-out item moves to the wishlist', async () => {
    const { page } = await newPhonePage(browser, server.baseURL);
    await page.goto(`/product/${SLUG}`);
    await page.getByTestId('product').waitFor();
    const added = await addAsPageUser(page, SLUG);
    assert.equal(added.status, 200);

    await logIn(page, server.baseURL, '/view-cart/');
    const line = page.getByTestId('cart-line').filter({ hasText: 'Cotton Non-Padded Bra' });
    await line.first().waitFor();

    // The operator sells out that size; the cart shows it out of stock and offers the one-step move.
    await server.admin('stock', '--sku', added.sku, '--set', '0');
    await page.reload();
    await page.getByText('Some items are out of stock').waitFor();
    await screenshot(page, 'cart-out-of-stock.png');
    await page.getByRole('button', { name: /move to wishlist/i }).click();
    await page.getByText('Some items are out of stock').waitFor({ state: 'detached' });
    await page.goto('/wishlist/');
    await page.getByText('Cotton Non-Padded Bra').first().waitFor();
    await page.close();
  });
});
