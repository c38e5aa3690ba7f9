// Home, product and not-found pages against the real server (demo catalog), at 390×844.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  answerLate,
  launchBrowser,
  layoutShifts,
  newHtmlOnlyPage,
  newPhonePage,
  screenshot,
  startServer,
  VIEWPORT,
  watchLayoutShifts,
} from './harness.mjs';

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

  /**
   * Makes the page's visitor one whose bag was emptied: nothing on a page is theirs, but they are not
   * a first visit, so the server draws no page whole for them and the app draws it.
   */
  async function emptiedBag(page, context) {
    await page.request.get('/api/v1/me/');
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken').value;
    const headers = { 'X-CSRFToken': csrf, appsource: 'Web', appversion: '1', version: '1.4' };
    const other = 'everyday-padded-t-shirt-bra-teal';
    const { id } = await (await page.request.get(`/web/api/v1/product-mobile/${other}/`)).json();
    const sizes = await (await page.request.get(`/web/api/v1/product/${other}/sizes/s/`)).json();
    const size = sizes.result.size.find((s) => s.quantity > 0).value;
    const added = await page.request.post('/api/v3/cart-items/', { headers, data: { product: id, quantity: 1, size } });
    assert.equal(added.status(), 200, await added.text());
    const removed = await page.request.delete(`/api/v4/cart-items-new/${(await added.json()).item_id}/`, { headers });
    assert.equal(removed.status(), 200, await removed.text());
  }

  test('home shows categories and products; a category filters the grid', async () => {
    const { page, context, problems } = await phone();
    try {
      // a first visit's home is drawn whole and carries the grid's first products: the app asks none
      const asked = [];
      page.on('request', (r) => {
        if (r.url().includes('/web/api/v1/products/')) asked.push(new URL(r.url()).search);
      });
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
      assert.deepEqual(asked, [], 'the first products come with the page');
      // The app's first page draws its first cards, then the rest a few per frame (shared/lib/first-page.ts):
      // every card of the first page comes, and the text under the grid counts them all.
      const progress = await page.locator('.grid__progress').innerText();
      const shown = Number(/Showing (\d+) of/.exec(progress)?.[1]);
      assert.ok(shown > 6, `a first page longer than its first part: ${progress}`);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=product-card]').length === n, shown);

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
    // A first visit gets each page drawn whole, carrying what it shows; a returning visitor gets the
    // loading page, and the app draws the page as its parts come.
    for (const visitor of ['first visit', 'returning']) {
      const { page, context, problems } = await phone();
      try {
        if (visitor === 'returning') await emptiedBag(page, context);
        // each part answers late, and in its own time, as on a phone's network; the design of the
        // month later than the app's one-second wait for its data
        await answerLate(page, '**/web/api/v1/featured/**', 1500);
        await answerLate(page, '**/web/api/v1/products/**', 600);
        await watchLayoutShifts(page);
        for (const [path, ready] of [
          ['/', () => page.getByTestId('featured-promo').waitFor()],
          ['/bras/', () => page.getByTestId('listing-count').waitFor()],
        ]) {
          const answer = await page.goto(path);
          const drawn = (await answer.text()).includes('<div id="root" data-drawn="">');
          assert.equal(drawn, visitor === 'first visit', `${path}, ${visitor}: drawn whole or not`);
          await ready();
          await page.getByTestId('product-card').first().waitFor();
          await page.waitForLoadState('networkidle');
          const shifts = await layoutShifts(page);
          const score = shifts.reduce((sum, s) => sum + s.value, 0);
          assert.ok(score < 0.001, `${path}, ${visitor}: layout shift ${score.toFixed(4)}: ${JSON.stringify(shifts)}`);
          // the footer waits below the fold
          assert.ok((await page.locator('.site-footer').boundingBox()).y >= 844, `${path}, ${visitor}: the footer is below the fold`);
        }
        if (visitor === 'first visit') await screenshot(page, 'listing-loaded.png');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
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

      // Home stays on screen while the product page loads (the route renders as a transition), so
      // the address can change before the heading does: wait for the product's own heading.
      await page.getByRole('heading', { level: 1, name: cardName, exact: true }).waitFor();
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

  test("before the JavaScript runs, the HTML paints the app's header, with real links; the app then paints the same one (issue 14)", async () => {
    const { page, context } = await phone();
    const path = '/product/everyday-padded-t-shirt-bra-black/';
    const header = page.locator('header.site-header');
    // where the logo and the icons sit, and the header's pixels
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('header.site-header .logo, header.site-header .icon-button')].map((e) => {
          const r = e.getBoundingClientRect();
          return [e.getAttribute('aria-label'), r.x, r.y, r.width, r.height];
        }),
      );
    const headerPixels = async () => page.screenshot({ clip: { x: 0, y: 0, width: VIEWPORT.width, height: 57 }, animations: 'disabled' });
    try {
      // A visitor whose bag was emptied (nothing on the page is theirs, but they are not a first
      // visit), so the server answers index.html's own frame: a first visit gets the product's page
      // drawn whole, the app's header with it (drawn/product.rs).
      await emptiedBag(page, context);
      // 1. No JavaScript at all: index.html's own copy of the header.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      await header.waitFor();
      const logo = header.getByRole('link', { name: 'Drape home' });
      assert.ok(await logo.isVisible(), 'the wordmark is painted');
      assert.equal((await logo.innerText()).trim(), 'Drape');
      const hrefs = {};
      for (const name of ['Drape home', 'Search', 'Wishlist', 'Cart']) {
        const link = header.getByRole('link', { name });
        assert.ok(await link.isVisible(), `${name} is painted`);
        hrefs[name] = await link.getAttribute('href');
      }
      assert.deepEqual(hrefs, { 'Drape home': '/', Search: '/search', Wishlist: '/wishlist/', Cart: '/view-cart/' });
      for (const name of ['Menu', 'Account']) assert.ok(await header.getByRole('button', { name }).isVisible(), `${name} is painted`);
      assert.equal(await page.getByTestId('menu-button').count(), 0, "the app did not run: this is the HTML's copy");
      const staticBoxes = await boxes();
      assert.equal(staticBoxes.length, 6, 'the wordmark and five icons');
      const staticPixels = await headerPixels();
      await screenshot(page, 'static-shell.png');

      // 2. The app arriving late, as on a phone: it replaces the copy with the same header, in the same place.
      await page.unroute('**/assets/*.js');
      await answerLate(page, '**/assets/*.js', 700);
      await watchLayoutShifts(page);
      await page.goto(path);
      await page.getByTestId('menu-button').waitFor();
      await page.getByTestId('product').waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await boxes(), staticBoxes, 'the header did not move');
      assert.ok((await headerPixels()).equals(staticPixels), 'the header looks the same before and after the app runs');
      const shifts = await layoutShifts(page);
      const score = shifts.reduce((sum, x) => sum + x.value, 0);
      assert.ok(score < 0.001, `layout shift ${score.toFixed(4)}: ${JSON.stringify(shifts)}`);
      await screenshot(page, 'product-after-shell.png');

      // 3. A tap on the copy before the app runs is a plain link: it goes there.
      await page.unrouteAll();
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      await header.getByRole('link', { name: 'Cart' }).tap();
      await page.waitForURL((u) => u.pathname === '/view-cart/');
      await header.getByRole('link', { name: 'Drape home' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('home, a category and an empty cart paint their first content from the HTML; the app draws it again in the same place, or hydrates home and a category page drawn whole (issue 14)', async () => {
    const pages = [
      {
        path: '/',
        first: '.grid .card__media img',
        data: '/web/api/v1/products/?page=1',
        shot: 'home-before-script.png',
        title: 'Drape · Lingerie, nightwear and more',
      },
      {
        path: '/bras/',
        first: '.grid .card__media img',
        data: '/web/api/v1/products/?category_slug=bras',
        shot: 'listing-before-script.png',
        title: 'Bras · Drape',
      },
      {
        path: '/view-cart/',
        first: '.empty-panel',
        data: '/get/view-cart-info/',
        shot: 'cart-before-script.png',
        title: 'Your cart · Drape',
      },
    ];
    for (const p of pages) {
      // 1. The HTML alone.
      const { context: context0, page: html } = await newHtmlOnlyPage(browser, server.baseURL);
      let before;
      let chosen;
      try {
        await html.goto(p.path);
        const first = html.locator(p.first).first();
        await first.waitFor();
        assert.equal(await html.title(), p.title, `${p.path}: the HTML names the page`);
        if (p.path === '/view-cart/') {
          assert.ok(await html.getByRole('heading', { name: 'Your cart is empty' }).isVisible(), 'the empty cart is painted');
          assert.equal(await html.getByRole('link', { name: 'Continue shopping' }).getAttribute('href'), '/');
        } else if (p.path === '/' || p.path === '/bras/') {
          // A first visit to home or a category's page is drawn whole: the first six cards with their
          // names and prices.
          assert.equal(await html.locator('#root[data-drawn]').count(), 1, `${p.path} is drawn whole`);
          assert.equal(await html.getByTestId('product-card').count(), 6, `${p.path}: six cards in the HTML`);
          assert.equal(await html.locator(p.first).count(), 6, `${p.path}: each with its image`);
          const name = await html.locator('.card__name').first().textContent();
          assert.ok(name && name.length > 3, `${p.path}: the first card is named in the HTML: ${name}`);
          assert.match(await html.locator('.card .price').first().textContent(), /^₹[\d,]+$/, `${p.path}: and priced`);
          assert.equal(await html.locator('.site-footer').count(), 1, `${p.path}: the footer is drawn too`);
          if (p.path === '/bras/') {
            assert.equal(await html.getByRole('heading', { level: 1 }).textContent(), 'Bras', 'the category is named');
            assert.match(await html.getByTestId('listing-count').textContent(), /^\d+ products · page 1 of \d+$/);
            assert.equal(await html.getByTestId('next-page').getAttribute('href'), '/bras/?page=2', 'the next page is a link');
          }
          await html.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((i) => i.complete && i.naturalWidth > 0), p.first);
          chosen = await first.evaluate((i) => i.currentSrc);
        } else {
          assert.equal(await html.locator(p.first).count(), 4, `${p.path}: the first four cards have their images`);
          await html.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((i) => i.complete && i.naturalWidth > 0), p.first);
          chosen = await first.evaluate((i) => i.currentSrc);
        }
        before = await first.boundingBox();
        await screenshot(html, p.shot);
      } finally {
        await context0.close();
      }
      // 2. With the app: what the HTML drew, drawn again in the same place; the data asked once.
      const { page, context, problems } = await phone();
      try {
        const asked = [];
        const apis = [];
        page.on('request', (r) => {
          const u = new URL(r.url());
          if (`${u.pathname}${u.search}` === p.data) asked.push(u.search);
          if (r.resourceType() === 'fetch') apis.push(u.pathname);
        });
        // The HTML's first card, held before the app starts: hydration keeps the very node.
        await page.addInitScript(() =>
          document.addEventListener('DOMContentLoaded', () => {
            window.__htmlCard = document.querySelector('[data-testid=product-card]');
          }),
        );
        await page.goto(p.path);
        if (p.path === '/view-cart/') {
          await page.getByTestId('cart-empty').waitFor();
        } else {
          await page.getByTestId('product-card').first().waitFor();
          await page.waitForFunction(
            (sel) => [...document.querySelectorAll(sel)].slice(0, 4).every((i) => i.complete),
            '[data-testid=product-card] img',
          );
          const img = page.getByTestId('product-card').first().locator('img');
          assert.equal(await img.evaluate((i) => i.currentSrc), chosen, `${p.path}: the app picks the image the HTML did`);
        }
        const first = page
          .locator(p.path === '/view-cart/' ? '[data-testid=cart-empty]' : '[data-testid=product-card] .card__media')
          .first();
        assert.deepEqual(await first.boundingBox(), before, `${p.path}: it stays where the HTML drew it`);
        if (p.path === '/' || p.path === '/bras/') {
          // drawn whole, the page carries what it was drawn from: the app asks none of it
          assert.deepEqual(asked, [], `${p.path}: the products come with the page`);
          for (const carried of ['/api/v1/me/', '/api/v2/main-menu-msite/', '/web/api/v1/featured/']) {
            assert.ok(!apis.some((a) => a.startsWith(carried)), `${p.path}: ${carried} comes with the page: ${apis}`);
          }
        }
        if (p.path === '/' || p.path === '/bras/') {
          // the app has run (it draws the rest of the first page) and took over the HTML's cards
          await page.waitForFunction(() => document.querySelectorAll('[data-testid=product-card]').length > 6);
          assert.ok(
            await page.evaluate(
              () => window.__htmlCard?.isConnected && window.__htmlCard === document.querySelector('[data-testid=product-card]'),
            ),
            `${p.path}: the app hydrated the drawn page instead of drawing it again`,
          );
        }
        if (p.path === '/bras/') {
          // the drawn toolbar is the app's: its Filter opens the sheet
          await page.getByTestId('open-filters').click();
          await page.getByTestId('filter-sheet').waitFor();
        }
        if (p.path === '/') {
          // the account menu the drawn header names (its useId) is the one the app opens
          await page.getByTestId('account-button').click();
          const controls = await page.getByTestId('account-button').getAttribute('aria-controls');
          assert.equal(
            await page.getByTestId('account-menu').getAttribute('id'),
            controls,
            'home: the drawn header controls the menu the app opens',
          );
        }
        // the app names the page as the HTML did; hydrating a drawn page, React takes the HTML's very
        // title as its own (drawing a page anew, it puts its own first and leaves index.html's)
        assert.equal(await page.title(), p.title, `${p.path}: the app names the page as the HTML did`);
        if (p.path !== '/view-cart/') assert.equal(await page.locator('head > title').count(), 1, `${p.path}: one title`);
        // drawn anew, the HTML's title goes back to index.html's plain name: a later loading screen
        // (no title of its own) must not show this page's
        else assert.deepEqual(await page.locator('head > title').allTextContents(), [p.title, 'Drape']);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
  });

  test("the app's code is asked for only once the first contentful paint is on screen (issue 14)", async () => {
    for (const path of ['/', '/bras/', '/view-cart/']) {
      const { page, context, problems } = await phone();
      try {
        await page.goto(path);
        const scripts = /\/assets\/(vendor|index)-[^/]+\.js$/;
        await page.waitForFunction(
          (re) => performance.getEntriesByType('resource').filter((r) => new RegExp(re).test(r.name)).length === 2,
          scripts.source,
        );
        const t = await page.evaluate(
          (re) => ({
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            app: performance
              .getEntriesByType('resource')
              .filter((r) => new RegExp(re).test(r.name))
              .map((r) => r.startTime),
          }),
          scripts.source,
        );
        assert.ok(t.paint > 0, `${path}: a first contentful paint was reported`);
        assert.equal(t.app.length, 2, `${path}: the vendor and entry scripts were fetched: ${t.app}`);
        for (const asked of t.app) assert.ok(asked >= t.paint, `${path}: a script asked at ${asked} ms, before the paint at ${t.paint} ms`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
  });

  test("once the app has started, the start script's 3 s timer is gone: nothing wakes the page for it (issue 14)", async () => {
    const { page, context, problems } = await phone();
    try {
      await page.addInitScript(() => {
        const set = window.setTimeout;
        const clear = window.clearTimeout;
        window.__latest = { set: [], cleared: [] };
        window.setTimeout = function (fn, ms, ...rest) {
          const id = set.call(this, fn, ms, ...rest);
          if (ms === 3000) window.__latest.set.push(id);
          return id;
        };
        window.clearTimeout = function (id) {
          window.__latest.cleared.push(id);
          return clear.call(this, id);
        };
      });
      await page.goto('/bras/');
      await page.getByTestId('product-card').first().waitFor();
      const timers = await page.evaluate(() => window.__latest);
      assert.equal(timers.set.length, 1, 'the start script set its 3 s timer');
      assert.ok(timers.cleared.includes(timers.set[0]), 'and cleared it when the first paint started the app');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the app still starts where paint timing cannot be watched and frames do not come (issue 14)', async () => {
    const { page, context, problems } = await phone();
    try {
      // A browser without paint timing whose frames are held back: only the start script's timer is left.
      await page.addInitScript(() => {
        delete window.PerformanceObserver;
        window.requestAnimationFrame = () => 0;
      });
      await page.goto('/bras/');
      // when the app's entry script was asked for
      const entry = await page.waitForFunction(
        () => performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime,
        null,
        { timeout: 8000, polling: 100 }, // rAF polling would never run here
      );
      const asked = await entry.jsonValue();
      assert.ok(asked >= 2500, `the app was asked at ${asked} ms, by the 3 s timer`);
      await page.getByTestId('product-card').first().waitFor();
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
