import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { askEarly, firstData } from './app/first-data';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { createQueryClient } from './shared/lib/react-query';
import './app/styles/global.css';

const client = createQueryClient();
askEarly(client);
// The first render is a transition (issue 14, blocking time): React then renders the page in slices
// of a few milliseconds and lets the browser in between, instead of one long task; the HTML's own
// frame (index.html) stays on screen until it commits.
void firstData(client).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider client={client}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
});
