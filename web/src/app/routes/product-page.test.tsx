// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENTLY_VIEWED_KEY } from '@/features/recommendations/recently-viewed';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { productFixture, sizeFixture, sizesFixture } from '@/test/fixtures';
import { ProductPageContent } from './product-page';

describe('the product page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the product as viewed on this device as soon as it opens, newest first', async () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5, 31]));
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
    });
    renderWithProviders(<ProductPageContent slug="lace-bra-black" />, { route: '/product/lace-bra-black' });
    await screen.findByTestId('product');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([31, 5]));
  });
});
