// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/shared/api/types';
import { ToastProvider } from '@/shared/components/ui/Toast';
import { beginFirstPage, endFirstPage } from '@/shared/lib/first-page';
import { meFixture, productFixture, sizeFixture, sizesFixture, timerFixture } from '@/test/fixtures';
import { productFeaturesQueryOptions } from './api/get-product-features';
import { allSoldOut, SOLD_OUT_SIZES, toProductSizes, type ProductSizes } from './api/get-sizes';
import { swipeDirection, wrapIndex } from './swipe';
import { POLICY } from './components/PolicyStrip';
import { ProductView, type ProductViewProps } from './components/ProductView';
import { ratingView } from './components/Rating';
import { SizePicker } from './components/SizePicker';
import { productTag } from './product-tag';
import { BUY_NOW_PROMPTED_KEY } from './purchase';

// ---------------------------------------------------------------- a fake server for the page's calls

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let routes: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();

function defaultRoutes(): Record<string, Handler> {
  return {
    'GET /bp_pp_product_details_page/': () => json({ offer_msg_dict_ajax: {} }),
    'GET /web/api/v1/product-feature/padded-t-shirt-bra-black-12/': () => json({}),
    'GET /web/api/v1/product/last-purchased-size/': () =>
      json({ status: 'success', bra_size1: '', panty_size: '', nightwear_size: '', activewear_size: '' }),
    'POST /get-event-data/': () => json({ product: null, cart: null }),
    'GET /iteminstock/': () => new Response('3'),
    'POST /api/v3/cart-items/': () => json({ status: 'success', cart_quantity: 4, item_id: 9, message: 'Added to cart' }),
    'GET /api/v1/me/': () => json(guest),
  };
}

function route(url: URL, method: string): Handler | undefined {
  const exact = routes[`${method} ${url.pathname}`];
  if (exact) return exact;
  const prefix = Object.keys(routes).find((k) => {
    const [m, p] = k.split(' ');
    return m === method && p!.endsWith('/') && url.pathname.startsWith(p!) && p!.split('/').length <= 3;
  });
  return prefix ? routes[prefix] : undefined;
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname.startsWith(path),
  );

const guest: Me = meFixture();
const shopper = (email: string | null): Me => ({
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email, name: '', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
});

beforeEach(() => {
  routes = defaultRoutes();
  document.cookie = 'csrftoken=tok123; path=/';
  window.dataLayer = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = route(url, init.method ?? 'GET');
    if (!handler) return json({ error: 'not_found', message: `no route ${url.pathname}` }, 404);
    return handler(url, init);
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function wrap(
  ui: ReactNode,
  path = '/product/padded-t-shirt-bra-black-12',
  { strict = false, seed }: { strict?: boolean; seed?: (c: QueryClient) => void } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed?.(client);
  const tree = (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/product/:slug" element={ui} />
            <Route path="/view-cart/" element={<p>The cart</p>} />
            <Route path="/checkout/" element={<p>The checkout</p>} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/** The login page stand-in shows where it would send the visitor back to. */
function LoginProbe() {
  const next = new URLSearchParams(useLocation().search).get('next');
  return <p>Login page{next ? `, then ${next}` : ''}</p>;
}

const plain = (...sizes: ReturnType<typeof sizeFixture>[]) => toProductSizes(sizesFixture(sizes));
const comboSizes: ProductSizes = {
  ok: true,
  cart: null,
  sizes: [],
  comboGroups: [
    { type: 'Bra', sizes: [sizeFixture('34B', 3), sizeFixture('36B', 0)] },
    { type: 'Panty', sizes: [sizeFixture('M', 2), sizeFixture('S', 0)] },
  ],
};

function viewProps(over: Partial<ProductViewProps> = {}): ProductViewProps {
  return {
    product: productFixture(),
    sizes: plain(sizeFixture('32B', 3), sizeFixture('34B', 0), sizeFixture('36B', 5, { urgency_message: '' })),
    me: guest,
    onCartChanged: vi.fn(),
    onWishlistChanged: vi.fn(),
    ...over,
  };
}

/** The page with its features already answered (none), as the app's first data has them: what lies
 * under the buy bar waits for them (product-page.test.tsx has the wait). */
function view(over: Partial<ProductViewProps> = {}) {
  const props = viewProps(over);
  wrap(<ProductView {...props} />, undefined, {
    seed: (c) => c.setQueryData(productFeaturesQueryOptions(props.product.slug).queryKey, {}),
  });
  return props;
}

// ---------------------------------------------------------------- rules kept from the shell

describe('sizes answer', () => {
  it('a non-success status means sold out with no sizes (spec 001 §8)', () => {
    const res = { ...sizesFixture([sizeFixture('32B', 3)]), status: 'error' };
    expect(toProductSizes(res)).toEqual(SOLD_OUT_SIZES);
    expect(toProductSizes(null)).toEqual(SOLD_OUT_SIZES);
    expect(allSoldOut(SOLD_OUT_SIZES)).toBe(true);
  });
  it('is sold out when every size has nothing to buy', () => {
    expect(allSoldOut(toProductSizes(sizesFixture([sizeFixture('32B', 0), sizeFixture('34B', 0)])))).toBe(true);
    expect(allSoldOut(toProductSizes(sizesFixture([sizeFixture('32B', 0), sizeFixture('34B', 2)])))).toBe(false);
  });
});

describe('product tag priority', () => {
  it('Sold Out only for a sold-out product with an offer tag, then Selling Fast, Beginners, Pre Order, New, Cotton', () => {
    const p = productFixture();
    expect(productTag(p, true)).toBe('Sold Out');
    expect(productTag({ ...p, offer_tag: '' }, true)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 19 }, false)).toBe('New');
    expect(productTag({ ...p, speed: 19.1 }, false)).toBe('Selling Fast');
    // an inactive, unbuyable product is never Selling Fast
    expect(productTag({ ...p, speed: 19.1, active: false }, false)).toBe('New');
    expect(productTag({ ...p, speed: 5, all_category_with_parents: [2] }, false)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 4, all_category_with_parents: [2] }, false)).toBe('New');
    expect(productTag({ ...p, speed: 1.5, all_category_with_parents: [4] }, false)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 1.4, all_category_with_parents: [4] }, false)).toBe('New');
    expect(productTag({ ...p, speed: 0, beginner: true, preorder: true }, false)).toBe('Beginners');
    expect(productTag({ ...p, speed: 0, preorder: true }, false)).toBe('Pre Order');
    expect(productTag({ ...p, speed: 0, newarrivals: false, has_cotton_label: true }, false)).toBe('Cotton');
    expect(productTag({ ...p, speed: 0, newarrivals: false, is_cotton_comforty: true }, false)).toBe('Cotton');
    expect(productTag({ ...p, speed: 0, newarrivals: false }, false)).toBeNull();
  });
});

describe('gallery swipe', () => {
  it('needs more than 80 px across and under 50 px of drift; wraps at both ends', () => {
    expect(swipeDirection(-81, 10)).toBe(1);
    expect(swipeDirection(81, -49)).toBe(-1);
    expect(swipeDirection(-80, 0)).toBe(0);
    expect(swipeDirection(-200, 50)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
  });
});

describe('rating view', () => {
  it('shoppers see index 0 and 5, privileged users index 1 and 4', () => {
    const p = productFixture();
    expect(ratingView(p, false)).toEqual({ average: 4.3, count: 57, reviews: 12, percents: [70, 16, 7, 4, 3] });
    expect(ratingView(p, true)).toEqual({ average: 4.1, count: 61, reviews: 12, percents: [66, 15, 7, 5, 7] });
  });
});

describe('SizePicker', () => {
  it('disables sold-out sizes, shows urgency labels, WS stock and the suggested size', () => {
    const sizes = plain(sizeFixture('32B', 3), sizeFixture('34B', 0), sizeFixture('36B', 5, { ws_stock: '23 WS', urgency_message: '' }));
    const onPick = vi.fn();
    wrap(<SizePicker sizes={sizes} selection={{ size: '32B' }} suggested="36B" onPick={onPick} />);
    expect(screen.getByRole('radio', { name: '34B, sold out' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: '32B, 3 left' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('3 left')).toBeTruthy();
    expect(screen.getByText('23 WS')).toBeTruthy();
    expect(screen.getByText('Suggested')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '36B, suggested' }));
    expect(onPick).toHaveBeenCalledWith('size', '36B');
  });

  it('shows the two combo groups under their type labels', () => {
    const onPick = vi.fn();
    wrap(<SizePicker sizes={comboSizes} selection={{}} suggested={null} onPick={onPick} />);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Bra size' })).getByRole('radio', { name: '34B, 3 left' }));
    expect(onPick).toHaveBeenCalledWith('combo1', '34B');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Panty size' })).getByRole('radio', { name: 'M, 2 left' }));
    expect(onPick).toHaveBeenCalledWith('combo2', 'M');
    expect(screen.getByRole('radio', { name: 'S, sold out' })).toHaveProperty('disabled', true);
  });

  it('shows nothing when the sizes call failed', () => {
    const { container } = wrap(<SizePicker sizes={SOLD_OUT_SIZES} selection={{}} suggested={null} onPick={() => {}} />);
    expect(container.textContent).toBe('');
  });
});

// ---------------------------------------------------------------- the page

describe('ProductView', () => {
  it('shows name, prices, offer, colours (sold-out labelled), description, makers and the policy strip', async () => {
    view();
    expect(screen.getByRole('heading', { level: 1, name: 'Padded T-shirt Bra' })).toBeTruthy();
    const price = screen.getByTestId('price');
    expect(price.textContent).toContain('₹799');
    expect(price.querySelector('s')!.textContent).toContain('₹1,299');
    expect(price.textContent).toContain('38% OFF');
    expect(screen.getByText('Buy 3 for ₹1,499')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nude, currently unavailable' })).toBeTruthy();
    expect(screen.getByText('currently unavailable')).toBeTruthy();
    // the colour keeps its name beside the label
    expect(screen.getByText('currently unavailable').parentElement!.textContent).toBe('Nudecurrently unavailable');
    expect(screen.getByText('moulded').tagName).toBe('STRONG');
    expect(screen.getByText('Drape Apparel Pvt Ltd, Bengaluru')).toBeTruthy();
    expect(screen.getByText(POLICY.returns)).toBeTruthy();
    expect(screen.getByText(POLICY.shipping)).toBeTruthy();
    expect(screen.queryByTestId('out-of-stock')).toBeNull();
    expect(screen.getByRole('button', { name: /add to cart/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: /buy now/i })).toBeTruthy();
    await waitFor(() => expect(calls('POST', '/get-event-data/').length).toBe(1));
  });

  it('non-returnable products show their notice instead of the return policy', () => {
    view({ product: productFixture({ nonreturnable: true }) });
    expect(
      screen.getByText('Briefs and panties (and opened multi-piece boxes containing them) are non-returnable and non-exchangeable'),
    ).toBeTruthy();
    expect(screen.queryByText(POLICY.returns)).toBeNull();
  });

  it("shows the 'Exclusive' badge for channel type 2", () => {
    view({ product: productFixture({ channel_type: 2 }) });
    expect(screen.getByText('Exclusive')).toBeTruthy();
  });

  it("without a size, Add to cart opens the 'Adding item to Cart' popup saying 'Please Select Size...' by its sizes", async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    const popup = await screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
    // in the popup, under the sizes: not a toast over them
    const note = within(popup).getByTestId('size-popup-note');
    expect(note.textContent).toBe('Please Select Size...');
    expect(note.getAttribute('role')).toBe('alert');
    expect(within(popup).getByTestId('size-popup-sizes').nextElementSibling).toBe(note);
    expect(document.getElementById('toast-warning')).toBeNull();
    // asking again from the popup says it there again; choosing a size clears it
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    expect(within(popup).getByTestId('size-popup-note').textContent).toBe('Please Select Size...');
    expect(calls('POST', '/api/v3/cart-items/').length).toBe(0);
    fireEvent.click(within(popup).getByRole('radio', { name: '32B, 3 left' }));
    expect(within(popup).queryByTestId('size-popup-note')).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls('POST', '/api/v3/cart-items/').length).toBe(1));
    const body = JSON.parse(String(calls('POST', '/api/v3/cart-items/')[0]![1]!.body));
    expect(body).toEqual({ cart: null, product: 12, quantity: 1, size: '32B', combo_sizes: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adding item to Cart' })).toBeNull());
  });

  it('choosing a size checks stock, the stepper goes up to it, and the add refreshes the header count', async () => {
    const props = view();
    fireEvent.click(screen.getByRole('radio', { name: '36B' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/36B/').length).toBe(1));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByLabelText('Quantity 3')).toBeTruthy();
    expect(plus).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    await waitFor(() => expect(props.onCartChanged).toHaveBeenCalledWith(4));
    const body = JSON.parse(String(calls('POST', '/api/v3/cart-items/')[0]![1]!.body));
    expect(body.quantity).toBe(3);
    expect(body.size).toBe('36B');
    expect((await screen.findByText('Added to cart')).closest('#toast-success')).toBeTruthy();
    // selections reset
    await waitFor(() => expect(screen.getByRole('radio', { name: '36B' }).getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(calls('POST', '/get-event-data/').some(([, i]) => String(i!.body).includes('added_to_cart'))).toBe(true));
  });

  it('shows server 4xx messages as toasts', async () => {
    routes['POST /api/v3/cart-items/'] = () => json({ error: 'bad_request', message: 'Only 1 left in this size' }, 400);
    view();
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    expect((await screen.findByText('Only 1 left in this size')).closest('#toast-warning')).toBeTruthy();
  });

  it("the product's cap refused: the server's sentence under the buttons, + and both buttons off, 'Limit reached' by the stepper", async () => {
    const refusal = 'You can buy at most 5 of this product, and 5 already in your cart';
    routes['POST /api/v3/cart-items/'] = () => json({ error: 'bad_request', message: refusal }, 400);
    view();
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/32B/').length).toBe(1));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(plus).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    const note = await screen.findByTestId('buy-note');
    expect(note.textContent).toBe(refusal);
    expect(note.getAttribute('role')).toBe('alert');
    expect(document.getElementById('toast-warning')).toBeNull();
    const limit = screen.getByTestId('quantity-limit');
    expect(limit.textContent).toBe('Limit reached: at most 5 of this product');
    expect(plus).toHaveProperty('disabled', true);
    expect(plus.getAttribute('aria-describedby')).toBe(limit.id);
    const addButton = screen.getByRole('button', { name: /add to cart/i });
    const buyButton = screen.getByRole('button', { name: /buy now/i });
    expect(addButton).toHaveProperty('disabled', true);
    expect(buyButton).toHaveProperty('disabled', true);
    expect(addButton.getAttribute('aria-describedby')).toBe(`${limit.id} ${note.id}`);
    // the cap is the product's: another size does not help
    fireEvent.click(screen.getByRole('radio', { name: '36B' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/36B/').length).toBe(1));
    expect(plus).toHaveProperty('disabled', true);
    fireEvent.click(addButton);
    fireEvent.click(buyButton);
    expect(calls('POST', '/api/v3/cart-items/').length).toBe(1);
  });

  it('a refusal that leaves room: the quantity comes down to what fits, and + stops there', async () => {
    routes['GET /iteminstock/'] = () => new Response('5');
    routes['POST /api/v3/cart-items/'] = () =>
      json({ error: 'bad_request', message: 'You can buy at most 5 of this product, and 3 already in your cart' }, 400);
    view();
    fireEvent.click(screen.getByRole('radio', { name: '36B' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/36B/').length).toBe(1));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByLabelText('Quantity 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    expect(await screen.findByLabelText('Quantity 2')).toBeTruthy();
    expect(plus).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quantity-limit').textContent).toBe('At most 5 of this product: 3 already in your cart');
    expect(screen.getByRole('button', { name: /add to cart/i })).toHaveProperty('disabled', false);
  });

  it('pieces added here count toward the cap: after 5 of 5, + stays off whatever the size, with no size chosen too', async () => {
    routes['GET /iteminstock/'] = () => new Response('5');
    view();
    fireEvent.click(screen.getByRole('radio', { name: '36B' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/36B/').length).toBe(1));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) fireEvent.click(plus);
    expect(screen.getByLabelText('Quantity 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    // the add resets the choice: no size, and yet + is off (it would otherwise ask for a size)
    await waitFor(() => expect(screen.getByRole('radio', { name: '36B' }).getAttribute('aria-checked')).toBe('false'));
    expect(plus).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quantity-limit').textContent).toBe('Limit reached: at most 5 of this product');
    expect(screen.getByRole('button', { name: /add to cart/i })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    expect(plus).toHaveProperty('disabled', true);
    expect(calls('POST', '/api/v3/cart-items/').length).toBe(1);
    // nothing was refused: no sentence under the buttons
    expect(screen.queryByTestId('buy-note')).toBeNull();
  });

  it('the fit notice shows a shopper her size from past orders, and says when this style lacks it', () => {
    view({
      me: shopper('riya@example.com'),
      product: productFixture({ fittest_code_in_fitguide: '34B', fittest_size_in_all_size: '34B' }),
    });
    expect(screen.getByTestId('fit-notice').textContent).toBe('Your size from past orders: 34B. This style comes in 34B.');
  });

  it('the fit notice says when the style is not made in her size, and guests never see one', () => {
    view({ me: shopper('riya@example.com'), product: productFixture({ fittest_code_in_fitguide: '38F', fittest_size_in_all_size: '' }) });
    expect(screen.getByTestId('fit-notice').textContent).toContain('not made in 38F');
  });

  it('no fit notice for a guest, even with data', () => {
    view({ me: guest, product: productFixture({ fittest_code_in_fitguide: '34B', fittest_size_in_all_size: '34B' }) });
    expect(screen.queryByTestId('fit-notice')).toBeNull();
  });

  it('a bag already at the cap when the page opens: + and the buy buttons are off before any add', () => {
    view({ sizes: { ...plain(sizeFixture('32B', 3), sizeFixture('34C', 2)), cart: { max: 5, inCart: 5 } } });
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quantity-limit').textContent).toBe('Limit reached: at most 5 of this product');
    expect(screen.getByRole('button', { name: /add to cart/i })).toHaveProperty('disabled', true);
    expect(calls('POST', '/api/v3/cart-items/').length).toBe(0);
  });

  it('Buy Now adds, then opens the cart (/view-cart/) for a shopper, with no add-to-cart toast following her there', async () => {
    view({ me: shopper('riya@example.com') });
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    fireEvent.click(screen.getByRole('button', { name: /buy now/i }));
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(calls('POST', '/api/v3/cart-items/').length).toBe(1);
    expect(document.getElementById('toast-success')).toBeNull();
    expect(screen.queryByText('Added to cart')).toBeNull();
  });

  it('Buy Now from the size popup: the size asked for there, then the cart with no toast', async () => {
    view({ me: shopper('riya@example.com') });
    fireEvent.click(screen.getByRole('button', { name: /buy now/i }));
    const popup = await screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
    expect(within(popup).getByTestId('size-popup-note').textContent).toBe('Please Select Size...');
    fireEvent.click(within(popup).getByRole('radio', { name: '32B, 3 left' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(document.getElementById('toast-success')).toBeNull();
    expect(document.getElementById('toast-warning')).toBeNull();
  });

  describe('Buy Now and the buy-now login widget flag (spec 001 §4)', () => {
    beforeEach(() => sessionStorage.clear());
    afterEach(() => sessionStorage.clear());

    /** Buy Now with 32B chosen, on a fresh page; the text of where it lands. */
    async function buyNow(me: Me) {
      const { unmount } = wrap(<ProductView {...viewProps({ me })} />);
      fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
      fireEvent.click(screen.getByRole('button', { name: /buy now/i }));
      const landed = await screen.findByText(/^(The cart|Login page.*)$/);
      const text = landed.textContent;
      unmount();
      return text;
    }

    it('flag off (the default): a guest adds and lands on the cart, with no add-to-cart toast', async () => {
      expect(await buyNow(guest)).toBe('The cart');
      expect(calls('POST', '/api/v3/cart-items/').length).toBe(1);
      expect(document.getElementById('toast-success')).toBeNull();
      expect(sessionStorage.getItem(BUY_NOW_PROMPTED_KEY)).toBeNull();
    });

    it('flag on: a guest’s first Buy Now of the session goes to the login, then back to the cart; the second straight to the cart', async () => {
      const flagged = { ...guest, buy_now_login_prompt: true };
      expect(await buyNow(flagged)).toBe('Login page, then /view-cart/');
      expect(calls('POST', '/api/v3/cart-items/').length).toBe(1);
      expect(sessionStorage.getItem(BUY_NOW_PROMPTED_KEY)).toBeTruthy();
      expect(await buyNow(flagged)).toBe('The cart');
      expect(calls('POST', '/api/v3/cart-items/').length).toBe(2);
    });

    it('flag on: a logged-in shopper always lands on the cart', async () => {
      const flagged = { ...shopper('riya@example.com'), buy_now_login_prompt: true };
      expect(await buyNow(flagged)).toBe('The cart');
      expect(await buyNow(flagged)).toBe('The cart');
      expect(sessionStorage.getItem(BUY_NOW_PROMPTED_KEY)).toBeNull();
    });
  });

  it('a refusal of an add from the size popup is said in the popup, by the sizes, not in a toast', async () => {
    routes['POST /api/v3/cart-items/'] = () => json({ error: 'bad_request', message: 'Only 1 left in this size' }, 400);
    view();
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    const popup = await screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
    fireEvent.click(within(popup).getByRole('radio', { name: '32B, 3 left' }));
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(within(popup).getByTestId('size-popup-note').textContent).toBe('Only 1 left in this size'));
    expect(document.getElementById('toast-warning')).toBeNull();
  });

  it("quantity without a size says 'Please select size to change quantity' for 3 seconds", async () => {
    vi.useFakeTimers();
    view();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('Please select size to change quantity')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Please select size to change quantity')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Please select size to change quantity')).toBeNull();
  });

  it("a stock check of 0 turns the button into a disabled 'Sold Out'", async () => {
    routes['GET /iteminstock/'] = () => new Response('0');
    view();
    fireEvent.click(screen.getByRole('radio', { name: '32B, 3 left' }));
    const soldOut = await screen.findByRole('button', { name: 'Sold Out' });
    expect(soldOut).toHaveProperty('disabled', true);
  });

  it('combos: both parts, the missing part named, the combo stock check and the cart body', async () => {
    view({ product: productFixture({ combo: true, sku: 'CB1043-NVY' }), sizes: comboSizes });
    fireEvent.click(screen.getByRole('radio', { name: '34B, 3 left' }));
    fireEvent.click(screen.getByRole('button', { name: /add to cart/i }));
    const popup = await screen.findByRole('dialog', { name: 'Adding item to Cart' }, { timeout: 5000 });
    expect(within(popup).getByTestId('size-popup-note').textContent).toBe('Please Select Panty size');
    expect(document.getElementById('toast-warning')).toBeNull();
    fireEvent.click(within(popup).getByRole('radio', { name: 'M, 2 left' }));
    await waitFor(() => expect(calls('GET', '/iteminstock/12/combo/').length).toBe(1));
    expect(String(calls('GET', '/iteminstock/12/combo/')[0]![0])).toContain('combo1=34B&combo2=M');
    fireEvent.click(within(popup).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls('POST', '/api/v3/cart-items/').length).toBe(1));
    expect(JSON.parse(String(calls('POST', '/api/v3/cart-items/')[0]![1]!.body))).toEqual({
      cart: null,
      product: 12,
      quantity: 1,
      size: 'combo',
      combo_sizes: { combo1: '34B', combo2: 'M' },
    });
    // no bra size calculator for a combo SKU
    expect(screen.queryByRole('button', { name: /bra size calculator/i })).toBeNull();
  });

  it("out of stock: 'Product Out of stock' with WISHLIST and NOTIFY ME", () => {
    view({ sizes: SOLD_OUT_SIZES });
    const box = screen.getByTestId('out-of-stock');
    expect(within(box).getByText('Product Out of stock')).toBeTruthy();
    expect(within(box).getByRole('button', { name: /wishlist/i })).toBeTruthy();
    expect(within(box).getByRole('button', { name: /notify me/i })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
    expect(screen.queryByTestId('sizes')).toBeNull();
  });

  it('an inactive product is out of stock too', () => {
    view({ product: productFixture({ active: false }) });
    expect(screen.getByTestId('out-of-stock')).toBeTruthy();
  });

  it('auto-selects the last-purchased size for a logged-in shopper and marks it Suggested', async () => {
    routes['GET /web/api/v1/product/last-purchased-size/'] = () =>
      json({ status: 'success', bra_size1: '36B', panty_size: '', nightwear_size: '', activewear_size: '' });
    view({ me: shopper('a@b.in') });
    await waitFor(() => expect(screen.getByRole('radio', { name: '36B, suggested' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('Suggested')).toBeTruthy();
  });

  it('auto-selects a lone FREE-SIZE after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    view({ sizes: plain(sizeFixture('FREE-SIZE', 4, { urgency_message: '' })) });
    const only = screen.getByRole('radio', { name: 'FREE-SIZE' });
    act(() => vi.advanceTimersByTime(450));
    expect(only.getAttribute('aria-checked')).toBe('false');
    act(() => vi.advanceTimersByTime(100));
    expect(only.getAttribute('aria-checked')).toBe('true');
  });

  it('guests who tap the heart are asked to log in, with a way back here', async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please log in' }, { timeout: 5000 });
    expect(within(dialog).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?next=%2Fproduct%2Fpadded-t-shirt-bra-black-12',
    );
    expect(calls('POST', '/api/v3/wishlist/').length).toBe(0);
  });

  it('logged-in shoppers toggle the wishlist; the heart follows the answer', async () => {
    routes['POST /api/v3/wishlist/'] = () => json({ status: 'success', in_wishlist: true, wishlist_count: 3 });
    const props = view({ me: shopper(null) });
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(props.onWishlistChanged).toHaveBeenCalledWith(3));
    expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(String(calls('POST', '/api/v3/wishlist/')[0]![1]!.body))).toEqual([
      { product: 12, child_product: null, first_combo_size: null, second_combo_size: null, multi_combo_size: null },
    ]);
    await waitFor(() =>
      expect(calls('POST', '/get-event-data/').some(([, i]) => decodeURIComponent(String(i!.body)).includes('"added_to_wishlist"'))).toBe(
        true,
      ),
    );
  });

  it("a full wishlist: the server's message as it is, and the heart stays empty", async () => {
    const full = 'Your wishlist is full (200 items). Please remove something first.';
    routes['POST /api/v3/wishlist/'] = () => json({ error: 'wishlist_full', message: full }, 400);
    const props = view({ me: shopper(null) });
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect((await screen.findByText(full)).closest('#toast-warning')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).getAttribute('aria-pressed')).toBe('false');
    expect(props.onWishlistChanged).not.toHaveBeenCalled();
  });

  it('the heart reflects product.is_in_wishlist', () => {
    view({ product: productFixture({ is_in_wishlist: true }), me: shopper(null) });
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
  });

  it('opens the size chart in a modal with an In/Cm toggle', async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: /size chart/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Find your Size' }, { timeout: 5000 });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/size-charts/bra-in.svg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cm' }));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/size-charts/bra-cm.svg');
  });

  it('the bra size calculator (BR SKUs) works out a size and can choose it', async () => {
    view({ sizes: plain(sizeFixture('32B', 3), sizeFixture('34C', 2)) });
    fireEvent.click(screen.getByRole('button', { name: /bra size calculator/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Bra Size Calculator' }, { timeout: 5000 });
    // The size chart's 34C row: under-bust 30.5 in, bust 37 in.
    fireEvent.change(within(dialog).getByLabelText('Under-bust (inches)'), { target: { value: '30.5' } });
    fireEvent.change(within(dialog).getByLabelText('Bust (inches)'), { target: { value: '37' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Calculate my size' }));
    expect(within(dialog).getByTestId('bra-size-result').textContent).toContain('34C');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select 34C' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bra Size Calculator' })).toBeNull());
    expect(screen.getByRole('radio', { name: '34C, 2 left' }).getAttribute('aria-checked')).toBe('true');
  });

  it('pushes view_item to the data layer and records product_viewed once', async () => {
    view();
    await waitFor(() => expect(calls('POST', '/get-event-data/').length).toBe(1));
    const [, init] = calls('POST', '/get-event-data/')[0]!;
    const headers = init!.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-CSRFToken']).toBe('tok123');
    const form = new URLSearchParams(String(init!.body));
    expect(JSON.parse(form.get('data')!)).toEqual({
      event_name: 'product_viewed',
      product_id: 12,
      source: 'pdp',
      cart_updated: false,
      request_device: 'dt',
    });
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
    const event = window.dataLayer!.find((e) => e.event === 'view_item') as { ecommerce: { currency: string; value: number } };
    expect(event.ecommerce.currency).toBe('INR');
    expect(event.ecommerce.value).toBe(799);
    // once: nothing follows the first send
    await new Promise((done) => setTimeout(done, 30));
    expect(calls('POST', '/get-event-data/').length).toBe(1);
    expect(window.dataLayer!.filter((e) => e.event === 'view_item').length).toBe(1);
  });

  it("StrictMode's second mount still records product_viewed once", async () => {
    wrap(<ProductView {...viewProps()} />, undefined, { strict: true });
    await waitFor(() => expect(calls('POST', '/get-event-data/').length).toBe(1));
    await new Promise((done) => setTimeout(done, 30));
    expect(calls('POST', '/get-event-data/').length).toBe(1);
    expect(window.dataLayer!.filter((e) => e.event === 'view_item').length).toBe(1);
  });

  it('sends no product_viewed for a page left before the event task runs', async () => {
    const { unmount } = wrap(<ProductView {...viewProps()} />);
    unmount();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls('POST', '/get-event-data/')).toEqual([]);
    expect(window.dataLayer?.some((e) => e.event === 'view_item') ?? false).toBe(false);
  });

  it('shows a running timer and the offers, truncated', async () => {
    const timer = timerFixture();
    routes['GET /bp_pp_product_details_page/'] = () =>
      json({
        offer_msg_dict_ajax: {
          o1: {
            offertype: 2,
            msg: 'Buy any 3 bras and get the 4th free',
            count: 3,
            qty: 3,
            offer_applied: true,
            url: '/offer/x',
            message: '',
          },
        },
      });
    view({ timer });
    const banner = screen.getByTestId('timer');
    expect(banner.textContent).toContain('Sale ends in');
    expect(within(banner).queryByText('Days')).toBeNull();
    const offer = await screen.findByTestId('offers');
    expect(offer.textContent).toContain('Buy any 3 bras and get t…');
    // a phone shows no tooltip: the whole offer is written out under the cut headline
    expect(within(offer).getByTestId('offer-full').textContent).toBe('Buy any 3 bras and get the 4th free');
    expect(within(offer).getByRole('link').getAttribute('href')).toBe('/view-cart/');
  });

  it('share: copy the link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    view();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share By' }, { timeout: 5000 });
    expect(
      within(dialog)
        .getByRole('link', { name: /whatsapp/i })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/\?text=/);
    fireEvent.click(within(dialog).getByRole('button', { name: /copy link/i }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/padded-t-shirt-bra-black-12`));
    expect(await within(dialog).findByText('Link copied')).toBeTruthy();
    await waitFor(() =>
      expect(calls('POST', '/get-event-data/').some(([, i]) => decodeURIComponent(String(i!.body)).includes('Share_product'))).toBe(true),
    );
  });

  it('the full-screen gallery opens, zooms within 1–8 and closes', async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: 'View images full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Padded T-shirt Bra' }, { timeout: 5000 });
    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    expect(within(dialog).getByTestId('zoom-level').textContent).toBe('1×');
    for (let i = 0; i < 5; i++) fireEvent.click(zoomIn);
    expect(within(dialog).getByTestId('zoom-level').textContent).toBe('8×');
    expect(zoomIn).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('below the fold', () => {
  /** An IntersectionObserver that says an element is in view only when the test says so. */
  function watchedPlaces() {
    const watched: { el: Element; margin: string | undefined; cb: IntersectionObserverCallback; self: IntersectionObserver }[] = [];
    class FakeObserver {
      constructor(
        private cb: IntersectionObserverCallback,
        private options?: IntersectionObserverInit,
      ) {}
      observe(el: Element) {
        watched.push({ el, margin: this.options?.rootMargin, cb: this.cb, self: this as unknown as IntersectionObserver });
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return {
      margin: (el: Element) => watched.find((w) => w.el === el)?.margin,
      comeNear: (el: Element) =>
        act(() => {
          for (const w of watched.filter((x) => x.el === el)) w.cb([{ isIntersecting: true } as IntersectionObserverEntry], w.self);
        }),
    };
  }

  it('mounts the recommendations only once the quantity selector scrolls into view', () => {
    const places = watchedPlaces();
    view({ belowFold: <p>Similar Products</p> });
    expect(screen.queryByText('Similar Products')).toBeNull();
    places.comeNear(screen.getByTestId('quantity').closest('.pdp-buy')!);
    expect(screen.getByText('Similar Products')).toBeTruthy();
  });

  it('draws the ratings and reviews only once the shopper is within a screen of their place (issue 14)', () => {
    const places = watchedPlaces();
    view({ reviews: <p>Reviews here</p> });
    const place = document.getElementById('ratings')!;
    // the rating pill's link lands here before anything is drawn in it
    expect(place).toBeTruthy();
    expect(screen.queryByText('Reviews here')).toBeNull();
    expect(places.margin(place)).toBe('100% 0px');
    places.comeNear(place);
    expect(place.textContent).toBe('Reviews here');
  });
});

describe("the app's first page (issue 14, blocking time)", () => {
  afterEach(endFirstPage);

  it('draws the buy bar first, and the policies, details and ratings under it a frame later', async () => {
    beginFirstPage();
    view({ reviews: <p>Reviews here</p> });
    expect(screen.getByTestId('buy-bar')).toBeTruthy();
    expect(screen.queryByTestId('policy-strip')).toBeNull();
    expect(screen.queryByText('Reviews here')).toBeNull();
    expect(await screen.findByTestId('policy-strip')).toBeTruthy();
    // the ratings' place is drawn with the policies; what is in it one render later, once it is seen
    // near (at once here: jsdom has no IntersectionObserver)
    expect(await screen.findByText('Reviews here')).toBeTruthy();
  });

  it('draws any later product page whole', () => {
    beginFirstPage();
    endFirstPage();
    view({ reviews: <p>Reviews here</p> });
    expect(screen.getByTestId('policy-strip')).toBeTruthy();
    expect(screen.getByText('Reviews here')).toBeTruthy();
  });
});

describe('notify-me', () => {
  const soldOutSizes = () => plain(sizeFixture('32B', 3), sizeFixture('34B', 0));

  it('validates e-mail and phone for guests, then requests the size', async () => {
    let asked: URL | null = null;
    routes['GET /addproductrequest/'] = (url) => {
      asked = url;
      return json({ result: 'success', message: 'We will let you know when 34B is back.' });
    };
    view({ sizes: soldOutSizes() });
    fireEvent.click(screen.getByRole('button', { name: /request your size/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your size' }, { timeout: 5000 });
    const submit = within(dialog).getByRole('button', { name: /notify me/i });
    expect(submit).toHaveProperty('disabled', false); // the one sold-out size is preselected
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'asha@' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '98a76-54321099' } });
    expect((within(dialog).getByLabelText('Phone') as HTMLInputElement).value).toBe('9876543210');
    fireEvent.click(submit);
    // under the field it is about, not in a toast over it
    const email = within(dialog).getByLabelText('E-mail');
    const message = within(dialog).getByText('Provide a valid email address');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(email.parentElement!.contains(message)).toBe(true);
    expect(document.activeElement).toBe(email);
    expect(document.getElementById('toast-warning')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByTestId('notify-success')).toBeTruthy();
    expect(Object.fromEntries(asked!.searchParams)).toEqual({
      csrfmiddlewaretoken: 'tok123',
      productname: '12',
      email: 'asha@example.com',
      phone: '9876543210',
      size: '34B',
    });
  });

  it('closes 2 s after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes['GET /addproductrequest/'] = () => json({ result: 'success', message: 'Noted.' });
    view({ sizes: soldOutSizes(), me: shopper('asha@example.com') });
    fireEvent.click(screen.getByRole('button', { name: /request your size/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your size' }, { timeout: 5000 });
    expect(within(dialog).queryByLabelText('E-mail')).toBeNull();
    expect(within(dialog).getByText('asha@example.com')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /notify me/i }));
    await within(dialog).findByTestId('notify-success');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('dialog', { name: 'Request your size' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request your size' })).toBeNull());
  });

  it("a result 'error' is said in the sheet above the button, covering nothing; editing clears it", async () => {
    routes['GET /addproductrequest/'] = () => json({ result: 'error', message: 'This size is back in stock.' });
    view({ sizes: soldOutSizes(), me: shopper('asha@example.com') });
    fireEvent.click(screen.getByRole('button', { name: /request your size/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your size' }, { timeout: 5000 });
    const submit = within(dialog).getByRole('button', { name: /notify me/i });
    fireEvent.click(submit);
    const refusal = await within(dialog).findByTestId('notify-refusal');
    expect(refusal.textContent).toBe('This size is back in stock.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.nextElementSibling).toBe(submit);
    expect(submit.getAttribute('aria-describedby')).toBe(refusal.id);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.getElementById('toast-warning')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Size'), { target: { value: '34B' } });
    expect(within(dialog).queryByTestId('notify-refusal')).toBeNull();
  });

  it("the server's refusal of the phone or e-mail goes under that field; a failed call above the button", async () => {
    let answer = () => json({ result: 'error', message: 'Please enter your 10 digit phone number' });
    routes['GET /addproductrequest/'] = () => answer();
    view({ sizes: soldOutSizes() });
    fireEvent.click(screen.getByRole('button', { name: /request your size/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your size' }, { timeout: 5000 });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '9876543210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /notify me/i }));
    const phone = within(dialog).getByLabelText('Phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter your 10 digit phone number');
    expect(within(dialog).queryByTestId('notify-refusal')).toBeNull();
    expect(document.getElementById('toast-warning')).toBeNull();

    answer = () => json({ error: 'rate_limited', message: 'We have had many requests like this. Please try again later.' }, 429);
    fireEvent.click(within(dialog).getByRole('button', { name: /notify me/i }));
    expect((await within(dialog).findByTestId('notify-refusal')).textContent).toBe(
      'We have had many requests like this. Please try again later.',
    );
    expect(document.getElementById('toast-warning')).toBeNull();
  });

  it('the button stays disabled until a size is chosen', async () => {
    view({ sizes: plain(sizeFixture('32B', 0), sizeFixture('34B', 0)) });
    fireEvent.click(within(screen.getByTestId('out-of-stock')).getByRole('button', { name: /notify me/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your size' }, { timeout: 5000 });
    const submit = within(dialog).getByRole('button', { name: /notify me/i });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Size'), { target: { value: '32B' } });
    expect(submit).toHaveProperty('disabled', false);
  });
});
