// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FacetValue, ProductCard, ProductListing } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { ListingPage, pageWindow } from './components/ListingPage';

const card = (id: number, over: Partial<ProductCard> = {}): ProductCard => ({
  id,
  name: `Bra ${id}`,
  slug: `bra-${id}`,
  url: `/product/bra-${id}`,
  img: `/media/products/BRA-${id}/1.svg`,
  color_name: 'Black',
  rgbcode: '#000',
  is_soldout: false,
  offer_tag: '',
  old_price: 0,
  old_price_ui: '',
  rounded_up_unit_price: 89_900,
  rounded_up_unit_price_ui: '₹899',
  rating: 4,
  total_ratings_count: 3,
  ...over,
});

const value = (v: string, count: number, selected = false, rgb = ''): FacetValue => ({ value: v, label: v, count, selected, rgb });

function listing(url: URL, over: Partial<ProductListing> = {}): ProductListing {
  const sizes = (url.searchParams.get('size') ?? '').split(',').filter(Boolean);
  const colours = (url.searchParams.get('color') ?? '').split(',').filter(Boolean);
  return {
    products: [card(1), card(2)],
    page: Number(url.searchParams.get('page') ?? 1),
    num_pages: 3,
    total: 60,
    sort: url.searchParams.get('sort') ?? 'popularity',
    sorts: [
      { value: 'popularity', label: 'Popularity' },
      { value: 'newest', label: 'Newest' },
      { value: 'price_asc', label: 'Price: low to high' },
    ],
    facets: {
      size: [value('34B', 20, sizes.includes('34B')), value('36C', 0, sizes.includes('36C'))],
      color: [value('Black', 9, colours.includes('Black'), '#111'), value('Red', 4, colours.includes('Red'), '#c00')],
      style: [],
      discount: [{ value: '20', label: '20% and above', count: 5, selected: false, rgb: '' }],
      price: { min_rupees: 399, max_rupees: 2499 },
      in_stock: { count: 50, selected: url.searchParams.get('in_stock') === '1' },
    },
    search: null,
    in_wishlist: [2],
    ...over,
  };
}

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.pathname + loc.search}</output>;
}

function renderListing(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ListingPage categorySlug="bras" title="Bras" header={<h1>Bras</h1>} emptyText="Nothing here" />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const asked = () => calls.filter((c) => c.url.pathname === '/web/api/v1/products/').map((c) => c.url.search);

describe('a category listing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the category with the filters of the URL and shows count, sort, hearts and pages', async () => {
    serve({ 'GET /web/api/v1/products/': (url) => json(listing(url)) });
    renderListing('/bras/?size=34B&sort=newest&page=2');
    await screen.findAllByTestId('product-card');
    expect(asked()[0]).toBe('?category_slug=bras&size=34B&sort=newest&page=2');
    expect(screen.getByTestId('listing-count').textContent).toBe('60 products · page 2 of 3');
    expect(screen.getByTestId('open-sort').textContent).toContain('Newest');
    expect(screen.getByTestId('open-filters').textContent).toContain('1');
    const hearts = screen.getAllByTestId('card-heart');
    expect(hearts.map((h) => h.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    const pager = screen.getByTestId('pager');
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/bras/?size=34B&sort=newest&page=3');
  });

  it('a filter chosen in the sheet goes into the URL (page 1 again) and its counts come from the server', async () => {
    serve({ 'GET /web/api/v1/products/': (url) => json(listing(url)) });
    renderListing('/bras/?page=2');
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByTestId('open-filters'));
    const sheet = await screen.findByTestId('filter-sheet');
    const sizes = within(sheet).getAllByTestId('filter-size');
    expect(sizes.map((b) => b.textContent)).toEqual(['34B (20)', '36C (0)']);
    expect((sizes[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(sizes[0]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bras/?size=34B'));
    fireEvent.click(within(sheet).getAllByTestId('filter-color')[1]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bras/?size=34B&color=Red'));
    await waitFor(() => expect(asked()).toContain('?category_slug=bras&size=34B&color=Red'));
    fireEvent.click(screen.getByTestId('filter-apply'));
    const chosen = await screen.findByTestId('chosen-filters');
    fireEvent.click(within(chosen).getByRole('button', { name: 'Remove filter 34B' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bras/?color=Red'));
  });

  it('refuses a price range that cannot be one and applies one that can', async () => {
    serve({ 'GET /web/api/v1/products/': (url) => json(listing(url)) });
    renderListing('/bras/');
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByTestId('open-filters'));
    const sheet = await screen.findByTestId('filter-sheet');
    const [min, max] = [within(sheet).getByLabelText('Lowest price in rupees'), within(sheet).getByLabelText('Highest price in rupees')];
    fireEvent.change(min, { target: { value: '900' } });
    fireEvent.change(max, { target: { value: '100' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply' }));
    expect((await within(sheet).findByRole('alert')).textContent).toMatch(/lowest price first/);
    expect(screen.getByTestId('where').textContent).toBe('/bras/');
    fireEvent.change(max, { target: { value: '1500' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bras/?price=900-1500'));
  });

  it('a sort chosen replaces the sort in the URL', async () => {
    serve({ 'GET /web/api/v1/products/': (url) => json(listing(url)) });
    renderListing('/bras/?color=Black&page=3');
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByTestId('open-sort'));
    fireEvent.click(within(await screen.findByTestId('sort-sheet')).getByLabelText('Price: low to high'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bras/?color=Black&sort=price_asc'));
  });

  it("shows the server's message when the listing cannot be read", async () => {
    serve({
      'GET /web/api/v1/products/': () => json({ error: 'bad_request', message: 'Sort must be one of popularity…', fields: {} }, 400),
    });
    renderListing('/bras/?sort=cheapest');
    expect((await screen.findByRole('alert')).textContent).toContain('Sort must be one of popularity');
  });

  it('a search with no match offers the nearest query and popular products, never an empty page', async () => {
    serve({
      'GET /web/api/v1/products/': (url) =>
        json(
          listing(url, {
            products: [],
            total: 0,
            num_pages: 1,
            search: { q: 'brs', matched: false, corrected: null, did_you_mean: 'bra', popular: [card(7), card(8)] },
          }),
        ),
    });
    renderListing('/search/?q=brs');
    expect((await screen.findByTestId('search-nomatch')).textContent).toContain('We found nothing for “brs”');
    expect(screen.getByTestId('did-you-mean').getAttribute('href')).toBe('/search/?q=bra');
    expect(within(screen.getByTestId('popular-products')).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByTestId('open-filters')).toBeNull();
  });
});

describe('the pages', () => {
  it('shows the first, the last and the pages beside the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
  });
});
