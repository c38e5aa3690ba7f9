// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/shared/api/types';
import { RECENTLY_VIEWED_KEY } from '@/features/recommendations/recently-viewed';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { AccountMenu } from './AccountMenu';

const shopper = (notificationCount: number): Me => ({
  is_authenticated: true,
  user: { id: 7, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount,
  buy_now_login_prompt: false,
  image_quality: 80,
});

function openMenu(me: Me) {
  serve({});
  renderWithProviders(<AccountMenu me={me} />, { route: '/' });
  fireEvent.click(screen.getByTestId('account-button'));
  return screen.getByTestId('account-menu');
}

describe('<AccountMenu> Notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links to the notifications with the unread count beside it', () => {
    const menu = openMenu(shopper(3));
    const link = within(menu).getByRole('link', { name: 'Notifications 3 unread' });
    expect(link.getAttribute('href')).toBe('/account/notifications');
    expect(within(link).getByTestId('account-notification-count').textContent).toBe('3 unread');
    expect(screen.getByTestId('account-button').getAttribute('aria-label')).toBe('Account, 3 new notifications');
  });

  it("the account icon carries the unread count; without any, a logged-in shopper's dot", () => {
    openMenu(shopper(4));
    expect(screen.getByTestId('notification-count').textContent).toBe('4');
  });

  it('no count when none is unread', () => {
    const menu = openMenu(shopper(0));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('account-notification-count')).toBeNull();
  });

  it('more than 99 reads 99+', () => {
    openMenu(shopper(120));
    expect(screen.getByTestId('account-notification-count').textContent).toBe('99+ unread');
  });
});

describe('<AccountMenu> Logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("forgets this device's recently viewed products: they are the shopper's, kept by the server", async () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([12, 9]));
    serve({ 'POST /mobile_logout/': () => json({ status: 'success' }) });
    renderWithProviders(<AccountMenu me={shopper(0)} />, { route: '/' });
    fireEvent.click(screen.getByTestId('account-button'));
    fireEvent.click(within(screen.getByTestId('account-menu')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]')).toEqual([]));
  });
});
