// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, ProductCard } from '@/shared/api/types';
import { meFixture, productFixture } from '@/test/fixtures';
import { BelowTheFold } from './components/BelowTheFold';
import { RECENTLY_VIEWED_KEY } from './recently-viewed';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const guest: Me = meFixture();
const shopper: Me = {
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email: null, name: '', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

function card(id: number, name = `Product ${id}`): ProductCard {
  return {
    id,
    name,
    slug: `product-${id}`,
    url: `/product/product-${id}`,
    img: `/media/products/P${id}/1.svg`,
    color_name: 'Black',
    rgbcode: '#000',
    rounded_up_unit_price: 59900,
    rounded_up_unit_price_ui: '₹599',
    old_price: 99900,
    old_price_ui: '₹999',
    offer_tag: '40% OFF',
    is_soldout: false,
    rating: 4.2,
    total_ratings_count: 8,
  };
}

type Routes = Record<string, (u: URL) => Response>;
let calls: URL[];
function serve(routes: Routes) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://shop.test');
      calls.push(url);
      const h = routes[url.pathname];
      return h ? h(url) : json({ error: 'not_found', message: 'There is no such API path.' }, 404);
    }),
  );
}

function renderBelow(productId = 12) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BelowTheFold product={productFixture({ id: productId })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const slug = 'padded-t-shirt-bra-black-12';

describe('<BelowTheFold>', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each section that has products, hides the empty and failing ones, and skips re-order for guests', async () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5, 12, 7]));
    serve({
      '/api/v1/me/': () => json(guest),
      '/web/api/v1/more-like-this/': () => json({ products: [card(12), card(21), card(22), card(23)], page: 0, has_next: false }),
      [`/web/api/v1/recommendations/${slug}/`]: (u) =>
        u.searchParams.get('kind') === 'match-the-set' ? json({ products: [card(31)] }) : json({ error: 'x', message: 'down' }, 500),
      '/web/api/v1/products/by-ids/': (u) =>
        json({
          products: u.searchParams
            .get('ids')!
            .split(',')
            .map((id) => card(Number(id))),
        }),
    });
    renderBelow();

    const similar = await screen.findByTestId('rec-similar');
    expect(within(similar).getByRole('heading', { name: 'Similar Products' })).toBeTruthy();
    await waitFor(() => expect(within(similar).getAllByTestId('rec-card')).toHaveLength(3)); // not the product itself
    const match = await screen.findByTestId('rec-match-the-set');
    expect(within(match).getByText('Product 31')).toBeTruthy();
    const recent = await screen.findByTestId('rec-recently-viewed');
    expect(
      within(recent)
        .getAllByTestId('rec-card')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Product 5'), expect.stringContaining('Product 7')]);
    const byIds = calls.find((u) => u.pathname === '/web/api/v1/products/by-ids/')!;
    expect(byIds.searchParams.get('ids')).toBe('5,7');
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([12, 5, 7]);

    await waitFor(() => expect(calls.filter((u) => u.pathname.startsWith('/web/api/v1/recommendations/'))).toHaveLength(2));
    expect(screen.queryByTestId('rec-people-also-bought')).toBeNull();
    expect(screen.queryByTestId('rec-reorder')).toBeNull();
    expect(calls.some((u) => u.pathname === '/web/api/v1/reorder-products/')).toBe(false);
    const mlt = calls.find((u) => u.pathname === '/web/api/v1/more-like-this/')!;
    expect(mlt.searchParams.get('productid')).toBe('12');
    expect(mlt.searchParams.get('page')).toBe('0');
    // images load lazily
    expect(similar.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it("a logged-in shopper's Recently Viewed is the server's list, without this product", async () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5]));
    serve({
      '/api/v1/me/': () => json(shopper),
      '/api/v1/recently-viewed/': () => json({ products: [card(12), card(44, 'Lace Bralette'), card(45, 'Cotton Hipster')] }),
      '/web/api/v1/reorder-products/': () => json({ products: [] }),
    });
    renderBelow();
    const recent = await screen.findByTestId('rec-recently-viewed', {}, { timeout: 3000 });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByTestId('rec-card')
          .map((c) => c.querySelector('h3')?.textContent),
      ).toEqual(['Lace Bralette', 'Cotton Hipster']),
    );
    // this view is still remembered on the device
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([12, 5]);
  });

  it('nothing viewed before: no recently-viewed call; re-order for a logged-in shopper', async () => {
    serve({
      '/api/v1/me/': () => json(shopper),
      '/web/api/v1/more-like-this/': () => json({ error: 'not_found', message: 'No such product' }, 404),
      [`/web/api/v1/recommendations/${slug}/`]: () => json({ products: [] }),
      '/web/api/v1/reorder-products/': () => json({ products: [card(40, 'Cotton Hipster')] }),
    });
    renderBelow();
    const reorder = await screen.findByTestId('rec-reorder', {}, { timeout: 3000 });
    expect(within(reorder).getByText('Cotton Hipster')).toBeTruthy();
    // the similar rail's 404 clears its skeleton; as long as the re-order rail's wait, on a busy machine
    await waitFor(() => expect(screen.queryByTestId('rec-similar')).toBeNull(), { timeout: 3000 });
    expect(screen.queryByTestId('rec-match-the-set')).toBeNull();
    expect(screen.queryByTestId('rec-recently-viewed')).toBeNull();
    expect(calls.some((u) => u.pathname === '/web/api/v1/products/by-ids/')).toBe(false);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([12]);
  });

  it("'View all' opens the Similar Products modal, which pages while has_next", async () => {
    serve({
      '/api/v1/me/': () => json(guest),
      '/web/api/v1/more-like-this/': (u) => {
        const page = Number(u.searchParams.get('page'));
        const ids = page === 0 ? [21, 22, 23] : [24, 25];
        return json({ products: ids.map((id) => card(id)), page, has_next: page === 0 });
      },
      [`/web/api/v1/recommendations/${slug}/`]: () => json({ products: [] }),
    });
    renderBelow();
    fireEvent.click(await screen.findByRole('button', { name: 'View all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Similar Products' });
    const grid = within(dialog).getByTestId('similar-grid');
    await waitFor(() => expect(within(grid).getAllByTestId('rec-card')).toHaveLength(3));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(grid).getAllByTestId('rec-card')).toHaveLength(5));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull());
  });
});
