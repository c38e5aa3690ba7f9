// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readViewed, RECENTLY_VIEWED_KEY, writeViewed } from '@/features/recommendations/recently-viewed';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { productFixture, sizeFixture, sizesFixture, timerFixture } from '@/test/fixtures';
import { FEATURES_WAIT_MS } from '@/features/product/components/ProductView';
import { ProductPageContent } from './product-page';

describe('the product page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    writeViewed([]); // the views this file's pages noted, in the module's memory
  });

  it('remembers the product as viewed on this device as soon as it opens, newest first, and stores it when the page goes', async () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5, 31]));
    const set = vi.spyOn(Storage.prototype, 'setItem');
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
      'GET /web/api/v1/product/lace-bra-black/timer/s/': () => json({ timer: null }),
    });
    renderWithProviders(<ProductPageContent slug="lace-bra-black" />, { route: '/product/lace-bra-black' });
    await screen.findByTestId('product');
    await waitFor(() => expect(readViewed()).toEqual([31, 5]));
    // not written while the page starts (issue 14): when it is left
    expect(set).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([31, 5]);
    set.mockRestore();
  });

  it('asks for the offer timer with the product and shows both together: the banner pushes nothing down (issue 14)', async () => {
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    const timer = timerFixture();
    let answerTimer = () => {};
    const timerAsked = new Promise<void>((resolve) => (answerTimer = resolve));
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
      'GET /web/api/v1/product/lace-bra-black/timer/s/': async () => {
        await timerAsked;
        return json({ timer });
      },
    });
    renderWithProviders(<ProductPageContent slug="lace-bra-black" />, { route: '/product/lace-bra-black' });
    // both asked at once, not the timer after the product
    const asked = (path: string) => calls.some((c) => c.url.pathname === path);
    expect(asked('/web/api/v1/product-mobile/lace-bra-black/')).toBe(true);
    expect(asked('/web/api/v1/product/lace-bra-black/timer/s/')).toBe(true);
    // the product has answered; the page waits for the timer
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('product-skeleton')).toBeTruthy();
    expect(screen.queryByTestId('product')).toBeNull();
    answerTimer();
    const page = await screen.findByTestId('product');
    expect(within(page).getByTestId('timer').textContent).toContain('Sale ends in');
  });

  it('draws what lies under the buy bar once the features have answered: they never push the details down (issue 14)', async () => {
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    let answerFeatures = () => {};
    const featuresAsked = new Promise<void>((resolve) => (answerFeatures = resolve));
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
      'GET /web/api/v1/product/lace-bra-black/timer/s/': () => json({ timer: null }),
      'GET /web/api/v1/product-feature/lace-bra-black/': async () => {
        await featuresAsked;
        return json({ 'Wire-free': { icon_small: '', description: 'No underwire.' } });
      },
    });
    renderWithProviders(<ProductPageContent slug="lace-bra-black" />, { route: '/product/lace-bra-black' });
    await screen.findByTestId('product');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('policy-strip')).toBeNull();
    expect(screen.queryByTestId('features')).toBeNull();
    answerFeatures();
    const features = await screen.findByTestId('features');
    expect(features.textContent).toContain('Wire-free');
    expect(screen.getByTestId('policy-strip')).toBeTruthy();
  });

  it('draws what lies under the buy bar without the features when they are slower than FEATURES_WAIT_MS', async () => {
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
      'GET /web/api/v1/product/lace-bra-black/timer/s/': () => json({ timer: null }),
      'GET /web/api/v1/product-feature/lace-bra-black/': () => new Promise<Response>(() => {}),
    });
    renderWithProviders(<ProductPageContent slug="lace-bra-black" />, { route: '/product/lace-bra-black' });
    await screen.findByTestId('product');
    expect(screen.queryByTestId('policy-strip')).toBeNull();
    await screen.findByTestId('policy-strip', {}, { timeout: FEATURES_WAIT_MS + 1000 });
    expect(screen.queryByTestId('features')).toBeNull();
  });
});
