import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Spinner } from '@/shared/components/ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

/** A new page starts at the top; Back keeps the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page" tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
