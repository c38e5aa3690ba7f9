// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyCoupon } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { minOrderText, usesLeftText } from './account';
import { callsTo, guest, shopper, toastText } from './account-fixtures';
import { CouponsPage } from './components/CouponsPage';

const coupon = (over: Partial<MyCoupon>): MyCoupon => ({
  code: 'WELCOME10',
  title: '10% off, up to ₹300',
  description: 'For your first order. Not valid on gift cards.',
  min_order: 99_900,
  min_order_ui: '₹999',
  ends_at: '2027-02-20T18:29:59Z',
  ends_ui: 'Valid till 20 Feb 2027',
  uses_left: 1,
  ...over,
});

const renderCoupons = () => renderWithProviders(<CouponsPage />, { route: '/account/coupons' });
const cards = () => screen.getAllByTestId('coupon');

describe('coupon terms', () => {
  it('minimum order and uses left read as a shopper says them', () => {
    expect(minOrderText({ min_order: 99_900, min_order_ui: '₹999' })).toBe('On orders of ₹999 or more');
    expect(minOrderText({ min_order: 0, min_order_ui: '₹0' })).toBe('No minimum order');
    expect(usesLeftText(1)).toBe('1 use left');
    expect(usesLeftText(3)).toBe('3 uses left');
    expect(usesLeftText(null)).toBeNull();
  });
});

describe('<CouponsPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a shopper sees each coupon with its code, terms, minimum order, expiry and uses left', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/my-coupons/': () =>
        json({
          coupons: [
            coupon({}),
            coupon({
              code: 'FLAT200',
              title: '₹200 off',
              description: '',
              min_order: 0,
              min_order_ui: '₹0',
              ends_ui: 'Valid till 1 Mar 2027',
              uses_left: null,
            }),
          ],
        }),
    });
    renderCoupons();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeTruthy();
    const [first, second] = cards();
    expect(within(first!).getByRole('heading', { name: '10% off, up to ₹300' })).toBeTruthy();
    expect(within(first!).getByTestId('coupon-code').textContent).toBe('WELCOME10');
    expect(within(first!).getByTestId('coupon-terms').textContent).toBe('For your first order. Not valid on gift cards.');
    expect(within(first!).getByTestId('coupon-min-order').textContent).toBe('On orders of ₹999 or more');
    expect(within(first!).getByTestId('coupon-ends').textContent).toBe('Valid till 20 Feb 2027');
    expect(within(first!).getByTestId('coupon-uses').textContent).toBe('1 use left');

    expect(within(second!).getByTestId('coupon-code').textContent).toBe('FLAT200');
    expect(within(second!).queryByTestId('coupon-terms')).toBeNull();
    expect(within(second!).getByTestId('coupon-min-order').textContent).toBe('No minimum order');
    expect(within(second!).queryByTestId('coupon-uses')).toBeNull();
    // a shopper is not told to log in
    expect(screen.queryByTestId('coupons-guest')).toBeNull();
  });

  it('Copy code puts the code on the clipboard and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/my-coupons/': () => json({ coupons: [coupon({})] }) });
    renderCoupons();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Copy code WELCOME10' }));
    await waitFor(() => expect(toastText('success')).toContain('Code WELCOME10 copied'));
    expect(writeText).toHaveBeenCalledWith('WELCOME10');
  });

  it('a copy that fails says so instead of claiming success', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = vi.fn(() => {
      throw new Error('not supported');
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/my-coupons/': () => json({ coupons: [coupon({})] }) });
    renderCoupons();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Copy code WELCOME10' }));
    await waitFor(() => expect(toastText('warning')).toContain('We couldn’t copy the code. Please type WELCOME10 in your bag.'));
    expect(toastText('success')).toBe('');
  });

  it('guests see the coupons open to everyone and a way to log in for theirs', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest), 'GET /api/v1/my-coupons/': () => json({ coupons: [coupon({ uses_left: null })] }) });
    renderCoupons();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const note = screen.getByTestId('coupons-guest');
    expect(within(note).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount%2Fcoupons');
    expect(callsTo('GET', '/api/v1/my-coupons/')).toHaveLength(1);
  });

  it('no coupons: the empty state', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/my-coupons/': () => json({ coupons: [] }) });
    renderCoupons();
    const empty = await screen.findByTestId('coupons-empty');
    expect(within(empty).getByRole('heading', { name: 'No coupons right now' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('coupons')).toBeNull();
  });

  it('a failure shows the server’s message, and Try again loads the coupons', async () => {
    let fail = true;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/my-coupons/': () =>
        fail
          ? json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500)
          : json({ coupons: [coupon({})] }),
    });
    renderCoupons();
    const error = await screen.findByTestId('coupons-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('We couldn’t load your coupons. Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.filter((c) => c.url.pathname === '/api/v1/my-coupons/')).toHaveLength(2);
  });
});
