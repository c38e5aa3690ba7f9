// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductCard, SearchSuggestions } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { SearchScreen } from './components/SearchScreen';
import { resultsPath } from './search';

const card = (id: number, name: string): ProductCard => ({
  id,
  name,
  slug: `p-${id}`,
  url: `/product/p-${id}`,
  img: `/media/products/P-${id}/1.svg`,
  color_name: 'Black',
  rgbcode: '#000',
  is_soldout: false,
  offer_tag: '20% OFF',
  old_price: 0,
  old_price_ui: '',
  rounded_up_unit_price: 89_900,
  rounded_up_unit_price_ui: '₹899',
  rating: 0,
  total_ratings_count: 0,
});

const suggestions = (q: string): SearchSuggestions => ({
  q,
  categories: [{ id: 2532, name: 'Leggings', slug: 'leggings', url: '/leggings/' }],
  products: [card(5, 'High-Rise Leggings')],
  completions: ['leggings', 'capri leggings'],
  corrected: q === 'leggins' ? 'leggings' : null,
});

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.pathname + loc.search}</output>;
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/search/' },
  );
}

let recent = [
  { query: 'sports bra', searched_at: '2026-11-25T10:00:00Z' },
  { query: 'nightie', searched_at: '2026-11-24T10:00:00Z' },
];

function shop() {
  recent = [
    { query: 'sports bra', searched_at: '2026-11-25T10:00:00Z' },
    { query: 'nightie', searched_at: '2026-11-24T10:00:00Z' },
  ];
  serve({
    'GET /web/api/v1/recent-searches/': () => json({ recent }),
    'DELETE /web/api/v1/recent-searches/': (url) => {
      const q = url.searchParams.get('q');
      recent = q ? recent.filter((r) => r.query !== q) : [];
      return json({ recent });
    },
    'GET /web/api/v1/drape-popular-search/': () => json({ popular: [{ query: 'padded bra', count: 12 }] }),
    'GET /web/api/v1/drape-topproducts-search/': () => json({ products: [card(1, 'Padded Yoga Bra')] }),
    'GET /web/api/v1/drape-search/': (url) => json(suggestions(url.searchParams.get('q') ?? '')),
  });
}

const suggestCalls = () => calls.filter((c) => c.url.pathname === '/web/api/v1/drape-search/').map((c) => c.url.searchParams.get('q'));

describe('the search screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens with recent searches, popular searches and best sellers', async () => {
    shop();
    renderScreen();
    const recentList = await screen.findByTestId('recent-searches');
    expect(
      within(recentList)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['sports bra', 'nightie']);
    expect(within(recentList).getAllByRole('link')[0]!.getAttribute('href')).toBe('/search/?q=sports%20bra');
    expect((await screen.findByTestId('popular-searches')).textContent).toContain('padded bra');
    expect((await screen.findByTestId('top-products')).textContent).toContain('Padded Yoga Bra');
  });

  it('removes one recent search, then all', async () => {
    shop();
    renderScreen();
    const list = await screen.findByTestId('recent-searches');
    fireEvent.click(within(list).getByRole('button', { name: 'Remove nightie from recent searches' }));
    await waitFor(() => expect(within(screen.getByTestId('recent-searches')).getAllByRole('link')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.search === '?q=nightie')).toBe(true);
    fireEvent.click(within(screen.getByTestId('recent-searches')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByTestId('recent-searches')).toBeNull());
  });

  it('suggests from the second character: completions, categories and products with price', async () => {
    shop();
    renderScreen();
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'l' } });
    await new Promise((r) => setTimeout(r, 250));
    expect(suggestCalls()).toEqual([]);
    expect(screen.queryByTestId('suggestions')).toBeNull();
    fireEvent.change(input, { target: { value: 'leggins' } });
    const box = await screen.findByTestId('suggestions');
    await within(box).findByTestId('suggest-corrected');
    expect(suggestCalls()).toEqual(['leggins']);
    expect(
      within(box)
        .getAllByTestId('suggest-completion')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/search/?q=leggings', '/search/?q=capri%20leggings']);
    expect(within(box).getByTestId('suggest-category').getAttribute('href')).toBe('/leggings/');
    const product = within(box).getByTestId('suggest-product');
    expect(product.getAttribute('href')).toBe('/product/p-5');
    expect(product.textContent).toContain('₹899');
    // while suggesting, the start lists step aside
    expect(screen.queryByTestId('recent-searches')).toBeNull();
  });

  it('Enter opens the results page of the words typed', async () => {
    shop();
    renderScreen();
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: '  red 36c ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/?q=red%2036c'));
  });

  it('an empty field searches nothing', async () => {
    shop();
    renderScreen();
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe('/search/');
  });
});

describe('resultsPath', () => {
  it('encodes the words', () => {
    expect(resultsPath(' sports & gym ')).toBe('/search/?q=sports%20%26%20gym');
  });
});
