// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, ProductCard as Card } from '@/shared/api/types';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { ProductCard } from './components/ProductCard';

// A listing card asks for its image at the width it is shown at (device pixels) and at the page
// setting image_quality (spec 001 §2, issue 11).

const product: Card = {
  id: 12,
  name: 'Lace Balconette Bra',
  slug: 'lace-balconette-bra-12',
  url: '/product/lace-balconette-bra-12',
  img: '/media/products/P12/1.svg',
  color_name: 'Wine',
  rgbcode: '#722f37',
  rounded_up_unit_price: 49900,
  rounded_up_unit_price_ui: '₹499',
  old_price: 99900,
  old_price_ui: '₹999',
  offer_tag: '50% OFF',
  is_soldout: false,
  rating: 0,
  total_ratings_count: 0,
};

const me = (image_quality: number): Me => ({
  is_authenticated: false,
  user: null,
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality,
});

const src = () => screen.getByRole('img', { name: product.name }).getAttribute('src');

afterEach(() => vi.unstubAllGlobals());

describe('ProductCard image', () => {
  it('carries w (the shown CSS width × devicePixelRatio) and q (the page setting image_quality)', async () => {
    // a two-column grid on a phone: 158 CSS px wide, at density 2.5
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(158);
    vi.stubGlobal('devicePixelRatio', 2.5);
    serve({ 'GET /api/v1/me/': () => json(me(65)) });
    renderWithProviders(<ProductCard product={product} />, { route: '/' });
    await waitFor(() => expect(src()).toBe('/media/products/P12/1.svg?w=395&q=65'));
    expect(screen.getByRole('img', { name: product.name }).getAttribute('width')).toBe('300');
  });

  it('asks at quality 80 while the session loads, at its 300 px width when the box has no layout', () => {
    vi.stubGlobal('devicePixelRatio', 1);
    serve({ 'GET /api/v1/me/': () => new Promise<Response>(() => {}) });
    renderWithProviders(<ProductCard product={product} />, { route: '/' });
    expect(src()).toBe('/media/products/P12/1.svg?w=300&q=80');
  });
});
