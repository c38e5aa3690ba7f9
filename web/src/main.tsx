import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { askEarly, firstData } from './app/first-data';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { beginFirstPage, endFirstPage } from './shared/lib/first-page';
import { createQueryClient } from './shared/lib/react-query';
import './app/styles/global.css';

const client = createQueryClient();
// Each start-up step in a task of its own (issue 14, blocking time): the first queries run the query
// library's code for the first time, which took about as long as evaluating the modules, and in the
// same task the two made one long task.
askEarly(client);
// The first render is a transition: React then renders the page in slices of a few milliseconds and
// lets the browser in between, instead of one long task; the HTML's own frame (index.html) stays on
// screen until it commits.
setTimeout(() => void firstData(client).then(render));

function render() {
  const root = createRoot(document.getElementById('root')!);
  beginFirstPage();
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider client={client}>
          <BrowserRouter>
            <AppRoutes />
            <FirstPageLeft />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
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
