// @vitest-environment jsdom
import { useMutation, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MainMenu, Me } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { COUNTS_CHANNEL, useCountsAcrossTabs } from './counts-across-tabs';
import MenuDrawer from './MenuDrawer';

const node = (id: number, name: string, slug: string, children: MainMenu['categories'] = []): MainMenu['categories'][number] => ({
  id,
  name,
  slug,
  parent_id: null,
  image: '',
  url: `/${slug}/`,
  product_count: 10,
  children,
});

const menu: MainMenu = {
  categories: [node(1, 'Bras', 'bras', [node(101, 'T-Shirt Bras', 't-shirt-bras')]), node(2, 'Nightwear', 'nightwear')],
  offers: [{ label: 'Any 2 T-shirt bras for ₹1,499', url: '/t-shirt-bras/' }],
  account: [
    { label: 'My orders', url: '/order/history/' },
    { label: 'Notifications', url: '/account/notifications' },
  ],
};

const me = (loggedIn: boolean, notificationCount = 0): Me => ({
  is_authenticated: loggedIn,
  user: loggedIn ? { id: 7, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false } : null,
  wishlistCount: 0,
  cartCount: 0,
  notificationCount,
  buy_now_login_prompt: false,
  image_quality: 80,
});

describe('the slide-out menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the categories with their sub-categories, the offers and the account pages', async () => {
    serve({ 'GET /api/v2/main-menu-msite/': () => json(menu), 'GET /api/v1/me/': () => json(me(true, 2)) });
    renderWithProviders(<MenuDrawer open onClose={() => {}} />, { route: '/' });
    const nav = await screen.findByTestId('main-menu');
    await within(nav).findByText('Bras');
    expect(within(nav).getByRole('link', { name: 'All Bras' }).getAttribute('href')).toBe('/bras/');
    expect(within(nav).getByRole('link', { name: 'T-Shirt Bras' }).getAttribute('href')).toBe('/t-shirt-bras/');
    expect(within(nav).getByRole('link', { name: 'Nightwear' }).getAttribute('href')).toBe('/nightwear/');
    expect(
      within(nav)
        .getByRole('link', { name: /Any 2 T-shirt bras/ })
        .getAttribute('href'),
    ).toBe('/t-shirt-bras/');
    expect(within(nav).getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/order/history/');
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Notifications/ }).textContent).toContain('2'));
    expect(within(nav).queryByRole('link', { name: 'Log in or sign up' })).toBeNull();
  });

  it('offers a guest the login', async () => {
    serve({ 'GET /api/v2/main-menu-msite/': () => json(menu), 'GET /api/v1/me/': () => json(me(false)) });
    renderWithProviders(<MenuDrawer open onClose={() => {}} />, { route: '/bras/' });
    const login = await screen.findByRole('link', { name: 'Log in or sign up' });
    expect(login.getAttribute('href')).toBe('/login?next=%2Fbras%2F');
  });

  it('closes when a link is followed', async () => {
    serve({ 'GET /api/v2/main-menu-msite/': () => json(menu), 'GET /api/v1/me/': () => json(me(false)) });
    const onClose = vi.fn();
    renderWithProviders(<MenuDrawer open onClose={onClose} />, { route: '/' });
    fireEvent.click(await screen.findByRole('link', { name: 'Nightwear' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

function Counts() {
  useCountsAcrossTabs();
  const me = useQuery({ queryKey: ['me'], queryFn: () => fetch('/api/v1/me/').then((r) => r.json() as Promise<Me>) });
  const save = useMutation({ mutationFn: () => fetch('/api/v3/wishlist/', { method: 'POST' }) });
  return (
    <button type="button" onClick={() => save.mutate()}>
      {me.data ? 'ready' : 'loading'}
    </button>
  );
}

describe("the header's counts across tabs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a change made here is told to the other tabs; a change told by another tab asks the server again', async () => {
    serve({ 'GET /api/v1/me/': () => json(me(true)), 'POST /api/v3/wishlist/': () => json({ status: 'success' }) });
    const otherTab = new BroadcastChannel(COUNTS_CHANNEL);
    const heard: unknown[] = [];
    otherTab.onmessage = (e) => heard.push(e.data);
    renderWithProviders(<Counts />, { route: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'ready' }));
    await waitFor(() => expect(heard).toEqual(['changed']));

    const asked = () => calls.filter((c) => c.url.pathname === '/api/v1/me/').length;
    const before = asked();
    otherTab.postMessage('changed');
    await waitFor(() => expect(asked()).toBe(before + 1));
    otherTab.close();
  });
});
