// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeaturedDesign, Me, ProductCard } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve, type Handler } from '@/test/fake-api';
import { AppRoutes } from '../router';
import { meFixture } from '@/test/fixtures';

// Home links to this month's bra design of the month (/best-bra-design-of-{month}-{year}/), the featured
// page no other page reached, and only when that month has a design.

const guest: Me = meFixture();
const FEATURED_API = '/web/api/v1/featured/bra/november-2026/';
const FEATURED_PAGE = '/best-bra-design-of-november-2026/';

const product: ProductCard = {
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

const design: FeaturedDesign = {
  title: 'Best Bra Design of November 2026',
  category: 'bra',
  month_year: 'november-2026',
  blurb: 'Each month our customers get one style at a give-away price, while stocks last.',
  product_slug: product.slug,
  product,
  previous: '/best-bra-design-of-october-2026/',
  next: null,
};

function serveShop(featured: Handler) {
  serve({
    'GET /api/v1/me/': () => json(guest),
    'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
    'GET /web/api/v1/products/': () => json({ products: [], page: 1, num_pages: 1, total: 0 }),
    [`GET ${FEATURED_API}`]: featured,
  });
}

describe("home's way to the design of the month", () => {
  beforeEach(() => {
    // 21 November 2026
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 21, 10, 0)));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("links to this month's bra page, which opens from the same answer", async () => {
    serveShop(() => json(design));
    renderWithProviders(<AppRoutes />, { route: '/' });
    const link = await screen.findByTestId('featured-promo');
    expect(link.getAttribute('href')).toBe(FEATURED_PAGE);
    expect(link.textContent).toContain('Design of the Month');
    expect(link.textContent).toContain('Best Bra Design of November 2026');
    expect(link.textContent).toContain('Lace Balconette Bra · ₹499');

    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Best Bra Design of November 2026' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('featured-strip')).toBeTruthy();
    // the page read the answer home already had
    expect(calls.filter((c) => c.url.pathname === FEATURED_API)).toHaveLength(1);
  });

  it('shows no link when the month has no design', async () => {
    serveShop(() => json({ error: 'not_found', message: 'There is no featured design for that month.' }, 404));
    renderWithProviders(<AppRoutes />, { route: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Shop the collection' });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === FEATURED_API)).toHaveLength(1));
    // the 404 has been read (a 4xx is not asked again)
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('featured-promo')).toBeNull();
    expect(screen.queryByRole('link', { name: /design of the month/i })).toBeNull();
  });
});
