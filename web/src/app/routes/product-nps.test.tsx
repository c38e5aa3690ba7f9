// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/shared/api/types';
import { productFixture } from '@/test/fixtures';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { AppRoutes } from '../router';
import { productIdOf } from './product-nps';

const shopper: Me = {
  is_authenticated: true,
  user: { id: 7, mobile: '9876543210', name: 'Riya', email: null, is_blacklist_user: false, is_privileged: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
} as unknown as Me;

describe('the rating page /product-nps/?id=', () => {
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads only a positive whole product id', () => {
    expect(productIdOf('12')).toBe(12);
    expect(productIdOf(' 12 ')).toBe(12);
    expect(productIdOf('0')).toBeNull();
    expect(productIdOf('12a')).toBeNull();
    expect(productIdOf(null)).toBeNull();
  });

  it('shows the product and its rating block for a shopper who received it', async () => {
    const product = productFixture();
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
      'GET /web/api/v1/products/by-ids/': () => json({ products: [{ ...product, id: product.id, slug: product.slug }] }),
      [`GET /web/api/v1/product-mobile/${product.slug}/`]: () => json(product),
      'GET /get-my-rating/': () => json({ my_rating: 0, ordered_by_user: true, orderid: 'DRPDEMO0004', orderstatus: 'Delivered' }),
    });
    renderWithProviders(<AppRoutes />, { route: `/product-nps/?id=${product.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'How do you like it?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: product.name }).getAttribute('href')).toBe(`/product/${product.slug}/`);
    expect(await screen.findByText(/Rate This Product/i)).toBeTruthy();
  });

  it('says so when the id names no product', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
      'GET /web/api/v1/products/by-ids/': () => json({ products: [] }),
    });
    renderWithProviders(<AppRoutes />, { route: '/product-nps/?id=999' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
  });
});
