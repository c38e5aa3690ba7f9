import type { QueryClient } from '@tanstack/react-query';
import { offersQueryOptions } from '@/features/product/api/get-offers';
import { productQueryOptions } from '@/features/product/api/get-product';
import { sizesQueryOptions } from '@/features/product/api/get-sizes';
import { timerQueryOptions } from '@/features/product/api/get-timer';
import { cartQuantityQueryOptions } from '@/features/cart/api/get-cart-quantity';
import { mainMenuQueryOptions } from '@/features/catalog/api/get-main-menu';
import { sessionQueryOptions } from '@/shared/api/session';

/** How long the first render waits at most for data the HTML preloaded. */
export const FIRST_DATA_WAIT_MS = 1000;

/**
 * What every page shows from the start (the session, the bag's count in the header, the category
 * menu) is asked for as soon as the script runs. The first render is a transition, drawn in slices
 * (main.tsx), and a query asks only once its component has committed, which is later than that.
 */
export function askEarly(client: QueryClient): void {
  void client.prefetchQuery(sessionQueryOptions());
  void client.prefetchQuery(cartQuantityQueryOptions());
  void client.prefetchQuery(mainMenuQueryOptions());
}

/**
 * A product page's HTML preloads the product, its offer timer, its offers and its sizes and already
 * shows the first image (the server's web.rs, issue 14's largest paint). The app's first render waits
 * for those and for the session (they are on their way, so this is short, and never longer than
 * FIRST_DATA_WAIT_MS), so that it
 * draws the product the HTML shows instead of a skeleton first, and the offers above the colours and
 * sizes are there from the start rather than pushing them down. It also lets the HTML's image be
 * drawn first: the app then draws the same image in the same place, which is no larger, so the
 * page's largest paint stays the HTML's and never waits for the script. Any other page, or a product
 * page without the preload, renders at once.
 */
export function firstData(client: QueryClient, doc: Document = document, pathname: string = location.pathname): Promise<void> {
  const slug = /^\/product\/([a-z0-9-]{1,150})\/?$/.exec(pathname)?.[1];
  if (!slug || !doc.querySelector(`link[rel="preload"][href="/web/api/v1/product-mobile/${slug}/"]`)) return Promise.resolve();
  const product = client.fetchQuery(productQueryOptions(slug)).then(
    (p) => client.prefetchQuery(offersQueryOptions(p.id)),
    () => undefined, // the page shows why
  );
  // The sizes and the session too: arriving after the first render, they re-rendered most of the
  // page in one long task (issue 14's blocking time).
  const all = Promise.all([
    product,
    client.prefetchQuery(timerQueryOptions(slug)),
    client.prefetchQuery(sizesQueryOptions(slug)),
    client.prefetchQuery(sessionQueryOptions()),
    painted(doc),
  ]);
  const enough = new Promise<void>((done) => setTimeout(done, FIRST_DATA_WAIT_MS));
  return Promise.race([all.then(() => undefined), enough]);
}

/** Resolves once the HTML's first image is loaded and a frame has been drawn with it (at once without one). */
function painted(doc: Document): Promise<void> {
  const img = doc.querySelector<HTMLImageElement>('[data-testid="product-first-paint"] img');
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
