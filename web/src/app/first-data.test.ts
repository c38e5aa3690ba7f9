// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offersKey } from '@/features/product/api/get-offers';
import { sizesQueryOptions } from '@/features/product/api/get-sizes';
import { sessionQueryOptions } from '@/shared/api/session';
import { createQueryClient } from '@/shared/lib/react-query';
import { calls, json, serve } from '@/test/fake-api';
import { meFixture, productFixture, sizeFixture, sizesFixture, timerFixture } from '@/test/fixtures';
import { askEarly, firstData } from './first-data';

function page(preloaded: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Drape');
  if (preloaded) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('href', preloaded);
    doc.head.append(link);
  }
  return doc;
}

describe('the first render on a product page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the product, its timer and its offers the HTML preloaded', async () => {
    const product = productFixture({ id: 31, slug: 'lace-bra-black' });
    serve({
      'GET /web/api/v1/product-mobile/lace-bra-black/': () => json(product),
      'GET /web/api/v1/product/lace-bra-black/timer/s/': () => json({ timer: timerFixture() }),
      'GET /bp_pp_product_details_page/': () => json({ offer_msg_dict_ajax: { a: { title: 'Any 2 for ₹1,499' } } }),
      'GET /web/api/v1/product/lace-bra-black/sizes/s/': () => json(sizesFixture([sizeFixture('34B', 3)])),
      'GET /api/v1/me/': () => json(meFixture()),
    });
    const client = createQueryClient();
    await firstData(client, page('/web/api/v1/product-mobile/lace-bra-black/'), '/product/lace-bra-black/');
    expect(client.getQueryData(['product', 'lace-bra-black'])).toEqual(product);
    expect(client.getQueryData(['product', 'lace-bra-black', 'timer'])).not.toBeUndefined();
    expect(client.getQueryData(offersKey(31))).toHaveLength(1);
    expect(client.getQueryData(sizesQueryOptions('lace-bra-black').queryKey)).toMatchObject({ ok: true });
    expect(client.getQueryData(sessionQueryOptions().queryKey)).toMatchObject({ is_authenticated: false });
  });

  it('does not wait on other pages, or when nothing was preloaded', async () => {
    serve({});
    const client = createQueryClient();
    await firstData(client, page(null), '/product/lace-bra-black/');
    await firstData(client, page('/web/api/v1/product-mobile/lace-bra-black/'), '/view-cart/');
    await firstData(client, page('/web/api/v1/product-mobile/other/'), '/product/lace-bra-black/');
    expect(calls).toEqual([]);
  });
});

describe('every page', () => {
  it('asks for the session, the bag count and the menu as the script starts', async () => {
    serve({
      'GET /api/v1/me/': () => json(meFixture()),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_pieces: 2 }),
      'GET /api/v2/main-menu-msite/': () => json({ categories: [], offers: [], account: [] }),
    });
    const client = createQueryClient();
    askEarly(client);
    expect(calls.map((c) => c.url.pathname).sort()).toEqual(['/api/v1/me/', '/api/v2/main-menu-msite/', '/cart_dropdown_mobile_ajax/']);
    await vi.waitFor(() => expect(client.getQueryData(sessionQueryOptions().queryKey)).not.toBeUndefined());
  });
});
