import { StrictMode, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { endFirstPage } from '@/shared/lib/first-page';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The whole app under a router: main.tsx's BrowserRouter in the browser, a StaticRouter in the test
 * that renders home as the server draws it (routes/drawn.test.tsx). One tree for both, since
 * hydration matches node for node and React's `useId` values follow the tree's shape.
 */
export function App({ client, Router }: { client: QueryClient; Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProvider client={client}>
        <Router>
          <AppRoutes />
          <FirstPageLeft />
        </Router>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * The first page lasts until the shopper goes elsewhere (a link, Back, a filter): lists drawn after
 * that are drawn whole. Not the first commit: a lazy route (a category's page) commits its fallback
 * first and its list a little later, still on the first page.
 */
function FirstPageLeft() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) endFirstPage();
  }, [key]);
  return null;
}
