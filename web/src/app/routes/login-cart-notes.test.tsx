// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartNotesOf, cartNotesState } from '@/features/auth/cart-notes';
import type { Me } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { AppLayout } from '../layout/AppLayout';
import { LoginRoute } from './login';
import { meFixture } from '@/test/fixtures';

// The login answer's cart_notes (what of the guest's bag did not fit) on the page the shopper lands on.

const guest: Me = meFixture();
const user = { id: 1, mobile: '9876543210', email: null, name: '', is_superuser: false, can_see_unused_stock: false };
const NOTES = [
  '4 pieces of Everyday Padded T-Shirt Bra (34B) from before you logged in were left out: you can buy at most 5 of this product.',
  '1 piece of Lace Bralette (36D) from before you logged in was left out: it is sold out in that size.',
];

function logInWith(cartNotes: string[], route: string) {
  serve({
    'GET /api/v1/me/': () => json(guest),
    'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
    'POST /api/v1/auth/otp/': () => json({ message: 'OTP sent to ******3210', resend_in: 30 }),
    'POST /api/v1/auth/login/': () => json({ user, cart_notes: cartNotes }),
  });
  renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<p>The home page</p>} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="view-cart" element={<p>The cart</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

async function submitOtp() {
  fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
  fireEvent.change(await screen.findByLabelText('Enter OTP'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
}

describe('login: cart notes', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
    // AppLayout scrolls each new page to the top; jsdom has no scrolling
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every note at the top of the cart page the shopper returns to, until dismissed', async () => {
    logInWith(NOTES, '/login?next=%2Fview-cart%2F');
    await submitOtp();
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/auth/login/')).toBe(true);
    const panel = screen.getByTestId('cart-notes');
    expect(panel.getAttribute('role')).toBe('alert');
    expect(within(panel).getByText('Some items from before you logged in are not in your cart')).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NOTES);
    // on the cart page already: no link to it
    expect(within(panel).queryByRole('link', { name: 'View cart' })).toBeNull();
    // above the page's own content, inside main
    const main = document.getElementById('main')!;
    expect(main.firstElementChild).toBe(panel);
    // it stays: the login toast goes after 5 s, the notes do not
    expect(document.getElementById('toast-success')?.textContent).toContain('You are now logged in');

    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss this notice' }));
    await waitFor(() => expect(screen.queryByTestId('cart-notes')).toBeNull());
    expect(screen.getByText('The cart')).toBeTruthy();
    expect(document.activeElement).toBe(main);
  });

  it('elsewhere (the default next is home) the notes link to the cart', async () => {
    logInWith(NOTES.slice(0, 1), '/login');
    await submitOtp();
    expect(await screen.findByText('The home page')).toBeTruthy();
    const panel = screen.getByTestId('cart-notes');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/view-cart/');
  });

  it('shows nothing when everything fit', async () => {
    logInWith([], '/login?next=%2Fview-cart%2F');
    await submitOtp();
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(screen.queryByTestId('cart-notes')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('history state is checked, not trusted', () => {
    expect(cartNotesState([])).toBeUndefined();
    expect(cartNotesState(['', '  '])).toBeUndefined();
    expect(cartNotesState(['a'])).toEqual({ cartNotes: ['a'] });
    expect(cartNotesOf(null)).toEqual([]);
    expect(cartNotesOf({ colourSwap: true })).toEqual([]);
    expect(cartNotesOf({ cartNotes: 'not a list' })).toEqual([]);
    expect(cartNotesOf({ cartNotes: ['a', 3, ''] })).toEqual(['a']);
  });
});
