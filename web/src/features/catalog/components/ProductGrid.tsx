import { useDeferredValue } from 'react';
import { errorMessage } from '@/shared/api/client';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useDrawnCount } from '@/shared/lib/first-page';
import { useProducts, type ProductsFilter } from '../api/get-products';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import './catalog.css';

export function ProductGrid({ filter, title }: { filter: ProductsFilter; title?: string }) {
  const q = useProducts(filter);
  const { error } = q;
  // The grid is drawn from its data at a transition's priority (issue 14, blocking time): when a page
  // of products arrives, React draws the cards in slices of a few milliseconds instead of one long
  // task (170 ms on Lighthouse's phone), and what was shown stays until they are ready. Data already
  // in the cache (Back to the page) is drawn at once, so the page is as long as it was.
  const data = useDeferredValue(q.data);
  const products = data?.pages.flatMap((p) => p.products) ?? [];
  // On the app's first page, the first six cards (a phone's screen and more) in the first commit, the
  // rest six at a time (shared/lib/first-page.ts).
  const drawn = useDrawnCount(products.length, 6, 6);

  if (q.isError) {
    return (
      <div className="state-panel" role="alert">
        <p>{errorMessage(q.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => q.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  if (!data) {
    return (
      <>
        {/* the count's line, kept so that the cards do not move down when it comes */}
        <p className="grid__count" aria-hidden="true">
          &nbsp;
        </p>
        <div className="grid" aria-busy="true" aria-label="Loading products">
          {Array.from({ length: 6 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      </>
    );
  }

  const pages = data.pages;
  const wishlisted = new Set(pages.flatMap((p) => p.in_wishlist));
  const total = pages[pages.length - 1]?.total ?? products.length;

  if (products.length === 0) {
    return (
      <div className="state-panel">
        <p>No products here yet. Please look at another category.</p>
      </div>
    );
  }

  return (
    <section aria-label={title ?? 'Products'}>
      {/* the cards' names are h3s: their section's heading */}
      <h2 className="grid__count">
        {total} {total === 1 ? 'product' : 'products'}
      </h2>
      <div className="grid" data-testid="product-grid">
        {products.slice(0, drawn).map((p, i) => (
          <ProductCard key={p.id} product={p} eager={i < 4} wishlisted={wishlisted.has(p.id)} />
        ))}
      </div>
      <div className="grid__more">
        {q.hasNextPage ? (
          <>
            <p className="grid__progress">
              Showing {products.length} of {total}
            </p>
            <button
              type="button"
              className="button button--secondary button--wide"
              onClick={() => q.fetchNextPage()}
              disabled={q.isFetchingNextPage}
            >
              {q.isFetchingNextPage ? <Spinner size={18} label="Loading more" /> : 'Load more'}
            </button>
          </>
        ) : products.length > 8 ? (
          <p className="grid__progress">You have seen all {total} products</p>
        ) : null}
        {q.isFetchNextPageError ? (
          <p className="form-error" role="alert">
            {errorMessage(error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
