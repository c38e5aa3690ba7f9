import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { CategoryChipsSkeleton } from './CategoryChips';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import { errorMessage } from '@/shared/api/client';
import type { ProductListing, SearchInfo } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { useDrawnCount } from '@/shared/lib/first-page';
import { useListing } from '../api/get-listing';
import { chosenCount, clearedFilters, listingSearch, priceLabel, readListing, withChange, type ListingState } from '../listing-params';
import { FilterSheet } from './FilterSheet';
import './catalog.css';
import './listing.css';

/**
 * A listing: a category's products (`/{slug}/`) or a search's (`/search/?q=`), with filters, counts,
 * sorts and pages, all of it in the URL. Filters and sort replace the history entry (Back leaves the
 * listing); a page is a new entry, and Back to it answers from the cache so the place is kept.
 */
export function ListingPage({
  categorySlug,
  title,
  header,
  emptyText,
}: {
  categorySlug?: string;
  title: string;
  /** the heading block above the toolbar */
  header: ReactNode;
  emptyText: string;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const state = readListing(params);
  const q = useListing(state, categorySlug);
  // The page is drawn from its data at a transition's priority (issue 14, blocking time): when the
  // data arrives, React draws the page in slices of a few milliseconds instead of one long task, and
  // the skeleton, or the page it replaces, stays until it is ready.
  const data = useDeferredValue(q.data);
  // On the app's first page, the first six cards in the first commit, the rest six per frame
  // (shared/lib/first-page.ts).
  const drawn = useDrawnCount(data?.products.length ?? 0, 6, 6);
  const [sheet, setSheet] = useState<'filter' | 'sort' | null>(null);
  const navigation = useNavigationType();
  // a page followed starts at the top (Back keeps the browser's place; filters replace in place)
  useEffect(() => {
    if (navigation === 'PUSH') window.scrollTo(0, 0);
  }, [state.page, navigation]);

  const go = (next: ListingState, push = false) => navigate({ pathname, search: listingSearch(next) }, { replace: !push });
  const pageHref = (page: number) => `${pathname}${listingSearch({ ...state, page })}`;

  if (q.isError && !q.data) {
    return (
      <div className="listing">
        {header}
        <div className="state-panel" role="alert">
          <p>{errorMessage(q.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void q.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!data) return <ListingSkeleton header={header} />;
  // what is drawn is older than what is asked: the last page's products while the next one loads
  const stale = q.isPlaceholderData || data !== q.data;
  const chosen = chosenCount(state);
  const sortLabel = data.sorts.find((s) => s.value === data.sort)?.label ?? 'Sort';
  const wishlisted = new Set(data.in_wishlist);
  const search = data.search;
  const noMatch = search !== null && !search.matched;

  return (
    <div className="listing" data-testid="listing">
      <title>{`${title} · Drape`}</title>
      {header}
      {search ? <SearchNote search={search} total={data.total} /> : null}
      {noMatch ? null : (
        <>
          <div className="listing__bar">
            <button
              type="button"
              className="listing__tool"
              onClick={() => setSheet('filter')}
              aria-haspopup="dialog"
              data-testid="open-filters"
            >
              <Icon name="sliders" size={18} />
              Filter{chosen ? <span className="listing__badge">{chosen}</span> : null}
            </button>
            <button type="button" className="listing__tool" onClick={() => setSheet('sort')} aria-haspopup="dialog" data-testid="open-sort">
              <Icon name="sort" size={18} />
              <span className="listing__sort-label">{sortLabel}</span>
            </button>
          </div>
          <ChosenChips state={state} data={data} onChange={(next) => go(next)} />
          {/* the cards' names are h3s: their section's heading */}
          <h2 className="grid__count" aria-live="polite" data-testid="listing-count">
            {data.total} {data.total === 1 ? 'product' : 'products'}
            {data.num_pages > 1 ? ` · page ${data.page} of ${data.num_pages}` : ''}
          </h2>
        </>
      )}
      {data.products.length === 0 && !noMatch ? (
        <div className="state-panel" data-testid="listing-empty">
          <p>{chosen ? 'No products match these filters.' : emptyText}</p>
          {chosen ? (
            <button type="button" className="button button--secondary" onClick={() => go(clearedFilters(state))}>
              Clear filters
            </button>
          ) : null}
        </div>
      ) : (
        <div className={`grid${stale ? ' grid--stale' : ''}`} data-testid="product-grid" aria-busy={stale}>
          {data.products.slice(0, drawn).map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 4} wishlisted={wishlisted.has(p.id)} />
          ))}
        </div>
      )}
      {noMatch && search.popular.length > 0 ? (
        <section className="listing__popular" aria-labelledby="popular-title">
          <h2 id="popular-title" className="listing__subtitle">
            Popular right now
          </h2>
          <div className="grid" data-testid="popular-products">
            {search.popular.map((p, i) => (
              <ProductCard key={p.id} product={p} eager={i < 4} />
            ))}
          </div>
        </section>
      ) : null}
      {data.num_pages > 1 ? <Pager page={data.page} pages={data.num_pages} href={pageHref} /> : null}
      {data ? (
        <FilterSheet
          open={sheet === 'filter'}
          onClose={() => setSheet(null)}
          state={state}
          facets={data.facets}
          total={data.total}
          busy={stale}
          onChange={(next) => go(next)}
        />
      ) : null}
      <Modal open={sheet === 'sort'} title="Sort by" onClose={() => setSheet(null)} variant="sheet">
        <ul className="sorts" data-testid="sort-sheet">
          {data.sorts.map((s) => (
            <li key={s.value}>
              <label className="sorts__option">
                <input
                  type="radio"
                  name="sort"
                  checked={s.value === data.sort}
                  onChange={() => {
                    setSheet(null);
                    go(withChange(state, { sort: s.value }));
                  }}
                />
                <span>{s.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}

/**
 * A listing before its products answer, laid out as the answer will be (the toolbar, the count's line,
 * the grid), so nothing shown moves when they arrive (issue 14). `header`: the heading block, or its
 * skeleton while the menu that names the category loads.
 */
export function ListingSkeleton({ header }: { header: ReactNode }) {
  return (
    <div className="listing">
      {header}
      <div className="listing__bar listing__bar--loading" aria-hidden="true">
        <span className="listing__tool">
          <Icon name="sliders" size={18} />
          Filter
        </span>
        <span className="listing__tool">
          <Icon name="sort" size={18} />
          Sort
        </span>
      </div>
      <p className="grid__count" aria-hidden="true">
        {'\u00a0'}
      </p>
      <div className="grid" aria-busy="true" aria-label="Loading products">
        {Array.from({ length: 6 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** The heading block's skeleton: the breadcrumb, the title and the chips. */
export function ListingHeadSkeleton() {
  return (
    <div className="listing__head" aria-hidden="true">
      <div className="breadcrumb">
        <span className="skeleton listing__crumb-skeleton" />
      </div>
      <div className="skeleton listing__title-skeleton" />
      <CategoryChipsSkeleton />
    </div>
  );
}

function SearchNote({ search, total }: { search: SearchInfo; total: number }) {
  if (!search.matched) {
    return (
      <div className="state-panel listing__nomatch" data-testid="search-nomatch">
        <p>
          We found nothing for “<strong>{search.q}</strong>”.
        </p>
        {search.did_you_mean ? (
          <p>
            Did you mean{' '}
            <Link to={`/search/?q=${encodeURIComponent(search.did_you_mean)}`} data-testid="did-you-mean">
              {search.did_you_mean}
            </Link>
            ?
          </p>
        ) : (
          <p>Try fewer words, or another spelling.</p>
        )}
      </div>
    );
  }
  if (search.corrected && search.corrected !== search.q) {
    return (
      <p className="listing__corrected" data-testid="search-corrected">
        Showing {total} results for “<strong>{search.corrected}</strong>”
      </p>
    );
  }
  return null;
}

/** The chosen filters as chips, each removable, and Clear all. */
function ChosenChips({ state, data, onChange }: { state: ListingState; data: ProductListing; onChange: (next: ListingState) => void }) {
  const chips: { key: string; label: string; next: ListingState }[] = [];
  for (const name of ['size', 'color', 'style'] as const) {
    for (const v of state[name])
      chips.push({ key: `${name}:${v}`, label: v, next: withChange(state, { [name]: state[name].filter((x) => x !== v) }) });
  }
  if (state.price) chips.push({ key: 'price', label: priceLabel(state.price), next: withChange(state, { price: '' }) });
  if (state.discount) {
    const label = data.facets.discount.find((d) => d.value === state.discount)?.label ?? `${state.discount}% and above`;
    chips.push({ key: 'discount', label, next: withChange(state, { discount: '' }) });
  }
  if (state.inStock) chips.push({ key: 'in_stock', label: 'In stock', next: withChange(state, { inStock: false }) });
  if (chips.length === 0) return null;
  return (
    <ul className="listing__chosen" aria-label="Chosen filters" data-testid="chosen-filters">
      {chips.map((c) => (
        <li key={c.key}>
          <button type="button" className="chosen-chip" onClick={() => onChange(c.next)} aria-label={`Remove filter ${c.label}`}>
            {c.label}
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <button type="button" className="link-button" onClick={() => onChange(clearedFilters(state))}>
            Clear all
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** Pages as links (a new history entry each): previous, a window of numbers, next. */
function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const numbers = pageWindow(page, pages);
  return (
    <nav className="pager" aria-label="Pages" data-testid="pager">
      {page > 1 ? (
        <Link to={href(page - 1)} className="pager__step" rel="prev" aria-label="Previous page">
          <Icon name="chevronLeft" size={18} />
        </Link>
      ) : null}
      {numbers.map((n, i) =>
        n === null ? (
          <span key={`gap${i}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={n} to={href(n)} className="pager__page" aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} className="pager__step" rel="next" aria-label="Next page" data-testid="next-page">
          <Icon name="chevronRight" size={18} />
        </Link>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 6 … 12: the first, the last, and the pages beside this one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 1) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
