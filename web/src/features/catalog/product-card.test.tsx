// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductCard as Card } from '@/shared/api/types';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { meFixture } from '@/test/fixtures';
import { ProductCard } from './components/ProductCard';

// A listing card offers its image at the grid's widths (the browser picks one for the card's width
// and the screen's density) and at the page setting image_quality (spec 001 §2, issue 11).

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

const img = () => screen.getByRole('img', { name: product.name });

describe('ProductCard image', () => {
  it("offers the grid's widths at the page setting image_quality, with the grid's sizes", async () => {
    serve({ 'GET /api/v1/me/': () => json(meFixture({ image_quality: 65 })) });
    renderWithProviders(<ProductCard product={product} />, { route: '/' });
    await waitFor(() => expect(img().getAttribute('srcset')).toContain('q=65'));
    expect(img().getAttribute('srcset')).toBe(
      [180, 270, 360, 540, 720].map((w) => `/media/products/P12/1.svg?w=${w}&q=65 ${w}w`).join(', '),
    );
    expect(img().getAttribute('sizes')).toBe('(min-width: 1024px) min(25vw, 300px), (min-width: 720px) 33vw, 50vw');
    expect(img().getAttribute('src')).toBe('/media/products/P12/1.svg?w=360&q=65');
    expect(img().getAttribute('width')).toBe('300');
  });

  it('asks at quality 80 while the session loads, and is never measured', () => {
    const measured = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    serve({ 'GET /api/v1/me/': () => new Promise<Response>(() => {}) });
    renderWithProviders(<ProductCard product={product} />, { route: '/' });
    expect(img().getAttribute('src')).toBe('/media/products/P12/1.svg?w=360&q=80');
    expect(img().getAttribute('srcset')).toContain('/media/products/P12/1.svg?w=720&q=80 720w');
    expect(measured).not.toHaveBeenCalled();
  });
});
