import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { askEarly, firstData } from './app/first-data';
import { App } from './app/app';
import { beginFirstPage } from './shared/lib/first-page';
import { createQueryClient } from './shared/lib/react-query';
import './app/styles/global.css';

const client = createQueryClient();
// Each start-up step in a task of its own (issue 14, blocking time): the first queries run the query
// library's code for the first time, which took about as long as evaluating the modules, and in the
// same task the two made one long task.
askEarly(client);
// The first render (or hydration) is a transition: React then renders the page in slices of a few
// milliseconds and lets the browser in between, instead of one long task; the HTML's own frame
// (index.html) stays on screen until it commits.
setTimeout(() => void firstData(client).then(render));

function render() {
  const container = document.getElementById('root')!;
  beginFirstPage();
  const app = <App client={client} Router={BrowserRouter} />;
  // A page the server drew whole (a first visit to home, crates/server/src/drawn.rs) is hydrated: React
  // takes over the markup that is there instead of drawing it again, so the browser lays nothing out
  // anew (issue 14, blocking time). Markup that does not match is drawn anew by React, and said here.
  if (container.dataset.drawn !== undefined) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('drape: the drawn page did not match the app', error) });
    });
    return;
  }
  // Drawing anew, React puts its own <title> before the HTML's, which the server named after this page
  // (web.rs, with_title); left as it was, that name would show again on a later page's loading screen,
  // which has no title of its own. Back to index.html's plain name.
  const served = document.querySelector('head > title');
  if (served) served.textContent = 'Drape';
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
