import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { calls, renderWithProviders } from '@/test/fake-api';
import { OrderDetailPage, type BreakupRowsOf } from './components/OrderDetailPage';
import { OrdersPage } from './components/OrdersPage';
import { ReturnPage } from './components/ReturnPage';

/** Where the page's router is now: the list keeps its query in the URL. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** The orders screens as the app routes them, at `route`. */
export function renderOrders(route = '/order/history/', { breakupRows }: { breakupRows?: BreakupRowsOf } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/order/history" element={<OrdersPage />} />
        <Route path="/order/app/history" element={<OrdersPage />} />
        <Route path="/my-orders-app/*" element={<OrdersPage />} />
        <Route path="/order/detail/:orderId" element={<OrderDetailPage breakupRows={breakupRows} />} />
        <Route path="/order/return/:orderId" element={<ReturnPage />} />
        <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

/** The list calls made so far, as URLs. */
export const listCalls = (path = '/order/history/') => calls.filter((c) => c.method === 'GET' && c.url.pathname === path).map((c) => c.url);

/** The form fields of the last POST to `path`. */
export function formOf(path: string): Record<string, string> {
  const post = calls.filter((c) => c.method === 'POST' && c.url.pathname === path).at(-1);
  if (!post) throw new Error(`no POST ${path}`);
  return Object.fromEntries(new URLSearchParams(post.init.body as string));
}

/** The form fields of every POST to `path`, in order. */
export const formsOf = (path: string) =>
  calls
    .filter((c) => c.method === 'POST' && c.url.pathname === path)
    .map((c) => Object.fromEntries(new URLSearchParams(c.init.body as string)) as Record<string, string>);

/** A CSRF cookie as the server sets it; the fake fetch is undone after each test. */
export function withFakeServer() {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
}
