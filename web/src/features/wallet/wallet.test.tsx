// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, Wallet, WalletEntry } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { WalletPage } from './components/WalletPage';
import { ledgerDate, spokenAmount } from './wallet';
import { meFixture } from '@/test/fixtures';

const guest: Me = meFixture();
const shopper: Me = {
  is_authenticated: true,
  user: { id: 7, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

/** Midday in India on the given day (UTC+05:30). */
const istNoon = (iso: string) => Date.parse(`${iso}T12:00:00+05:30`);

const entry = (over: Partial<WalletEntry>): WalletEntry => ({
  id: 1,
  amount: 50_000,
  amount_ui: '+₹500',
  kind: 'credit',
  label: 'Added by Drape',
  note: '',
  created_at: istNoon('2026-11-20'),
  ...over,
});

// as the server sends them: newest first; the balance is the sum of every entry
const ledger: WalletEntry[] = [
  entry({
    id: 3,
    amount: 12_050,
    amount_ui: '+₹120.50',
    kind: 'refund',
    label: 'Refund',
    note: 'Order DR1042 cancelled',
    created_at: istNoon('2026-11-23'),
  }),
  entry({
    id: 2,
    amount: -12_050,
    amount_ui: '−₹120.50',
    kind: 'order_payment',
    label: 'Paid for an order',
    note: 'Order DR1042',
    created_at: istNoon('2026-11-22'),
  }),
  entry({
    id: 1,
    amount: 50_000,
    amount_ui: '+₹500',
    kind: 'credit',
    label: 'Added by Drape',
    note: 'Sorry for the delay',
    created_at: istNoon('2026-09-05'),
  }),
];
const walletOf = (entries: WalletEntry[], paise: number, ui: string): Wallet => ({ walletAmount: paise, walletAmount_ui: ui, entries });

const rows = () => screen.getAllByTestId('wallet-entry');
/** What the eye reads (the aria-hidden text) and what a screen reader says (the visually hidden text). */
const amountOf = (row: HTMLElement) => {
  const amount = within(row).getByTestId('wallet-entry-amount');
  return {
    shown: amount.querySelector('[aria-hidden="true"]')!.textContent,
    spoken: amount.querySelector('.visually-hidden')!.textContent,
  };
};

function renderWallet() {
  return renderWithProviders(<WalletPage />, { route: '/account/wallet' });
}

describe('ledger rules', () => {
  it('dates are India’s day, written 23 Nov 2026', () => {
    expect(ledgerDate(istNoon('2026-11-23'))).toEqual({ text: '23 Nov 2026', iso: '2026-11-23' });
    // 20:00 UTC on 22 Nov is 01:30 on 23 Nov in India
    expect(ledgerDate(Date.parse('2026-11-22T20:00:00Z')).text).toBe('23 Nov 2026');
    expect(ledgerDate(Date.parse('2026-12-31T18:29:59Z')).text).toBe('31 Dec 2026');
    expect(ledgerDate(Date.parse('2026-12-31T18:30:00Z'))).toEqual({ text: '1 Jan 2027', iso: '2027-01-01' });
    expect(ledgerDate(istNoon('2026-09-05')).text).toBe('5 Sep 2026');
  });

  it('amounts are said with plus and minus; the balance plainly', () => {
    expect(spokenAmount(50_000, '+₹500', { signed: true })).toBe('plus ₹500');
    expect(spokenAmount(-12_050, '−₹120.50', { signed: true })).toBe('minus ₹120.50');
    expect(spokenAmount(-12_050, '-₹120.50', { signed: true })).toBe('minus ₹120.50');
    expect(spokenAmount(37_950, '₹379.50', { signed: false })).toBe('₹379.50');
    expect(spokenAmount(0, '₹0', { signed: false })).toBe('₹0');
    expect(spokenAmount(-500, '-₹5', { signed: false })).toBe('minus ₹5');
  });
});

describe('<WalletPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('guests are asked to log in and come back to /account/wallet', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderWallet();
    const panel = await screen.findByTestId('wallet-login');
    expect(within(panel).getByRole('heading', { name: 'Your wallet' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount%2Fwallet');
    expect(within(panel).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.url.pathname === '/api/v1/wallet/')).toBe(false);
  });

  it('a 401 from the wallet (the session ended) is the login panel too', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/wallet/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401),
    });
    renderWallet();
    expect(await screen.findByTestId('wallet-login')).toBeTruthy();
  });

  it('shows the balance, how it is used, and the ledger newest first with signed, coloured amounts', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/wallet/': () => json(walletOf(ledger, 37_950, '₹379.50')) });
    renderWallet();
    const balance = await screen.findByTestId('wallet-balance');
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(within(balance).getByRole('heading', { name: 'Wallet balance' })).toBeTruthy();
    const amount = within(balance).getByTestId('wallet-amount');
    expect(amount.querySelector('[aria-hidden="true"]')!.textContent).toBe('₹379.50');
    expect(amount.querySelector('.visually-hidden')!.textContent).toBe('₹379.50');
    expect(balance.textContent).toContain(
      'Credits from Drape are kept here, each with its reason. Paying with your wallet comes with checkout.',
    );

    expect(rows()).toHaveLength(3);
    const [refund, payment, credit] = rows();
    expect(rows().map((r) => within(r).getByTestId('wallet-entry-label').textContent)).toEqual([
      'Refund',
      'Paid for an order',
      'Added by Drape',
    ]);

    expect(within(refund!).getByTestId('wallet-entry-note').textContent).toBe('Order DR1042 cancelled');
    expect(within(refund!).getByTestId('wallet-entry-date').textContent).toBe('23 Nov 2026');
    expect(within(refund!).getByTestId('wallet-entry-date').getAttribute('datetime')).toBe('2026-11-23');
    expect(amountOf(refund!)).toEqual({ shown: '+₹120.50', spoken: 'plus ₹120.50' });
    expect(refund!.className).toContain('wt-entry--in');

    expect(within(payment!).getByTestId('wallet-entry-date').textContent).toBe('22 Nov 2026');
    expect(amountOf(payment!)).toEqual({ shown: '−₹120.50', spoken: 'minus ₹120.50' });
    expect(payment!.className).toContain('wt-entry--out');

    expect(within(credit!).getByTestId('wallet-entry-note').textContent).toBe('Sorry for the delay');
    expect(within(credit!).getByTestId('wallet-entry-date').textContent).toBe('5 Sep 2026');
    expect(amountOf(credit!)).toEqual({ shown: '+₹500', spoken: 'plus ₹500' });
    expect(credit!.className).toContain('wt-entry--in');

    // the ledger is a list: a screen reader hears each entry as one item, the amount with its sign in words
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByTestId('wallet-empty')).toBeNull();
    expect(screen.queryByTestId('wallet-latest')).toBeNull();
  });

  it('an entry without a note shows no empty line', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/wallet/': () => json(walletOf([entry({ note: '' })], 50_000, '₹500')) });
    renderWallet();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).queryByTestId('wallet-entry-note')).toBeNull();
  });

  it('an empty wallet shows ₹0 and the empty state', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/wallet/': () => json(walletOf([], 0, '₹0')) });
    renderWallet();
    const empty = await screen.findByTestId('wallet-empty');
    expect(within(empty).getByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
    expect(screen.getByTestId('wallet-amount').textContent).toContain('₹0');
    expect(screen.queryByTestId('wallet-entries')).toBeNull();
  });

  it('a full page of 100 entries says it shows the latest 100', async () => {
    const many = Array.from({ length: 100 }, (_, i) => entry({ id: 100 - i, created_at: istNoon('2026-11-20') - i * 60_000 }));
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/wallet/': () => json(walletOf(many, 5_000_000, '₹50,000')) });
    renderWallet();
    expect((await screen.findByTestId('wallet-latest')).textContent).toBe('Showing your latest 100 transactions.');
    expect(rows()).toHaveLength(100);
  });

  it('a failure says so, and Try again loads the wallet', async () => {
    let fail = true;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/wallet/': () =>
        fail ? json({ error: 'internal', message: 'Something Went Wrong' }, 500) : json(walletOf(ledger, 37_950, '₹379.50')),
    });
    renderWallet();
    const error = await screen.findByTestId('wallet-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('We couldn’t load your wallet. Something Went Wrong');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('wallet-error')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/v1/wallet/')).toHaveLength(2);
  });
});
