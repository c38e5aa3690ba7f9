// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/shared/api/session';
import type { AccountNotification, NotificationList } from '@/shared/api/types';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { noticeTime, shopPath } from './account';
import { bodiesOf, callsTo, guest, shopper, toastText } from './account-fixtures';
import { NotificationsPage } from './components/NotificationsPage';

const notice = (over: Partial<AccountNotification>): AccountNotification => ({
  id: 1,
  kind: 'order',
  title: 'Your order DR1042 is on its way',
  body: 'Delhivery will deliver it by Thursday.',
  link: '/order/detail/abc123',
  created_at: '2026-11-23T10:35:00Z',
  read: false,
  ...over,
});

// as the server sends them: newest first
const shipped = notice({ id: 3 });
const backInStock = notice({
  id: 2,
  kind: 'stock',
  title: 'Padded T-shirt Bra is back in 34B',
  body: '',
  link: '/product/padded-t-shirt-bra-black-12',
  created_at: '2026-11-22T18:30:00Z',
  read: true,
});
const offer = notice({
  id: 1,
  kind: 'offer',
  title: 'Buy 3 for ₹1,499 this weekend',
  body: 'On all cotton panties.',
  link: '',
  created_at: '2026-11-20T06:30:00Z',
});
const listOf = (items: AccountNotification[]): NotificationList => ({ notifications: items, unread: items.filter((n) => !n.read).length });

/** The header's count, as the account menu reads it. */
function HeaderCount() {
  const me = useSession();
  return <p data-testid="header-count">{me.data?.notificationCount ?? '-'}</p>;
}

function renderPage() {
  return renderWithProviders(
    <>
      <HeaderCount />
      <Routes>
        <Route path="/account/notifications" element={<NotificationsPage />} />
        <Route path="/order/detail/:id" element={<p>The order page</p>} />
        <Route path="/product/:slug" element={<p>The product page</p>} />
      </Routes>
    </>,
    { route: '/account/notifications' },
  );
}
const rows = () => screen.getAllByTestId('notification');

/** A server holding `items`: marking read changes them, and `me` counts what is unread. */
function fakeServer(items: AccountNotification[]) {
  let state = items.map((n) => ({ ...n }));
  const unread = () => state.filter((n) => !n.read).length;
  serve({
    'GET /api/v1/me/': () => json({ ...shopper, notificationCount: unread() }),
    'GET /api/v1/notifications/': () => json(listOf(state)),
    'POST /api/v1/notifications/read/': (_u, init) => {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      state = state.map((n) => (ids.length === 0 || ids.includes(n.id) ? { ...n, read: true } : n));
      return json(listOf(state));
    },
  });
}

describe('notification rules', () => {
  it('times are India’s, written 23 Nov 2026, 4:05 pm', () => {
    expect(noticeTime('2026-11-23T10:35:00Z').text).toBe('23 Nov 2026, 4:05 pm');
    expect(noticeTime('2026-11-22T18:30:00Z').text).toBe('23 Nov 2026, 12:00 am');
    expect(noticeTime('2026-11-20T06:30:00Z').text).toBe('20 Nov 2026, 12:00 pm');
    expect(noticeTime('2026-12-31T18:29:00Z').text).toBe('31 Dec 2026, 11:59 pm');
    expect(noticeTime('not a date')).toEqual({ text: '', iso: '' });
  });

  it('only a path in the shop is followed', () => {
    expect(shopPath('/order/detail/abc123')).toBe('/order/detail/abc123');
    expect(shopPath('')).toBeNull();
    expect(shopPath('https://evil.example/')).toBeNull();
    expect(shopPath('//evil.example/')).toBeNull();
    expect(shopPath('/\\evil.example/')).toBeNull();
  });
});

describe('<NotificationsPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('guests are asked to log in and come back', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderPage();
    const panel = await screen.findByTestId('notifications-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount%2Fnotifications');
    expect(callsTo('GET', '/api/v1/notifications/')).toHaveLength(0);
  });

  it('a 401 (the session ended) is the login panel too', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/notifications/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401),
    });
    renderPage();
    expect(await screen.findByTestId('notifications-login')).toBeTruthy();
  });

  it('lists them newest first, the unread ones marked, with kind, body and India’s time', async () => {
    fakeServer([shipped, backInStock, offer]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => within(r).getByTestId('notification-title').textContent)).toEqual([
      'Your order DR1042 is on its way',
      'Padded T-shirt Bra is back in 34B',
      'Buy 3 for ₹1,499 this weekend',
    ]);
    expect(screen.getByTestId('notifications-unread').textContent).toBe('2 unread');
    const [first, second, third] = rows();
    expect(first!.getAttribute('data-read')).toBe('false');
    expect(first!.className).toContain('nt-item--unread');
    expect(first!.textContent).toContain('Unread: Order update');
    expect(first!.textContent).toContain('Delhivery will deliver it by Thursday.');
    expect(first!.querySelector('time')!.textContent).toBe('23 Nov 2026, 4:05 pm');
    expect(second!.getAttribute('data-read')).toBe('true');
    expect(second!.textContent).not.toContain('Unread');
    expect(second!.textContent).toContain('Back in stock');
    expect(within(second!).queryByTestId('notification-body')).toBeNull();
    expect(within(second!).getByRole('link').getAttribute('href')).toBe('/product/padded-t-shirt-bra-black-12');
    // no link: not a link, but it can be marked read
    expect(within(third!).queryByRole('link')).toBeNull();
    expect(within(third!).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });

  it('opening an unread one marks it read, follows its link and brings the header count down', async () => {
    fakeServer([shipped, backInStock, offer]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('header-count').textContent).toBe('2'));
    fireEvent.click(within(rows()[0]!).getByRole('link'));
    expect(await screen.findByText('The order page')).toBeTruthy();
    await waitFor(() => expect(bodiesOf('POST', '/api/v1/notifications/read/')).toEqual([{ ids: [3] }]));
    await waitFor(() => expect(screen.getByTestId('header-count').textContent).toBe('1'));
    // and `me` is asked again
    await waitFor(() => expect(callsTo('GET', '/api/v1/me/').length).toBeGreaterThanOrEqual(2));
  });

  it('opening one already read marks nothing', async () => {
    fakeServer([shipped, backInStock]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByRole('link'));
    expect(await screen.findByText('The product page')).toBeTruthy();
    expect(callsTo('POST', '/api/v1/notifications/read/')).toHaveLength(0);
  });

  it('Mark all read marks every one (ids: []) and the header count drops to 0', async () => {
    fakeServer([shipped, backInStock, offer]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(rows().every((r) => r.getAttribute('data-read') === 'true')).toBe(true));
    expect(bodiesOf('POST', '/api/v1/notifications/read/')).toEqual([{ ids: [] }]);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('header-count').textContent).toBe('0'));
  });

  it('Mark as read on one without a link marks that one', async () => {
    fakeServer([shipped, offer]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(rows()[1]!.getAttribute('data-read')).toBe('true'));
    expect(bodiesOf('POST', '/api/v1/notifications/read/')).toEqual([{ ids: [1] }]);
    expect(rows()[0]!.getAttribute('data-read')).toBe('false');
  });

  it('a refused marking shows the server’s message and leaves them unread', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/notifications/': () => json(listOf([shipped])),
      'POST /api/v1/notifications/read/': () =>
        json({ error: 'csrf_failed', message: 'Your session token is stale. Please reload the page.' }, 403),
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(toastText('warning')).toContain('Your session token is stale. Please reload the page.'));
    expect(rows()[0]!.getAttribute('data-read')).toBe('false');
    expect(screen.getByTestId('header-count').textContent).toBe('2');
  });

  it('none yet: the empty state, no Mark all read', async () => {
    fakeServer([]);
    renderPage();
    const empty = await screen.findByTestId('notifications-empty');
    expect(within(empty).getByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('50 of them says it shows the latest 50', async () => {
    fakeServer(Array.from({ length: 50 }, (_, i) => notice({ id: 50 - i, read: true })));
    renderPage();
    expect((await screen.findByTestId('notifications-latest')).textContent).toBe('Showing your latest 50 notifications.');
  });

  it('a failure shows the server’s message, and Try again loads them', async () => {
    let fail = true;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/notifications/': () =>
        fail ? json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500) : json(listOf([shipped])),
    });
    renderPage();
    const error = await screen.findByTestId('notifications-error');
    expect(error.textContent).toContain('We couldn’t load your notifications. Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
