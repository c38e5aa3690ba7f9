import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { firstData } from './app/first-data';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { createQueryClient } from './shared/lib/react-query';
import './app/styles/global.css';

const client = createQueryClient();
void firstData(client).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider client={client}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  ),
);
