// The server's hardening, seen from the browser, at 390×844: a cart GET that applies a coupon carries
// X-CSRFToken (the server refuses it without); the wishlist comes 50 entries a page with 'Show more';
// a full wishlist (200) is refused with the server's message on the product page. Every page here,
// as everywhere, fails its test on a Content-Security-Policy violation (see harness.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, screenshot, startServer, addFromProductPage, rupees, waitForCount } from './harness.mjs';

const BRA = 'everyday-padded-t-shirt-bra-black'; // a T-shirt bra: BRA15 (15% off bras) applies
// Fresh shoppers (created at their first login) for the wishlist tests: their wishlists start empty, and
// each number has its own OTP resend timer (one code per number per 30 s).
const PAGED_SHOPPER = '9000000051';
const FULL_SHOPPER = '9000000052';
const WISHLIST_PAGE = 50;
const WISHLIST_MAX = 200;

/** Expected refusals (a 400) are logged by Chromium as failed resources; anything else is a problem. */
const unexpected = (problems) => problems.filter((p) => !/status of 400\b/.test(p));

/**
 * Saves the first `want` products of the catalog to the logged-in shopper's wishlist, the way the app
 * calls the API (from the page, with its cookies and CSRF token), at most 20 entries a request.
 * Returns the ids saved and the answers' statuses and last wishlist_count; `extra` more ids are
 * listed (not saved) for the test to use.
 */
async function seedWishlist(page, want, extra = 0) {
  return page.evaluate(
    async ({ want, extra }) => {
      const products = [];
      for (let p = 1; products.length < want + extra; p++) {
        const list = await fetch(`/web/api/v1/products/?page=${p}`).then((r) => r.json());
        for (const card of list.products) if (!products.some((x) => x.id === card.id)) products.push(card);
        if (list.products.length === 0 || (list.num_pages && p >= list.num_pages)) break;
      }
      const saved = products.slice(0, want);
      const token = () =>
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('csrftoken='))
          ?.slice('csrftoken='.length) ?? '';
      const statuses = [];
      let count = null;
      for (let i = 0; i < saved.length; i += 20) {
        const res = await fetch('/api/v3/wishlist/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token() },
          body: JSON.stringify(saved.slice(i, i + 20).map((p) => ({ product: p.id }))),
        });
        statuses.push(res.status);
        if (res.ok) count = (await res.json()).wishlist_count;
      }
      return { saved: saved.map((p) => p.id), rest: products.slice(want).map((p) => ({ id: p.id, url: p.url })), statuses, count };
    },
    { want, extra },
  );
}

/** Waits for the images in view (the cards' images are lazy: the rest never load). */
async function imagesInView(page) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((i) => {
        const r = i.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
      })
      .every((i) => i.complete),
  );
}

describe('hardening', () => {
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

  test('the demo shopper applies a coupon on the cart page: the cart GET carries X-CSRFToken', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/');
      await addFromProductPage(page, BRA, { minQuantity: 2 });

      const doc = await page.goto('/view-cart/');
      assert.match(doc.headers()['content-security-policy'] ?? '', /script-src 'self'/, 'the page carries the CSP');
      await page.getByTestId('cart-line').filter({ hasText: 'Everyday Padded T-Shirt Bra' }).first().waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid=summary-total]'));
      const before = rupees(await page.getByTestId('summary-total').innerText());

      const coupon = page.getByTestId('coupon');
      await coupon.getByTestId('coupon-input').fill('BRA15');
      const asked = page.waitForRequest(
        (r) =>
          r.method() === 'GET' && r.url().includes('/api/v4/carts-new/') && new URL(r.url()).searchParams.get('coupon_code') === 'BRA15',
      );
      await coupon.getByRole('button', { name: 'Apply' }).click();
      const request = await asked;
      const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
      assert.ok(token, 'the csrftoken cookie is set');
      assert.equal((await request.allHeaders())['x-csrftoken'], token, 'the coupon GET carries the cookie as X-CSRFToken');
      assert.equal((await request.response())?.status(), 200);

      const applied = coupon.getByTestId('coupon-applied');
      await applied.waitFor();
      assert.match(await applied.innerText(), /BRA15/);
      await page.getByTestId('price-summary').getByText('Coupon BRA15').waitFor();
      const after = rupees(await page.getByTestId('summary-total').innerText());
      assert.ok(after < before, `BRA15 lowers the total (${before} → ${after})`);

      // the same GET without the header (the shopper's cookies, as a link on another site would send
      // them) is refused
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const cartPath = new URL(request.url()).pathname;
      const refused = await fetch(`${server.baseURL}${cartPath}?coupon_code=BRA15`, { headers: { cookie } });
      assert.equal(refused.status, 403);
      assert.equal((await refused.json()).error, 'csrf_failed');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a wishlist of more than 50: the first page, then Show more; a removal keeps the list whole', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', PAGED_SHOPPER);
      const total = 75;
      const seeded = await seedWishlist(page, total);
      assert.equal(seeded.saved.length, total, `the catalog has ${total} products`);
      assert.deepEqual(seeded.statuses, [200, 200, 200, 200]);
      assert.equal(seeded.count, total);

      await page.goto('/wishlist/');
      await page.getByTestId('wishlist-item').first().waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=wishlist-item]').length === n, WISHLIST_PAGE);
      assert.equal(await page.getByTestId('wishlist-total').innerText(), `${total} items`);
      await waitForCount(page, 'wishlist-count', total);
      const more = page.getByRole('button', { name: 'Show more' });
      await page.getByText(`Showing ${WISHLIST_PAGE} of ${total}`).waitFor();

      await more.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(200);
      await imagesInView(page);
      await screenshot(page, 'wishlist-paged.png');

      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=wishlist-item]').length === n, total);
      assert.equal(await more.count(), 0, 'no Show more after the last page');
      const links = await page.$$eval('[data-testid=wishlist-item] .wl-card__name', (as) => as.map((a) => a.getAttribute('href')));
      assert.equal(new Set(links).size, total, 'every saved product once');

      // a removal with both pages loaded: one fewer, none twice, the count follows
      await page
        .getByTestId('wishlist-item')
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=wishlist-item]').length === n, total - 1);
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=wishlist-total]')?.textContent === text,
        `${total - 1} items`,
      );
      await waitForCount(page, 'wishlist-count', total - 1);
      const left = await page.$$eval('[data-testid=wishlist-item] .wl-card__name', (as) => as.map((a) => a.getAttribute('href')));
      assert.equal(left.length, total - 1);
      assert.equal(new Set(left).size, total - 1);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a full wishlist (200): the product page shows the server’s message and the heart stays empty', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/', FULL_SHOPPER);
      const seeded = await seedWishlist(page, WISHLIST_MAX, 1);
      assert.equal(seeded.saved.length, WISHLIST_MAX, `the catalog has more than ${WISHLIST_MAX} products`);
      assert.ok(
        seeded.statuses.every((s) => s === 200),
        `seeded: ${seeded.statuses}`,
      );
      assert.equal(seeded.count, WISHLIST_MAX);
      const next = seeded.rest[0];
      assert.ok(next, 'a product not in the wishlist');

      await page.goto(next.url);
      await page.getByTestId('product').waitFor();
      const heart = page.getByTestId('wishlist-toggle');
      assert.equal(await heart.getAttribute('aria-pressed'), 'false');
      await heart.click();
      await page
        .locator('#toast-warning')
        .filter({ hasText: 'Your wishlist is full (200 items). Please remove something first.' })
        .waitFor();
      assert.equal(await heart.getAttribute('aria-pressed'), 'false');
      assert.deepEqual(unexpected(problems), []);
    } finally {
      await context.close();
    }
  });
});
