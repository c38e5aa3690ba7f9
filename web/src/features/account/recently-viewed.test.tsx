// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentlyViewedList } from '@/shared/api/types';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { bodiesOf, callsTo, card, guest, shopper, toastText } from './account-fixtures';
import { recentlyViewedKey } from './api/get-recently-viewed';
import { mergeDeviceViews } from './api/merge-recently-viewed';
import { RecentlyViewedPage } from './components/RecentlyViewedPage';

const bra = card(3, 'Padded T-shirt Bra');
const panty = card(9, 'Cotton Hipster');
const slip = card(12, 'Satin Slip');

/** The page as the app composes it: the browser's list in state, a card per product. */
function Page({ initial, onClear }: { initial: number[]; onClear?: () => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <RecentlyViewedPage
      deviceIds={ids}
      onClearDevice={() => {
        onClear?.();
        setIds([]);
      }}
      renderCard={(p) => <p data-testid="card">{p.name}</p>}
    />
  );
}
const renderPage = (initial: number[] = [], onClear?: () => void) =>
  renderWithProviders(<Page initial={initial} onClear={onClear} />, { route: '/account/recently-viewed' });
const names = () => screen.getAllByTestId('card').map((c) => c.textContent);

describe('<RecentlyViewedPage> for a shopper', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s list newest first, and Clear forgets it there', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/recently-viewed/': () => json({ products: [slip, bra] }),
      'DELETE /api/v1/recently-viewed/': () => json({ products: [] }),
    });
    renderPage([9]);
    await waitFor(() => expect(names()).toEqual(['Satin Slip', 'Padded T-shirt Bra']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recently viewed 2 products');
    // the device's list is the server's business once logged in
    expect(callsTo('GET', '/web/api/v1/products/by-ids/')).toHaveLength(0);
    expect(screen.queryByTestId('recently-viewed-guest')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByTestId('recently-viewed-empty')).toBeTruthy();
    expect(callsTo('DELETE', '/api/v1/recently-viewed/')).toHaveLength(1);
    expect(toastText('success')).toContain('Your recently viewed list is cleared');
  });

  it('a Clear the server refuses shows its message and keeps the list', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/recently-viewed/': () => json({ products: [bra] }),
      'DELETE /api/v1/recently-viewed/': () =>
        json({ error: 'csrf_failed', message: 'Your session token is stale. Please reload the page.' }, 403),
    });
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Padded T-shirt Bra']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(toastText('warning')).toContain('Your session token is stale. Please reload the page.'));
    expect(names()).toEqual(['Padded T-shirt Bra']);
    expect(toastText('success')).toBe('');
  });

  it('nothing viewed: the empty state, no Clear', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/recently-viewed/': () => json({ products: [] }) });
    renderPage();
    const empty = await screen.findByTestId('recently-viewed-empty');
    expect(within(empty).getByRole('heading', { name: 'Nothing viewed yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('a failure shows the server’s message, and Try again loads the list', async () => {
    let fail = true;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/recently-viewed/': () =>
        fail ? json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500) : json({ products: [bra] }),
    });
    renderPage();
    const error = await screen.findByTestId('recently-viewed-error');
    expect(error.textContent).toContain(
      'We couldn’t load your recently viewed products. Something went wrong on our side. Please try again.',
    );
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Padded T-shirt Bra']));
  });

  it('a session that ended (401) shows this device’s list instead', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/recently-viewed/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401),
      'GET /web/api/v1/products/by-ids/': () => json({ products: [panty] }),
    });
    renderPage([9]);
    await waitFor(() => expect(names()).toEqual(['Cotton Hipster']));
    expect(screen.getByTestId('recently-viewed-guest')).toBeTruthy();
  });
});

describe('<RecentlyViewedPage> for a guest', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows this browser’s list, asks to log in to keep it, and Clear empties it here', async () => {
    const onClear = vi.fn();
    serve({ 'GET /api/v1/me/': () => json(guest), 'GET /web/api/v1/products/by-ids/': () => json({ products: [panty, bra] }) });
    renderPage([9, 3], onClear);
    await waitFor(() => expect(names()).toEqual(['Cotton Hipster', 'Padded T-shirt Bra']));
    expect(callsTo('GET', '/web/api/v1/products/by-ids/')[0]!.url.searchParams.get('ids')).toBe('9,3');
    expect(callsTo('GET', '/api/v1/recently-viewed/')).toHaveLength(0);
    const note = screen.getByTestId('recently-viewed-guest');
    expect(within(note).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount%2Frecently-viewed');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('recently-viewed-empty')).toBeTruthy();
    expect(toastText('success')).toContain('Cleared from this device');
    expect(callsTo('DELETE', '/api/v1/recently-viewed/')).toHaveLength(0);
  });

  it('nothing viewed on this device: the empty state without a call', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderPage([]);
    expect(await screen.findByTestId('recently-viewed-empty')).toBeTruthy();
    expect(callsTo('GET', '/web/api/v1/products/by-ids/')).toHaveLength(0);
  });

  it('a failure loading the cards shows the server’s message', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /web/api/v1/products/by-ids/': () => json({ error: 'invalid_field', message: 'At most 20 ids.' }, 400),
    });
    renderPage([3]);
    expect((await screen.findByTestId('recently-viewed-error')).textContent).toContain('At most 20 ids.');
  });
});

describe('merging the device’s list at login', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the list once (at most 20, newest first) and keeps the answer as the shopper’s list', async () => {
    const merged: RecentlyViewedList = { products: [panty, bra, slip] };
    serve({ 'POST /api/v1/recently-viewed/': () => json(merged) });
    const qc = new QueryClient();
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    const sent = await mergeDeviceViews(qc, 7, ids);
    expect(sent).toEqual(ids.slice(0, 20));
    expect(bodiesOf('POST', '/api/v1/recently-viewed/')).toEqual([{ product_ids: ids.slice(0, 20) }]);
    expect(qc.getQueryData(recentlyViewedKey(7))).toEqual(merged);
  });

  it('an empty list asks nothing; a refusal rejects with the server’s message', async () => {
    serve({ 'POST /api/v1/recently-viewed/': () => json({ error: 'invalid_field', message: 'At most 20 product ids.' }, 400) });
    const qc = new QueryClient();
    expect(await mergeDeviceViews(qc, 7, [])).toEqual([]);
    expect(callsTo('POST', '/api/v1/recently-viewed/')).toHaveLength(0);
    await expect(mergeDeviceViews(qc, 7, [3])).rejects.toThrow('At most 20 product ids.');
    expect(qc.getQueryData(recentlyViewedKey(7))).toBeUndefined();
  });
});
