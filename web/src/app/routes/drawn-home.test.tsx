import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import { featuredQueryOptions } from '@/features/catalog/api/get-featured';
import { mainMenuQueryOptions } from '@/features/catalog/api/get-main-menu';
import { productsQueryOptions } from '@/features/catalog/api/get-products';
import { currentFeatured, featuredPath, HOME_FEATURED_CATEGORY } from '@/features/catalog/featured';
import { sessionQueryOptions } from '@/shared/api/session';
import { beginFirstPage } from '@/shared/lib/first-page';
import { createQueryClient } from '@/shared/lib/react-query';
import { App } from '../app';

/*
 * A first visit to home gets the page drawn whole by the server (crates/server/src/drawn.rs), and the
 * app hydrates it instead of drawing it again (main.tsx; issue 14's blocking time). Hydration needs the
 * very markup React renders from the same data, so both sides draw testdata/drawn/home.json (the API's
 * answers) and compare with testdata/drawn/home.html: this test renders the app with React's own server
 * renderer, the server's test (drawn.rs) draws it in Rust. DRAPE_UPDATE_DRAWN=1 writes the file from
 * React when the app's markup changes on purpose; then the Rust side must follow.
 */
const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, '../../../../testdata/drawn/home.json');
const expected = join(here, '../../../../testdata/drawn/home.html');

interface Drawn {
  now: string;
  featured_path: string;
  listing: unknown;
  menu: unknown;
  featured: unknown;
  me: unknown;
}

function AtHome({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/** The app's first render of home from the fixture's answers: what the root holds. */
function renderHome(input: Drawn): string {
  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions().queryKey, input.me as never);
  client.setQueryData(cartQuantityKey, { cart_quantity: 0 } as never);
  client.setQueryData(mainMenuQueryOptions().queryKey, input.menu as never);
  client.setQueryData(productsQueryOptions({}).queryKey, { pages: [input.listing], pageParams: [1] } as never);
  client.setQueryData(featuredQueryOptions(currentFeatured(HOME_FEATURED_CATEGORY)).queryKey, input.featured as never);
  // the app's first page draws its first cards only (shared/lib/first-page.ts)
  beginFirstPage();
  const html = renderToString(<App client={client} Router={AtHome} />);
  // React puts the page's <title> and its images' preloads first, for a server's <head>; the root's
  // content starts with the shell
  return `${html.slice(html.indexOf('<div class="shell">'))}\n`;
}

describe('home drawn by the server (testdata/drawn/)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is the markup React renders from the same answers, byte for byte', () => {
    const input = JSON.parse(readFileSync(fixture, 'utf8')) as Drawn;
    vi.useFakeTimers({ now: new Date(input.now), toFake: ['Date'] });
    vi.stubGlobal('location', { href: 'http://drape.test/' });
    expect(featuredPath(currentFeatured(HOME_FEATURED_CATEGORY))).toBe(input.featured_path);
    const html = renderHome(input);
    if (process.env.DRAPE_UPDATE_DRAWN === '1' || !existsSync(expected)) writeFileSync(expected, html);
    expect(html).toBe(readFileSync(expected, 'utf8'));
    // the drawing covers every branch of a card the fixture was made for
    expect(html).toContain('badge--soldout');
    expect(html).toContain('&#x27;Noor&#x27; &lt;Wine&gt;');
    expect(html.match(/data-testid="product-card"/g)).toHaveLength(6);
  });
});
