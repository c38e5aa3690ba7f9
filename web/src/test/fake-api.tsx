import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/shared/components/ui/Toast';

// Component tests against a fake server: `serve` replaces `fetch` with a route table, `calls`
// records every request, `renderWithProviders` mounts a component as the app would (a fresh
// QueryClient without retries, toasts, a router at `route`). Undo with `vi.unstubAllGlobals()`.

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Every request since the last `serve`, in order. */
export const calls: { method: string; url: URL; init: RequestInit }[] = [];

/** Routes are keyed `METHOD /path/`; anything else answers the server's 404. */
export function serve(routes: Record<string, Handler>) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://shop.test');
      const method = init.method ?? 'GET';
      calls.push({ method, url, init });
      const h = routes[`${method} ${url.pathname}`];
      if (!h) return json({ error: 'not_found', message: 'There is no such API path.' }, 404);
      return h(url, init);
    }),
  );
}

/** A query client as the tests' providers make it: no retries. */
export function testClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function renderWithProviders(ui: ReactNode, { route, client = testClient() }: { route: string; client?: QueryClient }) {
  const rendered = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, ...rendered };
}
