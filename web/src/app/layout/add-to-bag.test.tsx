// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import { Rail } from '@/features/recommendations/components/Rail';
import type { ProductCard, ProductListing, SizesResponse } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve, type Handler } from '@/test/fake-api';
import { sizeFixture, sizesFixture } from '@/test/fixtures';
import { HomeRoute } from '../routes/home';
import { AddToBagProvider } from './AddToBagProvider';

// 'Add to bag' on listing and rail cards opens the product page's size popup 'Adding item to Cart'
// (spec 001 §2), which loads the product's sizes and puts one piece in the cart.

function card(id: number, name: string, over: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id}`,
    url: `/product/${name.toLowerCase().replace(/\W+/g, '-')}-${id}`,
    img: `/media/products/P${id}/1.svg`,
    color_name: 'Black',
    rgbcode: '#000',
    rounded_up_unit_price: 59900,
    rounded_up_unit_price_ui: '₹599',
    old_price: 99900,
    old_price_ui: '₹999',
    offer_tag: '40% OFF',
    is_soldout: false,
    rating: 0,
    total_ratings_count: 0,
    ...over,
  };
}

const bra = card(12, 'Lace Bra');
const set = card(30, 'Bra Panty Set');
const soldOut = card(40, 'Sold Out Slip', { is_soldout: true });

const braSizes = sizesFixture([sizeFixture('32B', 12), sizeFixture('34B', 0), sizeFixture('36B', 20)]);
const setSizes: SizesResponse = {
  ...sizesFixture([]),
  result: {
    ...sizesFixture([]).result,
    comboSizes: [
      { type: 'Bra', sizes: [sizeFixture('34B', 8), sizeFixture('36B', 0)] },
      { type: 'Panty', sizes: [sizeFixture('M', 9), sizeFixture('L', 7)] },
    ],
  },
};

const listing: ProductListing = {
  products: [bra, set, soldOut],
  page: 1,
  num_pages: 1,
  total: 3,
  sort: 'popularity',
  sorts: [{ value: 'popularity', label: 'Popularity' }],
  facets: {
    size: [],
    color: [],
    style: [],
    discount: [],
    price: { min_rupees: 0, max_rupees: 0 },
    in_stock: { count: 3, selected: false },
  },
  search: null,
  in_wishlist: [],
};

function serveShop(extra: Record<string, Handler> = {}) {
  serve({
    'GET /web/api/v1/products/': () => json(listing),
    [`GET /web/api/v1/product/${bra.slug}/sizes/s/`]: () => json(braSizes),
    [`GET /web/api/v1/product/${set.slug}/sizes/s/`]: () => json(setSizes),
    'POST /api/v3/cart-items/': () => json({ status: 'success', cart_quantity: 3, item_id: 9, message: 'Added to cart' }),
    'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 3 }),
    'POST /get-event-data/': () => json({ product: null, cart: null }),
    ...extra,
  });
}

const cartPosts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v3/cart-items/');
const bodyOf = (i: number) => JSON.parse(String(cartPosts()[i]!.init.body));

async function openFromListing(name: string) {
  const cardEl = (await screen.findByText(name)).closest('article')!;
  fireEvent.click(within(cardEl as HTMLElement).getByRole('button', { name: `Add to bag: ${name}` }));
  return screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
}

describe("a listing card's Add to bag", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the size popup with the product’s sizes; a sold-out size is disabled; choosing one adds a piece', async () => {
    serveShop();
    const { client } = renderWithProviders(<HomeRoute />, { route: '/' });

    const popup = await openFromListing('Lace Bra');
    expect(within(popup).getByText('Lace Bra')).toBeTruthy();
    // the sizes are fetched when the popup opens
    await within(popup).findByRole('radio', { name: '32B' });
    expect(calls.some((c) => c.method === 'GET' && c.url.pathname === `/web/api/v1/product/${bra.slug}/sizes/s/`)).toBe(true);
    const radios = within(popup).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['32B', '34B', '36B']);
    const sold = within(popup).getByRole('radio', { name: '34B, sold out' });
    expect(sold).toHaveProperty('disabled', true);
    expect(within(popup).getByRole('radio', { name: '36B' })).toHaveProperty('disabled', false);

    // a disabled size cannot be chosen
    fireEvent.click(sold);
    expect(sold.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(within(popup).getByRole('radio', { name: '36B' }));
    expect(cartPosts()).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(cartPosts()).toHaveLength(1));
    expect(bodyOf(0)).toEqual({ cart: null, product: 12, quantity: 1, size: '36B', combo_sizes: null });
    // the usual toast, the popup closes, the header's count takes the server's quantity
    expect((await screen.findByText('Added to cart')).closest('#toast-success')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adding item to Cart' })).toBeNull());
    expect(client.getQueryData(cartQuantityKey)).toEqual({ cart_quantity: 3 });
  });

  it('asks for a size when none is chosen, and posts nothing', async () => {
    serveShop();
    renderWithProviders(<HomeRoute />, { route: '/' });
    const popup = await openFromListing('Lace Bra');
    await within(popup).findByRole('radio', { name: '32B' });
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Please Select Size...');
    expect(cartPosts()).toHaveLength(0);
  });

  it('needs both sizes of a combo, as on the product page', async () => {
    serveShop();
    renderWithProviders(<HomeRoute />, { route: '/' });
    const popup = await openFromListing('Bra Panty Set');
    const braGroup = await within(popup).findByRole('radiogroup', { name: 'Bra size' });
    const pantyGroup = within(popup).getByRole('radiogroup', { name: 'Panty size' });
    expect(within(braGroup).getByRole('radio', { name: '36B, sold out' })).toHaveProperty('disabled', true);

    fireEvent.click(within(braGroup).getByRole('radio', { name: '34B' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Please Select Panty size');
    expect(cartPosts()).toHaveLength(0);

    fireEvent.click(within(pantyGroup).getByRole('radio', { name: 'L' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(cartPosts()).toHaveLength(1));
    expect(bodyOf(0)).toEqual({ cart: null, product: 30, quantity: 1, size: 'combo', combo_sizes: { combo1: '34B', combo2: 'L' } });
  });

  it('keeps a refusal in the popup, which stays open', async () => {
    serveShop({
      'POST /api/v3/cart-items/': () => json({ error: 'bad_request', message: 'Only 2 left in this size' }, 400),
    });
    renderWithProviders(<HomeRoute />, { route: '/' });
    const popup = await openFromListing('Lace Bra');
    fireEvent.click(await within(popup).findByRole('radio', { name: '32B' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(within(popup).getByRole('alert').textContent).toBe('Only 2 left in this size'));
    expect(screen.getByRole('dialog', { name: 'Adding item to Cart' })).toBeTruthy();
  });

  it('is not offered on a sold-out card', async () => {
    serveShop();
    renderWithProviders(<HomeRoute />, { route: '/' });
    const cardEl = (await screen.findByText('Sold Out Slip')).closest('article') as HTMLElement;
    expect(within(cardEl).queryByRole('button', { name: /^Add to bag:/ })).toBeNull();
    // the heart stays: a sold-out product can still be saved for later
    expect(within(cardEl).getByRole('button', { name: /wishlist/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Add to bag:/ })).toHaveLength(2);
  });
});

describe("a rail card's Add to bag", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the same popup from a recommendation rail; without the provider the card has no button', async () => {
    serveShop();
    const { unmount } = renderWithProviders(<Rail id="similar" title="Similar Products" products={[bra]} />, { route: '/' });
    expect(screen.queryByRole('button', { name: /add to bag/i })).toBeNull();
    unmount();

    renderWithProviders(
      <AddToBagProvider>
        <Rail id="similar" title="Similar Products" products={[bra]} />
      </AddToBagProvider>,
      { route: '/' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to bag: Lace Bra' }));
    const popup = await screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
    fireEvent.click(await within(popup).findByRole('radio', { name: '32B' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(cartPosts()).toHaveLength(1));
    expect(bodyOf(0)).toMatchObject({ product: 12, size: '32B', quantity: 1 });
  });
});
