// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, Me } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve, testClient } from '@/test/fake-api';
import { cartKeys } from './api/keys';
import { viewCartInfoQueryOptions } from './api/get-view-cart-info';
import { attrFixture, cartFixture, lineFixture } from './cart.fixtures';
import { CartPage } from './components/CartPage';

const guest: Me = {
  is_authenticated: false,
  user: null,
  wishlistCount: 0,
  cartCount: 2,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

const base = {
  'GET /api/v1/me/': () => json(guest),
  'GET /get/view-cart-info/': () => json({ cart_id: 7, cart_quantity: 2 }),
  'GET /api/v3/carts/7/last-minute-deals/': () => json({ deals: [] }),
  'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 2 }),
  'POST /get-event-data/': () => json({ product: null, cart: null }),
};

function renderCart() {
  return renderWithProviders(<CartPage />, { route: '/view-cart/' }).client;
}

describe('<CartPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('no cart: the empty panel with Continue shopping, and no cart_viewed event', async () => {
    serve({ ...base, 'GET /get/view-cart-info/': () => json({ cart_id: null, cart_quantity: 0 }) });
    renderCart();
    const panel = await screen.findByTestId('cart-empty');
    expect(within(panel).getByText('Your cart is empty')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.url.pathname === '/get-event-data/')).toBe(false);
  });

  const infoReads = () => calls.filter((c) => c.url.pathname === '/get/view-cart-info/').length;

  it('the cart id read just before the page is drawn (app/first-data.ts) is not read again as the page mounts', async () => {
    serve({ ...base, 'GET /get/view-cart-info/': () => json({ cart_id: null, cart_quantity: 0 }) });
    const client = testClient();
    await client.prefetchQuery(viewCartInfoQueryOptions());
    expect(infoReads()).toBe(1);
    renderWithProviders(<CartPage />, { route: '/view-cart/', client });
    await screen.findByTestId('cart-empty');
    await new Promise((r) => setTimeout(r, 50));
    expect(infoReads()).toBe(1);
  });

  it('a cart id read earlier is read again as the page mounts', async () => {
    serve({ ...base, 'GET /get/view-cart-info/': () => json({ cart_id: null, cart_quantity: 0 }) });
    const client = testClient();
    client.setQueryData(cartKeys.info, { cart_id: 7, cart_quantity: 2 }, { updatedAt: Date.now() - 5_000 });
    renderWithProviders(<CartPage />, { route: '/view-cart/', client });
    await waitFor(() => expect(infoReads()).toBe(1));
    await screen.findByTestId('cart-empty');
  });

  it('records cart_viewed once, as an ajax form post, and shows the summary', async () => {
    serve({ ...base, 'GET /api/v4/carts-new/7': () => json(cartFixture()) });
    renderCart();
    expect((await screen.findAllByTestId('cart-line')).length).toBe(2);
    expect(screen.getByTestId('summary-total').textContent).toBe('₹1,499');
    expect(screen.getByTestId('you-save').textContent).toBe('You save ₹801 on this order');
    const bar = screen.getByTestId('checkout-bar');
    expect(within(bar).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout/');
    const events = () =>
      calls
        .filter((c) => c.url.pathname === '/get-event-data/')
        .map((c) => JSON.parse(new URLSearchParams(String(c.init.body)).get('data')!));
    // cart_viewed, then view cart_item_1 and _2 for the two lines shown, in order (spec 000 §7, §9)
    await waitFor(() => expect(events()).toHaveLength(3));
    expect(events().filter((e) => e.event_name === 'cart_viewed')).toEqual([
      { event_name: 'cart_viewed', cart_id: 7, source: 'cart', cart_updated: false, request_device: 'dt' },
    ]);
    const lines = cartFixture().cart_items;
    expect(events().filter((e) => e.event_name.startsWith('view cart_item_'))).toEqual(
      lines.map((l, i) => ({
        event_name: `view cart_item_${i + 1}`,
        product_id: l.product_detail.id,
        cart_id: 7,
        source: 'cart',
        cart_updated: false,
        request_device: 'dt',
      })),
    );
    const event = calls.find((c) => c.url.pathname === '/get-event-data/')!;
    expect((event.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('every quantity change sends cart_updated', async () => {
    serve({
      ...base,
      'GET /api/v4/carts-new/7': () => json(cartFixture({ cart_items: [lineFixture({ quantity: 1, rem_quantity: 4 })] })),
      'PATCH /api/v4/cart-items-new/1/': () => json(cartFixture({ cart_items: [lineFixture({ quantity: 2, rem_quantity: 3 })] })),
    });
    renderCart();
    const line = await screen.findByTestId('cart-line');
    fireEvent.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/get-event-data/')
          .map((c) => JSON.parse(new URLSearchParams(String(c.init.body)).get('data')!))
          .filter((e) => e.event_name === 'cart_updated'),
      ).toEqual([{ event_name: 'cart_updated', product_id: 1, cart_id: 7, source: 'cart', cart_updated: true, request_device: 'dt' }]),
    );
  });

  it('a refused quantity rolls back and shows the server message', async () => {
    let patched: unknown = null;
    let answer!: (r: Response) => void;
    serve({
      ...base,
      'GET /api/v4/carts-new/7': () => json(cartFixture({ cart_items: [lineFixture({ quantity: 1, rem_quantity: 4 })] })),
      'PATCH /api/v4/cart-items-new/1/': (_u, init) => {
        patched = JSON.parse(String(init.body));
        return new Promise<Response>((r) => (answer = r));
      },
    });
    renderCart();
    const line = await screen.findByTestId('cart-line');
    fireEvent.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    // optimistic: the new quantity shows before the server answers
    expect(await within(line).findByLabelText('Quantity 2')).toBeTruthy();
    await waitFor(() => expect(patched).toEqual({ quantity: 2 }));
    answer(json({ error: 'invalid_field', message: 'Only 1 left in this size' }, 400));
    expect(await within(line).findByText('Only 1 left in this size')).toBeTruthy();
    expect(within(line).getByLabelText('Quantity 1')).toBeTruthy();
  });

  it("a line below its own stock whose product is at its cap in other sizes: + is off with 'No more available'", async () => {
    // max_cart_items 5 over the product: 1 × 34B + 4 × 34C; 34B alone still has 5 in stock
    const capped = [
      lineFixture({ id: 1, size: '34B', quantity: 1, rem_quantity: 0, stock: { status: 1, available: 5 } }),
      lineFixture({ id: 2, size: '34C', quantity: 4, rem_quantity: 0, stock: { status: 1, available: 5 } }),
      lineFixture({
        id: 3,
        size: 'M',
        quantity: 1,
        rem_quantity: 3,
        product_detail: { ...lineFixture().product_detail, id: 9, name: 'Cotton Hipster' },
      }),
    ];
    serve({
      ...base,
      'GET /api/v4/carts-new/7': () => json(cartFixture({ cart_items: capped })),
      'PATCH /api/v4/cart-items-new/1/': () => json(cartFixture({ cart_items: capped })),
    });
    renderCart();
    const [first, , other] = await screen.findAllByTestId('cart-line');
    const plus = within(first!).getByRole('button', { name: 'Increase quantity' });
    expect(within(first!).getByLabelText('Quantity 1')).toBeTruthy();
    expect(plus).toHaveProperty('disabled', true);
    const hint = within(first!).getByTestId('quantity-limit');
    expect(hint.textContent).toBe('No more available');
    expect(plus.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(plus);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(within(first!).getByRole('button', { name: 'Decrease quantity' })).toHaveProperty('disabled', true);
    // another product with room: + works and says nothing
    const otherPlus = within(other!).getByRole('button', { name: 'Increase quantity' });
    expect(otherPlus).toHaveProperty('disabled', false);
    expect(otherPlus.hasAttribute('aria-describedby')).toBe(false);
    expect(within(other!).queryByTestId('quantity-limit')).toBeNull();
  });

  it('a refused coupon shows the reason under the field; an accepted one shows code and discount', async () => {
    const withCoupon: Cart = cartFixture({
      cart_attr: attrFixture({
        coupon_code: 'BRA15',
        coupon_discount: 22485,
        coupon_discount_ui: '₹224.85',
        total: 127415,
        total_ui: '₹1,274.15',
      }),
    });
    serve({
      ...base,
      'GET /api/v4/carts-new/7': (u, init) => {
        const code = u.searchParams.get('coupon_code');
        // as the server does: a GET that asks a change needs the CSRF header
        if (code && (init.headers as Record<string, string>)['X-CSRFToken'] !== 'tok123') {
          return json({ error: 'csrf_failed', message: 'Your security token is missing or does not match.' }, 403);
        }
        if (code === 'SUMMER50') return json({ error: 'invalid_field', message: 'This coupon has expired.' }, 400);
        if (code === 'BRA15') return json(withCoupon);
        return json(cartFixture());
      },
    });
    renderCart();
    const input = await screen.findByTestId('coupon-input');
    fireEvent.change(input, { target: { value: 'summer50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('coupon-error')).textContent).toBe('This coupon has expired.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹1,499');

    fireEvent.change(input, { target: { value: 'BRA15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const applied = await screen.findByTestId('coupon-applied');
    expect(applied.textContent).toContain('BRA15');
    expect(applied.textContent).toContain('You save ₹224.85');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹1,274.15');
    expect(screen.getByTestId('cart-total').textContent).toBe('₹1,274.15');
  });

  it('out of stock: greyed line and banner; guests are asked to log in to move; Remove is one step', async () => {
    const oosLine = lineFixture({
      id: 2,
      size: '36D',
      stock: { status: 0, available: 0 },
      product_detail: { ...lineFixture().product_detail, id: 5, name: 'Lace Bralette' },
    });
    let removed: URL | null = null;
    serve({
      ...base,
      'GET /api/v4/carts-new/7': () => json(cartFixture({ cart_items: [lineFixture(), oosLine] })),
      'DELETE /api/v4/carts-new/7/delete-oos-cart-items/': (u) => {
        removed = u;
        return json(cartFixture({ cart_items: [lineFixture()] }));
      },
    });
    renderCart();
    const banner = await screen.findByTestId('oos-banner');
    expect(within(banner).getByText('Some items are out of stock')).toBeTruthy();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines[1]!.className).toContain('cart-line--oos');
    expect(within(lines[1]!).getAllByText('Out of stock').length).toBeGreaterThan(0);
    expect(within(lines[1]!).queryByRole('button', { name: 'Increase quantity' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: /Move to wishlist/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Please log in' });
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fview-cart%2F');
    expect(removed).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(banner).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('oos-banner')).toBeNull());
    expect(removed!.searchParams.get('product_ids')).toBe('5');
    expect(removed!.searchParams.has('isWishList')).toBe(false);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it('gift wrap: a 400 is shown as the answer, not thrown away', async () => {
    serve({
      ...base,
      'GET /api/v4/carts-new/7': () => json(cartFixture()),
      'POST /api/v4/carts-new/7/gift-wrap/': () =>
        json({ error: 'bad_request', message: 'Gift wrap is not available for this cart.' }, 400),
    });
    renderCart();
    const wrap = await screen.findByTestId('gift-wrap');
    const toggle = within(wrap).getByRole('switch', { name: 'Gift wrap this order' });
    fireEvent.click(toggle);
    expect(await within(wrap).findByText('Gift wrap is not available for this cart.')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('upgrade offers: a reachable rung is taken with upgrade_selected_option, and removed with 0', async () => {
    const options = [
      {
        id: 4,
        title: '₹100 off orders of ₹1,299',
        min_value: 129900,
        min_value_ui: '₹1,299',
        discount: 10000,
        discount_ui: '₹100',
        unlocked: true,
        amount_short: 0,
        selected: false,
      },
      {
        id: 5,
        title: '₹300 off orders of ₹2,499',
        min_value: 249900,
        min_value_ui: '₹2,499',
        discount: 30000,
        discount_ui: '₹300',
        unlocked: false,
        amount_short: 100000,
        selected: false,
      },
    ];
    const plain = cartFixture({
      upgrade_offer_values: { offer_upgrade_message: '', selected_option: null, selected_message: '', options },
    });
    const taken = cartFixture({
      cart_attr: attrFixture({ upgrade_discount: 10000, upgrade_discount_ui: '₹100', total: 139900, total_ui: '₹1,399' }),
      upgrade_offer_values: {
        offer_upgrade_message: '',
        selected_option: 4,
        selected_message: '',
        options: options.map((o) => ({ ...o, selected: o.id === 4 })),
      },
    });
    const asked: (string | null)[] = [];
    serve({
      ...base,
      'GET /api/v4/carts-new/7': (u) => {
        const option = u.searchParams.get('upgrade_selected_option');
        if (option !== null) asked.push(option);
        return json(option === '4' ? taken : plain);
      },
    });
    renderCart();
    const card = await screen.findByTestId('upgrades');
    const rungs = within(card).getAllByTestId('upgrade-option');
    expect(rungs.map((r) => r.dataset.state)).toEqual(['available', 'locked']);
    expect(rungs[1]!.textContent).toContain('Add ₹1,000 more to unlock');
    fireEvent.click(within(rungs[0]!).getByRole('button', { name: 'Take ₹100 off orders of ₹1,299' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹1,399'));
    expect(within(screen.getByTestId('upgrades')).getAllByTestId('upgrade-option')[0]!.dataset.state).toBe('applied');
    fireEvent.click(within(screen.getByTestId('upgrades')).getByRole('button', { name: 'Remove ₹100 off orders of ₹1,299' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('₹1,499'));
    expect(asked).toEqual(['4', '0']);
  });

  it('a referral code opens on request; a refusal shows the reason, an accepted one names the partner', async () => {
    const referred = cartFixture({
      cart_attr: attrFixture({
        affiliation_code: 'RIYASTYLE',
        affiliate_name: "Riya's Style Notes",
        affiliate_discount: 7400,
        affiliate_discount_ui: '₹74',
        total: 142500,
        total_ui: '₹1,425',
      }),
    });
    serve({
      ...base,
      'GET /api/v4/carts-new/7': (u) => {
        const code = u.searchParams.get('affiliation_code');
        if (code === 'DIWALIPARTNER') return json({ error: 'invalid_field', message: 'This affiliation code has expired.' }, 400);
        return json(code === 'RIYASTYLE' ? referred : cartFixture());
      },
    });
    renderCart();
    fireEvent.click(await screen.findByTestId('referral-open'));
    const input = screen.getByTestId('referral-input');
    fireEvent.change(input, { target: { value: 'diwalipartner' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId('referral-error')).textContent).toBe('This affiliation code has expired.');
    fireEvent.change(input, { target: { value: 'riyastyle' } });
    fireEvent.submit(input.closest('form')!);
    const applied = await screen.findByTestId('referral-applied');
    expect(applied.textContent).toContain("Referred by Riya's Style Notes");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove referral code' })));
    expect(applied.textContent).toContain('You save ₹74');
    expect(screen.getByTestId('summary-total').textContent).toBe('₹1,425');
  });
});
