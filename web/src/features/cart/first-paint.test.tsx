// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { meFixture } from '@/test/fixtures';
import { canonical, firstPaint } from '@/test/markup';
import { CartPage } from './components/CartPage';

/*
 * The server answers /view-cart/ for a visitor with no cart with the empty cart's panel already in
 * the page (crates/server/src/web.rs includes web/first-paint/cart-empty.html), so the page's largest
 * paint does not wait for the script (issue 14). The app's first render draws its own panel in its
 * place: the two must be the same markup.
 */

describe("the server's empty cart (web/first-paint/cart-empty.html)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the app's empty cart for a guest, markup for markup", async () => {
    serve({
      'GET /api/v1/me/': () => json(meFixture()),
      'GET /get/view-cart-info/': () => json({ cart_id: null, cart_quantity: 0 }),
    });
    const { container } = renderWithProviders(<CartPage />, { route: '/view-cart/' });
    await screen.findByTestId('cart-empty');
    const rendered = container.querySelector('.cart-page');
    expect(rendered).not.toBeNull();
    const copy = firstPaint('cart-empty.html');
    expect(canonical(copy)).toBe(canonical(rendered!));
    // and it says what the app says
    expect(copy.textContent).toContain('Your cart is empty');
    expect(copy.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('has no inline style or script, which the Content-Security-Policy would refuse', () => {
    const copy = firstPaint('cart-empty.html');
    expect(copy.querySelectorAll('style, [style], script').length).toBe(0);
  });
});
