// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offersKey } from '@/features/product/api/get-offers';
import { createQueryClient } from '@/shared/lib/react-query';
import { calls, json, serve } from '@/test/fake-api';
import { productFixture, timerFixture } from '@/test/fixtures';
import { firstData } from './first-data';

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
    });
    const client = createQueryClient();
    await firstData(client, page('/web/api/v1/product-mobile/lace-bra-black/'), '/product/lace-bra-black/');
    expect(client.getQueryData(['product', 'lace-bra-black'])).toEqual(product);
    expect(client.getQueryData(['product', 'lace-bra-black', 'timer'])).not.toBeUndefined();
    expect(client.getQueryData(offersKey(31))).toHaveLength(1);
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
