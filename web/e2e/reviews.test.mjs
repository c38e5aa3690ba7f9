// Ratings, reviews and feedback on the product page (spec 001 §4, §5, §8) against the real server:
// a guest is asked to log in; the demo shopper rates a product from a Delivered order and, in the one
// 'Write a Review' sheet, answers the feedback questions and writes a review (a too-long headline
// first), is thanked once, and sees the rating refreshed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPhonePage, screenshot, startServer, logIn, scrollUntil } from './harness.mjs';

const getJSON = (page, path) => page.evaluate((p) => fetch(p).then((r) => r.json()), path);

describe('ratings and reviews', () => {
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

  /** A product with more than one page of reviews (the demo seed has some). */
  async function productWithPages() {
    for (let page = 1; page <= 10; page++) {
      const res = await fetch(`${server.baseURL}/web/api/v1/products/?page=${page}`);
      if (!res.ok) break;
      const { products, num_pages } = await res.json();
      for (const p of products) {
        if (p.total_ratings_count < 6) continue;
        const r = await (await fetch(`${server.baseURL}/web/api/v1/product/${p.slug}/web-reviews/s/?page=1`)).json();
        if (r.num_pages > 1) return { product: p, reviews: r };
      }
      if (page >= num_pages) break;
    }
    throw new Error('no product with more than one page of reviews in the demo data');
  }

  test('the reviews are not fetched on load; the rating pill by the name takes the shopper to them (issue 14)', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      const { product } = await productWithPages();
      const asked = [];
      page.on('request', (r) => {
        if (/web-reviews|\/assets\/reviews-/.test(r.url())) asked.push(r.url());
      });
      await page.goto(`/product/${product.slug}`);
      await page.getByTestId('policy-strip').waitFor();
      await page.waitForTimeout(500);
      assert.deepEqual(asked, [], 'nothing of the reviews before the shopper goes near them');
      await page.locator('a.rating-link').first().click();
      const block = page.getByTestId('ratings-and-reviews');
      await block.getByTestId('review').first().waitFor();
      assert.ok(asked.length > 0);
      const top = await page.locator('#ratings').evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 200, `the ratings' place is at the top of the screen (${top} px)`);
      await screenshot(page, 'pdp-ratings-from-pill.png');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a guest sees the rating and pages through reviews; a star asks them to log in', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      const { product, reviews } = await productWithPages();
      await page.goto(`/product/${product.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const block = await scrollUntil(page, '[data-testid=ratings-and-reviews]');
      const rating = block.getByTestId('product-rating');
      await rating.getByRole('heading', { name: 'Product Rating' }).waitFor();
      assert.match(await rating.getByTestId('rating-count').innerText(), /\d+ ratings?/);
      assert.equal(await rating.locator('.rv-bars__row').count(), 5, 'a bar per star, 5 to 1');

      const list = block.getByTestId('reviews');
      await list.getByTestId('review').first().waitFor();
      assert.equal(await list.getByTestId('review').count(), reviews.object_list.length);
      await list.getByText(`Page 1 of ${reviews.num_pages}.`).waitFor();
      assert.equal(await list.getByRole('button', { name: 'Previous' }).isDisabled(), true);
      const firstRow = await list.getByTestId('review').first().innerText();

      await block.getByTestId('product-rating').scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid=product-rating]');
        window.scrollBy(0, el.getBoundingClientRect().top - 64);
      });
      await screenshot(page, 'pdp-reviews.png');

      await list.getByRole('button', { name: 'Next' }).click();
      await list.getByText(`Page 2 of ${reviews.num_pages}.`).waitFor();
      await list.locator('.rv-reviews:not(.is-stale)').waitFor();
      assert.notEqual(await list.getByTestId('review').first().innerText(), firstRow);
      await list.getByRole('button', { name: 'Previous' }).click();
      await list.getByText(`Page 1 of ${reviews.num_pages}.`).waitFor();

      await block.getByRole('button', { name: 'Rate 3 stars' }).click();
      const prompt = page.getByRole('dialog', { name: 'Log in to rate' });
      await prompt.waitFor();
      const login = prompt.getByRole('link', { name: 'Log in' });
      assert.equal(await login.getAttribute('href'), `/login?next=${encodeURIComponent(`/product/${product.slug}`)}`);
      await login.click();
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === `/product/${product.slug}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the demo shopper rates a delivered product 3 stars, answers the feedback questions and writes a review in one sheet', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await logIn(page, server.baseURL, '/');
      // A product from a Delivered order that the shopper has not rated yet.
      const { products } = await getJSON(page, '/web/api/v1/reorder-products/');
      assert.ok(products.length > 0, 'the demo shopper has delivered orders');
      let target = null;
      for (const p of products) {
        const mine = await getJSON(page, `/get-my-rating/?productId=${p.id}`);
        if (mine.ordered_by_user && mine.orderstatus === 'Delivered' && mine.my_rating === 0) {
          target = p;
          break;
        }
      }
      assert.ok(target, 'an unrated delivered product');
      const before = await getJSON(page, `/web/api/v1/product-mobile/${target.slug}/`);

      await page.goto(`/product/${target.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const block = await scrollUntil(page, '[data-testid=ratings-and-reviews]');
      const rate = block.getByTestId('rate-product');
      await rate.getByText('Please rate this product first to write a review.').waitFor();
      await rate.getByRole('button', { name: 'Rate 3 stars' }).click();

      // The star is saved and the 'Write a Review' sheet opens with 3 stars: one flow, asking each thing once.
      const dialog = page.getByRole('dialog', { name: 'Write a Review' });
      await dialog.waitFor();
      await dialog.getByText('Your rating has been submitted.').waitFor();
      assert.equal(await dialog.getByLabel('3 stars').isChecked(), true);

      // 3 < 4 stars: the feedback questions come first in the sheet (the fit question's extremes emphasised)
      const fit = dialog.getByTestId('question-fit');
      await fit.waitFor();
      assert.match(await fit.locator('label', { hasText: 'Too tight' }).getAttribute('class'), /rv-option--em/);
      assert.doesNotMatch(await fit.locator('label', { hasText: 'Just right' }).getAttribute('class'), /rv-option--em/);
      await fit.getByText('Slightly tight').click();

      await dialog.getByLabel('Headline').fill('H'.repeat(61));
      await dialog.getByLabel('Review').fill('Band runs a little tight; lovely colour.');
      await dialog.getByRole('button', { name: 'Submit review' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Max 60 characters allowed in heading' }).waitFor();
      await screenshot(page, 'pdp-review-modal.png');

      const headline = `Snug band, great colour ${Date.now() % 100000}`;
      await dialog.getByLabel('Headline').fill(headline);
      await dialog.getByLabel('Public name').fill('Riya S');
      await dialog.getByRole('button', { name: 'Submit review' }).click();
      // one ending: the sheet thanks the shopper, no toast, nothing asked again
      const thanks = dialog.getByTestId('review-thanks');
      await thanks.getByText('Review saved successfully').waitFor();
      assert.equal(await page.locator('#toast-success').count(), 0);
      assert.equal(await dialog.getByTestId('question-fit').count(), 0);
      await screenshot(page, 'pdp-review-thanks.png');
      await thanks.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      const list = block.getByTestId('reviews');
      const mine = list.getByTestId('review').filter({ hasText: headline });
      await mine.waitFor();
      await mine.getByText('Riya S').waitFor();
      assert.equal(await rate.getByTestId('feedback-form').count(), 0, 'the feedback is not asked for again');

      // The rating is refreshed: the shopper's 3 stars, and the product's count includes it.
      const after = await getJSON(page, `/web/api/v1/product-mobile/${target.slug}/`);
      assert.equal(after.total_ratings[0], before.total_ratings[0] + 1);
      const mineNow = await getJSON(page, `/get-my-rating/?productId=${target.id}`);
      assert.equal(mineNow.my_rating, 3);
      await block
        .getByTestId('rating-count')
        .filter({ hasText: new RegExp(`^${after.total_ratings[0]} ratings?`) })
        .waitFor({ timeout: 15_000 });
      assert.equal(await rate.getByRole('button', { name: 'Rate 3 stars' }).getAttribute('aria-pressed'), 'true');
      assert.equal(await rate.getByText('Please rate this product first to write a review.').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
