// Search that forgives a typo, the search screen's recent and popular searches, a category listing with
// two filters and a sort and Back from a product, the slide-out menu, and the header's counts across
// two tabs (issue 13), at 390×844.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addFromProductPage, launchBrowser, logIn, newPhonePage, rupees, screenshot, startServer, waitForCount } from './harness.mjs';

// The listing's answer for a query with `name`=`value`. The URL moves before React shows the new
// page (navigations are transitions), so waiting on the URL and then for no stale grid can read the
// last page's cards; wait for this answer first (set up before the click).
const listingAnswer = (page, name, value) =>
  page.waitForResponse((r) => r.url().includes('/web/api/v1/products/') && new URL(r.url()).searchParams.get(name) === value);
const settled = async (page, answer) => {
  await answer;
  await page.waitForFunction(() => !document.querySelector('.grid--stale'));
};

// A filter value pressed in the sheet, which is drawn from the answer it shows.
const chosen = (sheet, testId, text) => sheet.locator(`[data-testid="${testId}"][aria-pressed="true"]`, { hasText: text }).waitFor();

const url = (page) => {
  const u = new URL(page.url());
  return u.pathname + decodeURIComponent(u.search);
};

describe('search and listings', () => {
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

  test('a search with a typo finds the products, opens one, and is remembered; nothing found still offers a way on', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Search' }).click();
      await page.waitForURL((u) => u.pathname === '/search' || u.pathname === '/search/');
      const input = page.getByTestId('search-input');
      await input.fill('leggins');
      const box = page.getByTestId('suggestions');
      await box.getByTestId('suggest-product').first().waitFor();
      assert.match(await box.innerText(), /Showing suggestions for “leggings”/);
      assert.ok((await box.getByTestId('suggest-completion').count()) > 0, 'completions');
      await screenshot(page, 'search-suggestions.png');

      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search/' && u.searchParams.get('q') === 'leggins');
      await page.getByTestId('search-corrected').waitFor();
      const names = await page.getByTestId('product-card').locator('.card__name').allInnerTexts();
      // leggings first (yoga pants, also in the Leggings category, come after them)
      assert.ok(names.length >= 5 && names.slice(0, 5).every((n) => /leggings/i.test(n)), `leggings first: ${names.join(', ')}`);
      await screenshot(page, 'search-results.png');

      const first = names[0];
      await page.getByTestId('product-card').first().locator('a').first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/product/'));
      await page.getByTestId('product').waitFor();
      assert.equal(await page.locator('h1').first().innerText(), first);
      await page.goBack();
      await page.getByTestId('search-corrected').waitFor();

      // The search screen remembers it; popular searches count it as the words it meant.
      await page.goto('/search/');
      const recent = page.getByTestId('recent-searches');
      await recent.getByRole('link', { name: 'leggins' }).waitFor();
      await page.getByTestId('popular-searches').getByRole('link', { name: 'leggings' }).waitFor();
      await page.getByTestId('top-products').waitFor();
      await screenshot(page, 'search-screen.png');
      await recent.getByRole('button', { name: 'Remove leggins from recent searches' }).click();
      await recent.waitFor({ state: 'detached' });

      // Nothing matches: it says so, offers the nearest query and best sellers.
      await page.goto('/search/?q=qqxxzzvv');
      await page.getByTestId('search-nomatch').waitFor();
      assert.ok((await page.getByTestId('popular-products').getByTestId('product-card').count()) > 0, 'best sellers instead');
      await screenshot(page, 'search-nothing-found.png');
    } finally {
      await context.close();
    }
  });

  test('a listing with two filters and a sort keeps its place when the shopper comes back from a product', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/category/bras');
      await page.waitForURL((u) => u.pathname === '/bras/');
      await page.getByTestId('product-grid').waitFor();
      const all = Number((await page.getByTestId('listing-count').innerText()).match(/^(\d+)/)[1]);

      await page.getByTestId('open-filters').click();
      const sheet = page.getByTestId('filter-sheet');
      await sheet.waitFor();
      const size = sheet.getByTestId('filter-size').filter({ hasText: '34B' });
      const sized = listingAnswer(page, 'size', '34B');
      await size.click();
      await page.waitForURL((u) => u.searchParams.get('size') === '34B');
      await settled(page, sized);
      await chosen(sheet, 'filter-size', '34B');
      const black = sheet.getByTestId('filter-color').filter({ hasText: 'Black' });
      const blackAnswer = listingAnswer(page, 'color', 'Black');
      await black.click();
      await page.waitForURL((u) => u.searchParams.get('color') === 'Black');
      await settled(page, blackAnswer);
      // The sheet is drawn from the answer it shows: Black pressed there means the counts beside the
      // sizes, and the grid under the sheet, are the black answer's. (The answer can arrive before
      // React commits the navigation, when no grid is stale yet, so the stale check alone can read the
      // last answer's counts.)
      await chosen(sheet, 'filter-color', 'Black');
      // the sizes' counts now count black bras only
      const counted = Number((await size.innerText()).match(/\((\d+)\)/)[1]);
      await screenshot(page, 'listing-filters.png');
      await page.getByTestId('filter-apply').click();
      const filtered = Number((await page.getByTestId('listing-count').innerText()).match(/^(\d+)/)[1]);
      assert.ok(filtered > 0 && filtered < all, `${filtered} of ${all}`);
      assert.equal(filtered, counted, "the size's count was the number of products it leaves");

      await page.getByTestId('open-sort').click();
      const sorted = listingAnswer(page, 'sort', 'price_asc');
      await page.getByTestId('sort-sheet').getByLabel('Price: low to high').click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'price_asc');
      assert.equal(url(page), '/bras/?size=34B&color=Black&sort=price_asc');
      await settled(page, sorted);
      // the label is the answer's sort: the cards below are the sorted page, not the last one
      await page
        .getByTestId('open-sort')
        .filter({ hasText: /low to high/ })
        .waitFor();
      const cards = page.getByTestId('product-card');
      const prices = [];
      for (const c of await cards.all()) {
        if ((await c.locator('.badge--soldout').count()) === 0) prices.push(rupees(await c.locator('.price').first().innerText()));
      }
      assert.deepEqual(
        prices,
        [...prices].sort((a, b) => a - b),
        'in-stock prices rise',
      );
      await screenshot(page, 'listing-sorted.png');

      // Down the list, into a product, and Back: the same list at the same place.
      const pick = cards.nth(Math.min(4, (await cards.count()) - 1));
      await pick.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      const y = await page.evaluate(() => window.scrollY);
      const name = await pick.locator('.card__name').innerText();
      await pick.locator('a').first().click();
      await page.getByTestId('product').waitFor();
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/bras/');
      assert.equal(url(page), '/bras/?size=34B&color=Black&sort=price_asc');
      await page.getByTestId('product-grid').waitFor();
      await page.waitForTimeout(300);
      const yBack = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(yBack - y) < 150, `scroll kept: ${y} → ${yBack}`);
      assert.ok(await page.getByTestId('product-card').filter({ hasText: name }).isVisible(), 'the product is in view');

      // A reload keeps it all.
      await page.reload();
      await page.getByTestId('chosen-filters').waitFor();
      assert.deepEqual(await page.getByTestId('chosen-filters').getByRole('button').allInnerTexts(), ['34B', 'Black', 'Clear all']);
      assert.match(await page.getByTestId('open-sort').innerText(), /low to high/);

      // Pages are history entries: next, then Back.
      await page.goto('/bras/');
      await page.getByTestId('next-page').click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await page
        .getByTestId('listing-count')
        .filter({ hasText: /page 2 of/ })
        .waitFor();
      assert.ok((await page.evaluate(() => window.scrollY)) < 200, 'a new page starts at the top');
      await page.goBack();
      await page.waitForURL((u) => !u.searchParams.has('page'));
    } finally {
      await context.close();
    }
  });

  test('the slide-out menu leads to a sub-category; the header counts follow a change made in another tab', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/');
      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('main-menu');
      await menu.getByText('Bras', { exact: true }).click();
      await menu.getByRole('link', { name: 'T-Shirt Bras', exact: true }).first().waitFor();
      await screenshot(page, 'main-menu.png');
      await menu.getByRole('link', { name: 'T-Shirt Bras', exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === '/t-shirt-bras/');
      // the category's page is a lazy chunk: wait for its heading, not the page it replaces
      await page.getByRole('heading', { level: 1, name: 'T-Shirt Bras' }).waitFor();
      assert.equal(await menu.count(), 0, 'the menu closed');

      // Two tabs of one shopper: a heart and an add in one; the other's header follows.
      await logIn(page, server.baseURL, '/t-shirt-bras/');
      const other = await context.newPage();
      await other.goto('/');
      await other.getByTestId('product-grid').waitFor();
      const wishlistBefore = Number(
        (await other.getByTestId('wishlist-count').count()) ? await other.getByTestId('wishlist-count').innerText() : 0,
      );
      await page.getByTestId('product-grid').waitFor();
      const heart = page.getByTestId('card-heart').first();
      assert.equal(await heart.getAttribute('aria-pressed'), 'false');
      await heart.click();
      await page.waitForFunction(() => document.querySelector('[data-testid=card-heart]')?.getAttribute('aria-pressed') === 'true');
      await waitForCount(other, 'wishlist-count', wishlistBefore + 1);
      const cartBefore = Number((await other.getByTestId('cart-count').count()) ? await other.getByTestId('cart-count').innerText() : 0);
      await addFromProductPage(page, 'everyday-padded-t-shirt-bra-black');
      await waitForCount(other, 'cart-count', cartBefore + 1);
      await screenshot(other, 'header-counts-other-tab.png');
      // The heart is remembered by the listing.
      await page.goto('/t-shirt-bras/');
      await page.waitForFunction(() => document.querySelector('[data-testid=card-heart]')?.getAttribute('aria-pressed') === 'true');
      await page.getByTestId('card-heart').first().click();
      await waitForCount(other, 'wishlist-count', wishlistBefore);
    } finally {
      await context.close();
    }
  });
});
