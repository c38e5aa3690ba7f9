import type { QueryClient } from '@tanstack/react-query';
import { offersQueryOptions } from '@/features/product/api/get-offers';
import { productQueryOptions } from '@/features/product/api/get-product';
import { productFeaturesQueryOptions } from '@/features/product/api/get-product-features';
import { sizesQueryOptions } from '@/features/product/api/get-sizes';
import { timerQueryOptions } from '@/features/product/api/get-timer';
import { cartQuantityQueryOptions } from '@/features/cart/api/get-cart-quantity';
import { viewCartInfoQueryOptions } from '@/features/cart/api/get-view-cart-info';
import { featuredQueryOptions } from '@/features/catalog/api/get-featured';
import { listingQueryOptions } from '@/features/catalog/api/get-listing';
import { mainMenuQueryOptions } from '@/features/catalog/api/get-main-menu';
import { productsQueryOptions } from '@/features/catalog/api/get-products';
import { currentFeatured, HOME_FEATURED_CATEGORY } from '@/features/catalog/featured';
import { readListing } from '@/features/catalog/listing-params';
import { hasDrawnAnswer } from '@/shared/api/drawn-answers';
import { sessionQueryOptions } from '@/shared/api/session';
import { loadCategoryPage } from './router';

/** How long the first render waits at most for data the HTML preloaded. */
export const FIRST_DATA_WAIT_MS = 1000;

/**
 * How long the first render waits at most on a page the server drew whole (#root[data-drawn]). That
 * page is on screen already, links and all; rendered without the data it was drawn from, hydration
 * would not match and React would throw the drawn markup away and draw skeletons in its place (a
 * slow phone network's answers took longer than FIRST_DATA_WAIT_MS in the browser tests). So it
 * waits for the answers, and gives up only on a network that does not answer at all.
 */
export const DRAWN_DATA_WAIT_MS = 10_000;

/**
 * What every page shows from the start (the session, the bag's count in the header, the category
 * menu) is asked for as the script starts. The first render is a transition, drawn in slices
 * (main.tsx), and a query asks only once its component has committed, which is later than that.
 *
 * Each ask runs in a task of its own, one after the other, the first in the task after the script's
 * (before main.tsx's first-data task; the other two after it) (issue 14, blocking time): the first runs
 * the query library's and the API client's code for the first time, and the three together were the
 * longest script task of a product page's load (21.9 ms in a Lighthouse trace, about 88 ms at its 4x
 * slowdown).
 */
export function askEarly(client: QueryClient): void {
  inTurns([
    () => client.prefetchQuery(sessionQueryOptions()),
    () => client.prefetchQuery(cartQuantityQueryOptions()),
    () => client.prefetchQuery(mainMenuQueryOptions()),
  ]);
}

/**
 * Runs each step in a task of its own, in order, the first once the current task has ended. Each
 * promise settles as its step's result does (a step that throws rejects its own).
 */
function inTurns(steps: (() => unknown)[]): Promise<unknown>[] {
  const turns = steps.map((step) => {
    let go = () => {};
    const result = new Promise<void>((resolve) => (go = resolve)).then(step);
    return { go, result };
  });
  const next = (i: number) => {
    if (i === turns.length) return;
    setTimeout(() => {
      turns[i]!.go();
      next(i + 1);
    });
  };
  next(0);
  return turns.map((t) => t.result);
}

/**
 * Some pages' HTML already shows what the app will draw first (the server's web.rs, issue 14's
 * largest paint) and preloads the data for it. The app's first render waits for that data (it is on
 * its way, so this is short, and never longer than FIRST_DATA_WAIT_MS, or DRAWN_DATA_WAIT_MS on a
 * page drawn whole), so that it draws what the HTML shows instead of a skeleton first, and the
 * page's largest paint stays the HTML's: the app then draws
 * the same thing in the same place, which is no larger. Any other page renders at once. Its asks run
 * one per task, as askEarly's do (issue 14, blocking time): started in one task they were its longest
 * script task after askEarly's split (12.4 ms unslowed in a Lighthouse trace of a product page).
 */
export function firstData(client: QueryClient, doc: Document = document, pathname: string = location.pathname): Promise<void> {
  // preloaded, or carried in a page drawn whole (its first ask is answered from the page)
  const preloaded = (href: string) => doc.querySelector(`link[rel="preload"][href="${href}"]`) !== null || hasDrawnAnswer(href, doc);
  const waits =
    productPage(client, doc, pathname, preloaded) ?? cartPage(client, pathname, preloaded) ?? listingPage(client, doc, pathname, preloaded);
  if (!waits) return Promise.resolve();
  // Every such page waits for the session too. askEarly asked for it before this task, so this joins
  // that request rather than taking a turn of its own, which would only add a timer's wait.
  waits.push(client.prefetchQuery(sessionQueryOptions()));
  // The cap's timer goes once either side wins: left running, it woke the page a second later for
  // nothing, a task of 5-20 ms on this machine (issue 14: a task after an idle stretch is slow).
  const wait = doc.getElementById('root')?.dataset.drawn !== undefined ? DRAWN_DATA_WAIT_MS : FIRST_DATA_WAIT_MS;
  let cap: ReturnType<typeof setTimeout> | undefined;
  const enough = new Promise<void>((done) => (cap = setTimeout(done, wait)));
  return Promise.race([Promise.all(waits).then(() => undefined), enough]).finally(() => clearTimeout(cap));
}

type Preloaded = (href: string) => boolean;

/**
 * A product page: the product, its offer timer, its offers and its sizes, and the session. The offers
 * above the colours and sizes are then there from the start rather than pushing them down; the sizes
 * and the session, arriving after the first render, re-rendered most of the page in one long task
 * (issue 14's blocking time). It also lets the HTML's first image be drawn first. The features are
 * asked for too, but their answer is not waited for.
 */
function productPage(client: QueryClient, doc: Document, pathname: string, preloaded: Preloaded): Promise<unknown>[] | null {
  const slug = /^\/product\/([a-z0-9-]{1,150})\/?$/.exec(pathname)?.[1];
  if (!slug || !preloaded(`/web/api/v1/product-mobile/${slug}/`)) return null;
  return [
    ...inTurns([
      () =>
        client.fetchQuery(productQueryOptions(slug)).then(
          (p) => client.prefetchQuery(offersQueryOptions(p.id)),
          () => undefined, // the page shows why
        ),
      () => client.prefetchQuery(timerQueryOptions(slug)),
      () => client.prefetchQuery(sizesQueryOptions(slug)),
      // The features are drawn under the buy bar, after the first render, so only their asking is
      // waited for, not their answer: their query then finds its answer on the way when the page
      // mounts (unless FIRST_DATA_WAIT_MS ran out first, as in a background tab, whose timers run once
      // a second), rather than starting a request in the effects that follow the page's first commit,
      // one task that was already long (issue 14).
      () => void client.prefetchQuery(productFeaturesQueryOptions(slug)),
    ]),
    painted(doc, '[data-testid="product-first-paint"] img'),
  ];
}

/** The cart page of a visitor with no cart: the HTML shows the empty cart; the app needs to know there is none, and who asks. */
function cartPage(client: QueryClient, pathname: string, preloaded: Preloaded): Promise<unknown>[] | null {
  if (pathname !== '/view-cart/' || !preloaded('/get/view-cart-info/')) return null;
  return inTurns([() => client.prefetchQuery(viewCartInfoQueryOptions())]);
}

/**
 * Home, or a category's page without filters: the HTML shows the page loading with the first cards'
 * images in (or, on a first visit, the page drawn whole); the app draws the cards once it has
 * the products, and the menu (the chips, or which category the page is), home's design of the month and
 * the session (the images' quality).
 */
function listingPage(client: QueryClient, doc: Document, pathname: string, preloaded: Preloaded): Promise<unknown>[] | null {
  const slug = /^\/([a-z0-9-]{1,150})\/$/.exec(pathname)?.[1];
  let products: () => Promise<unknown>;
  const waits: Promise<unknown>[] = [];
  if (pathname === '/' && preloaded('/web/api/v1/products/?page=1')) {
    products = () => client.prefetchInfiniteQuery(productsQueryOptions({}));
  } else if (slug && preloaded(`/web/api/v1/products/?category_slug=${slug}`)) {
    products = () => client.prefetchQuery(listingQueryOptions(readListing(new URLSearchParams()), slug));
    // The page's code too (a lazy route): a page the server drew whole is then hydrated in one pass.
    // Code that does not load does not hold the first render: the route's own load fails the same
    // way, and the app's error boundary says so.
    waits.push(loadCategoryPage().catch(() => undefined));
  } else {
    return null;
  }
  const steps = [products, () => client.prefetchQuery(mainMenuQueryOptions())];
  // Home's design of the month: the page the server drew whole has it (a first render without it
  // would not match), and otherwise it is there from the start instead of replacing its placeholder.
  if (pathname === '/') steps.push(() => client.prefetchQuery(featuredQueryOptions(currentFeatured(HOME_FEATURED_CATEGORY))));
  return [...waits, ...inTurns(steps), painted(doc, '.grid .card__media img')];
}

/** Resolves once the HTML's first image (`selector`) is loaded and a frame has been drawn with it (at once without one). */
function painted(doc: Document, selector: string): Promise<void> {
  const img = doc.querySelector<HTMLImageElement>(selector);
  if (!img) return Promise.resolve();
  const loaded = img.complete
    ? Promise.resolve()
    : new Promise<void>((done) => {
        img.addEventListener('load', () => done(), { once: true });
        img.addEventListener('error', () => done(), { once: true });
      });
  const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
  // the second frame: the one after the image was first drawn
  return loaded.then(frame).then(frame);
}
