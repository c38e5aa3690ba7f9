// @vitest-environment jsdom
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeRoute } from './home';
import { CategoryListingRoute } from './listing';
import { renderWithProviders, serve } from '@/test/fake-api';
import { canonical, firstPaint } from '@/test/markup';

/*
 * The server answers home and a category's page with the page the app draws while its products load
 * already in it (web/first-paint/home.html and listing.html, included by crates/server/src/web.rs),
 * the first cards with their images in, so the page's largest paint does not wait for the script
 * (issue 14). The app's first render replaces it: the two must be the same markup (the server adds
 * only the images).
 */
describe("the server's loading pages (web/first-paint/)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('home.html is home while its data loads, markup for markup', () => {
    serve({}); // nothing answers: the page stays loading
    const { container } = renderWithProviders(
      <Routes>
        <Route path="*" element={<HomeRoute />} />
      </Routes>,
      { route: '/' },
    );
    const page = firstPaint('home.html');
    expect(canonical(page)).toBe(canonical(container.querySelector('.home')!));
    expect(page.querySelectorAll('.card__media.skeleton')).toHaveLength(6);
  });

  it("listing.html is a category's page while its menu and products load, markup for markup", () => {
    serve({});
    const { container } = renderWithProviders(<CategoryListingRoute slug="bras" />, { route: '/bras/' });
    const page = firstPaint('listing.html');
    expect(canonical(page)).toBe(canonical(container.querySelector('.listing')!));
    expect(page.querySelectorAll('.card__media.skeleton')).toHaveLength(6);
  });

  it('have no inline style or script, which the Content-Security-Policy would refuse', () => {
    for (const name of ['home.html', 'listing.html']) {
      expect(firstPaint(name).querySelectorAll('style, [style], script').length, name).toBe(0);
    }
  });
});
