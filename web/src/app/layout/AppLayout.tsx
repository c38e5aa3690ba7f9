import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { cartNotesOf } from '@/features/auth/cart-notes';
import { CartNotes } from '@/features/auth/components/CartNotes';
import { isColourSwap } from '@/features/product/components/ColourSwatches';
import { Spinner } from '@/shared/components/ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * A new page starts at the top; Back keeps the browser's own scroll restoration, and a colour
 * change on the product page swaps the product in place.
 */
function ScrollToTop() {
  const { pathname, state } = useLocation();
  const type = useNavigationType();
  const inPlace = isColourSwap(state);
  useEffect(() => {
    if (type !== 'POP' && !inPlace) window.scrollTo(0, 0);
  }, [pathname, type, inPlace]);
  return null;
}

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

/**
 * The login's cart notes (what of the guest's bag was left out), handed over in the history state of
 * the page the shopper returns to: shown at the top of it until dismissed, which clears that state.
 */
function LoginCartNotes() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const notes = cartNotesOf(state);
  if (notes.length === 0) return null;
  const dismiss = () => {
    navigate({ pathname, search, hash }, { replace: true, state: null });
    document.getElementById('main')?.focus();
  };
  return <CartNotes notes={notes} onDismiss={dismiss} cartLink={!/^\/view-cart\/?$/.test(pathname)} />;
}

/**
 * A page the server drew whole (`#root[data-drawn]`) is the app's once hydrated: the mark goes, so
 * what waits for the page to answer taps (the browser tests) can tell. Inside the page's Suspense
 * boundary, beside the page: React hydrates the boundary's content in a pass of its own, after the
 * shell has committed (the product page's buttons were not yet live when a mark outside it went).
 */
function TakenOver() {
  useEffect(() => {
    delete document.getElementById('root')?.dataset.drawn;
  }, []);
  return null;
}

export function AppLayout() {
  const { pathname, state } = useLocation();
  // A new page gets a fresh error boundary; a colour swap stays the same page (no remount).
  const boundaryKey = useRef(pathname);
  if (!isColourSwap(state)) boundaryKey.current = pathname;
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page" tabIndex={-1}>
        <LoginCartNotes />
        <ErrorBoundary key={boundaryKey.current}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <TakenOver />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
