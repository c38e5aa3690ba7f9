// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, ProductCard, SizesResponse, Wishlist, WishlistItem } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { meFixture, sizeFixture } from '@/test/fixtures';
import { WishlistPage } from './components/WishlistPage';
import { cartItemFor, initialChoice, nothingToBuy, savedSizesText } from './wishlist';

const card = (over: Partial<ProductCard> = {}): ProductCard => ({
  id: 214,
  name: 'Lace Bra & Panty Set',
  slug: 'lace-bra-panty-set-navy',
  url: '/product/lace-bra-panty-set-navy',
  img: '/media/products/CB1043-NVY/1.svg',
  color_name: 'Navy',
  rgbcode: '#1f2a44',
  rounded_up_unit_price: 129900,
  rounded_up_unit_price_ui: '₹1,299',
  old_price: 190000,
  old_price_ui: '₹1,900',
  offer_tag: '31% OFF',
  is_soldout: false,
  rating: 4.1,
  total_ratings_count: 7,
  ...over,
});
const entry = (over: Partial<WishlistItem> = {}): WishlistItem => ({
  id: 1,
  product: card(),
  first_combo_size: '34B',
  second_combo_size: 'L',
  multi_combo_size: '',
  ...over,
});
/** One page of the answer; by default the only one. */
const page = (items: WishlistItem[], over: Partial<Wishlist> = {}): Wishlist => ({
  items,
  wishlist_count: items.length,
  number: 1,
  num_pages: 1,
  has_next: false,
  ...over,
});
const size = (value: string, quantity: number) => sizeFixture(value, quantity, { urgency_message: '' });
const comboSizes = (bra: [string, number][], panty: [string, number][]): SizesResponse => ({
  status: 'success',
  result: {
    size: [],
    comboSizes: [
      { type: 'Bra', sizes: bra.map(([v, q]) => size(v, q)) },
      { type: 'Panty', sizes: panty.map(([v, q]) => size(v, q)) },
    ],
    possible_variation_list: [],
    list_qty: {},
    urgency_message_product: {},
    cart_pieces: 0,
    max_cart_items: 5,
  },
});
const plainSizes = (list: [string, number][]): SizesResponse => ({
  status: 'success',
  result: {
    size: list.map(([v, q]) => size(v, q)),
    comboSizes: [],
    possible_variation_list: [],
    list_qty: {},
    urgency_message_product: {},
    cart_pieces: 0,
    max_cart_items: 5,
  },
});

describe('wishlist rules', () => {
  it('saved combo sizes read Bra … / Panty …', () => {
    expect(savedSizesText(entry())).toBe('Bra 34B / Panty L');
    expect(savedSizesText(entry({ second_combo_size: '' }))).toBe('Bra 34B');
    expect(savedSizesText(entry({ first_combo_size: '', second_combo_size: '' }))).toBeNull();
  });

  it('the chooser starts from the saved combo sizes that are still in stock, or a lone size', () => {
    expect(initialChoice(comboSizes([['34B', 3]], [['L', 2]]), entry())).toEqual({ combo1: '34B', combo2: 'L' });
    expect(initialChoice(comboSizes([['34B', 0]], [['L', 2]]), entry())).toEqual({ combo2: 'L' });
    expect(initialChoice(plainSizes([['FREE-SIZE', 4]]), entry({ first_combo_size: '', second_combo_size: '' }))).toEqual({
      size: 'FREE-SIZE',
    });
    expect(
      initialChoice(
        plainSizes([
          ['S', 4],
          ['M', 2],
        ]),
        entry(),
      ),
    ).toEqual({});
  });

  it('names the missing size, else builds the cart line', () => {
    const combo = comboSizes([['34B', 3]], [['L', 2]]);
    expect(cartItemFor(214, combo, { combo2: 'L' }).missing).toBe('Please Select Bra size');
    expect(cartItemFor(214, combo, { combo1: '34B' }).missing).toBe('Please Select Panty size');
    expect(cartItemFor(214, combo, { combo1: '34B', combo2: 'L' }).item).toEqual({
      cart: null,
      product: 214,
      quantity: 1,
      size: null,
      combo_sizes: { combo1: '34B', combo2: 'L' },
    });
    expect(cartItemFor(5, plainSizes([['S', 1]]), {}).missing).toBe('Please Select Size...');
    expect(cartItemFor(5, plainSizes([['S', 1]]), { size: 'S' }).item).toMatchObject({ size: 'S', combo_sizes: null });
  });

  it('nothing to buy: a failed sizes call, all sizes at 0, or one combo part all at 0', () => {
    expect(nothingToBuy({ ...plainSizes([['S', 1]]), status: 'error' })).toBe(true);
    expect(nothingToBuy(plainSizes([['S', 0]]))).toBe(true);
    expect(nothingToBuy(comboSizes([['34B', 3]], [['L', 0]]))).toBe(true);
    expect(nothingToBuy(comboSizes([['34B', 3]], [['L', 1]]))).toBe(false);
  });
});

// ------------------------------------------------------------------ the page, against a fake fetch

const guest: Me = meFixture();
const shopper: Me = {
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 2,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

function renderWishlist(onCartChanged = vi.fn()) {
  const { client } = renderWithProviders(<WishlistPage onCartChanged={onCartChanged} />, { route: '/wishlist/' });
  return { client, onCartChanged };
}

describe('<WishlistPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('guests are asked to log in and come back to /wishlist/', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderWishlist();
    const panel = await screen.findByTestId('wishlist-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fwishlist%2F');
    expect(calls.some((c) => c.url.pathname === '/api/v3/wishlist/')).toBe(false);
  });

  it('Move to cart: the saved combo sizes are chosen, added, then taken off the list', async () => {
    const other = entry({
      id: 2,
      product: card({ id: 5, name: 'Seamless Moulded T-Shirt Bra', slug: 'seamless-bra' }),
      first_combo_size: '',
      second_combo_size: '',
    });
    let list: Wishlist = page([entry(), other]);
    let added: unknown = null;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v3/wishlist/': () => json(list),
      'GET /web/api/v1/product/lace-bra-panty-set-navy/sizes/s/': () =>
        json(
          comboSizes(
            [
              ['32B', 5],
              ['34B', 5],
            ],
            [
              ['M', 0],
              ['L', 5],
            ],
          ),
        ),
      'POST /api/v3/cart-items/': (_u, init) => {
        added = JSON.parse(String(init.body));
        return json({ status: 'success', cart_quantity: 3, item_id: 9, message: 'Added to cart' });
      },
      'DELETE /api/v3/wishlist/1/': () => {
        list = page([other]);
        return json(list);
      },
      'POST /get-event-data/': () => json({ product: null, cart: null }),
    });
    const { onCartChanged } = renderWishlist();
    const cards = await screen.findAllByTestId('wishlist-item');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Navy · Bra 34B / Panty L')).toBeTruthy();

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Move to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a size' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '34B' }).getAttribute('aria-checked')).toBe('true'));
    expect(within(dialog).getByRole('radio', { name: 'L' }).getAttribute('aria-checked')).toBe('true');
    expect((within(dialog).getByRole('radio', { name: 'M, sold out' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect(added).toEqual({ cart: null, product: 214, quantity: 1, size: null, combo_sizes: { combo1: '34B', combo2: 'L' } });
    expect(onCartChanged).toHaveBeenCalledWith(3);
    const order = calls
      .filter((c) => c.method !== 'GET' && c.url.pathname !== '/get-event-data/')
      .map((c) => `${c.method} ${c.url.pathname}`);
    expect(order).toEqual(['POST /api/v3/cart-items/', 'DELETE /api/v3/wishlist/1/']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refused add keeps the item and shows why', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v3/wishlist/': () => json(page([entry({ first_combo_size: '', second_combo_size: '', product: card({ slug: 'plain' }) })])),
      'GET /web/api/v1/product/plain/sizes/s/': () =>
        json(
          plainSizes([
            ['S', 1],
            ['M', 2],
          ]),
        ),
      'POST /api/v3/cart-items/': () => json({ error: 'bad_request', message: 'Only 1 left in this size' }, 400),
    });
    renderWishlist();
    fireEvent.click(await screen.findByRole('button', { name: 'Move to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a size' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Move to cart' }));
    expect((await within(dialog).findByTestId('move-error')).textContent).toBe('Please Select Size...');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'M' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to cart' }));
    await waitFor(() => expect(within(dialog).getByTestId('move-error').textContent).toBe('Only 1 left in this size'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Remove takes the entry off; an empty list says so', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v3/wishlist/': () => json(page([entry()])),
      'DELETE /api/v3/wishlist/1/': () => json(page([])),
      'POST /get-event-data/': () => json({ product: null, cart: null }),
    });
    renderWishlist();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lace Bra & Panty Set from your wishlist' }));
    expect(await screen.findByTestId('wishlist-empty')).toBeTruthy();
  });
});

// ------------------------------------------------------------------ paging (50 a page, newest first)

/** A fake wishlist of `total` entries (ids total…1, newest first) answering pages as the server does. */
function pagedWishlist(total: number) {
  let ids = Array.from({ length: total }, (_, i) => total - i);
  const item = (id: number) =>
    entry({
      id,
      product: card({ id: 1000 + id, name: `Saved product ${id}`, slug: `saved-${id}`, url: `/product/saved-${id}` }),
      first_combo_size: '',
      second_combo_size: '',
    });
  const answer = (n: number): Wishlist => {
    const num_pages = Math.max(1, Math.ceil(ids.length / 50));
    return page(ids.slice((n - 1) * 50, n * 50).map(item), { wishlist_count: ids.length, number: n, num_pages, has_next: n < num_pages });
  };
  return {
    'GET /api/v3/wishlist/': (u: URL) => json(answer(Number(u.searchParams.get('page') ?? '1'))),
    count: () => ids.length,
    remove: (id: number) => () => {
      ids = ids.filter((x) => x !== id);
      return json(answer(1));
    },
  };
}

const pagesAsked = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v3/wishlist/').map((c) => c.url.searchParams.get('page'));

describe('<WishlistPage> paging', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page; Show more appends the next; no button once the last page is in', async () => {
    const fake = pagedWishlist(120);
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v3/wishlist/': fake['GET /api/v3/wishlist/'] });
    renderWishlist();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(50));
    expect(pagesAsked()).toEqual(['1']);
    expect(screen.getByTestId('wishlist-total').textContent).toBe('120 items');
    expect(screen.getByText('Showing 50 of 120')).toBeTruthy();
    const names = () => screen.getAllByTestId('wishlist-item').map((c) => c.querySelector('.wl-card__name')!.textContent);
    expect(names()[0]).toBe('Saved product 120');
    expect(names()[49]).toBe('Saved product 71');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(100));
    expect(pagesAsked()).toEqual(['1', '2']);
    expect(names()[50]).toBe('Saved product 70');
    expect(screen.getByText('Showing 100 of 120')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(120));
    expect(pagesAsked()).toEqual(['1', '2', '3']);
    expect(names()[119]).toBe('Saved product 1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('no Show more when the only page says has_next false', async () => {
    const fake = pagedWishlist(50);
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v3/wishlist/': fake['GET /api/v3/wishlist/'] });
    renderWishlist();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(50));
    expect(screen.getByTestId('wishlist-total').textContent).toBe('50 items');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.queryByText(/^Showing /)).toBeNull();
  });

  it('a removal with two pages loaded: page 1 from the answer, then both pages asked again; the header count follows', async () => {
    const fake = pagedWishlist(120);
    serve({
      'GET /api/v1/me/': () => json({ ...shopper, wishlistCount: fake.count() }),
      'GET /api/v3/wishlist/': fake['GET /api/v3/wishlist/'],
      'DELETE /api/v3/wishlist/120/': fake.remove(120),
      'POST /get-event-data/': () => json({ product: null, cart: null }),
    });
    const { client } = renderWishlist();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(100));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Saved product 120 from your wishlist' }));
    await waitFor(() => expect(pagesAsked()).toEqual(['1', '2', '1', '2']));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(100));
    const names = screen.getAllByTestId('wishlist-item').map((c) => c.querySelector('.wl-card__name')!.textContent);
    expect(names[0]).toBe('Saved product 119');
    expect(names[99]).toBe('Saved product 20');
    expect(new Set(names).size).toBe(100);
    expect(screen.getByTestId('wishlist-total').textContent).toBe('119 items');
    expect(screen.getByText('Showing 100 of 119')).toBeTruthy();
    expect(client.getQueryData<Me>(['me'])?.wishlistCount).toBe(119);
  });
});
