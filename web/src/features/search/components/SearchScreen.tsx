import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { useForgetSearch, usePopularSearches, useRecentSearches, useTopProducts } from '../api/search';
import { resultsPath } from '../search';
import { ProductRows, SearchBox } from './SearchBox';

/**
 * The search screen (`/search/`): the field, and until the shopper types, their recent searches
 * (each removable), what shoppers search most, and the best sellers.
 */
export function SearchScreen() {
  return (
    <div className="search-screen" data-testid="search-screen">
      <title>Search · Drape</title>
      <h1 className="visually-hidden">Search</h1>
      <SearchBox autoFocus>
        <div className="search-screen__start">
          <RecentSearches />
          <PopularSearches />
          <TopProducts />
        </div>
      </SearchBox>
    </div>
  );
}

function RecentSearches() {
  const recent = useRecentSearches();
  const forget = useForgetSearch();
  const toast = useToast();
  const list = recent.data?.recent ?? [];
  if (list.length === 0) return null;
  const remove = (q: string | null) => forget.mutate(q, { onError: (e) => toast.error(errorMessage(e)) });
  return (
    <section className="search-section" aria-labelledby="recent-title" data-testid="recent-searches">
      <div className="search-section__head">
        <h2 id="recent-title" className="search-section__title">
          Recent searches
        </h2>
        <button type="button" className="link-button" onClick={() => remove(null)} disabled={forget.isPending}>
          Clear all
        </button>
      </div>
      <ul className="recent-list">
        {list.map((r) => (
          <li key={r.query} className="recent-row">
            <Link to={resultsPath(r.query)} className="recent-row__link">
              <Icon name="clock" size={16} />
              <span>{r.query}</span>
            </Link>
            <button
              type="button"
              className="recent-row__remove"
              aria-label={`Remove ${r.query} from recent searches`}
              onClick={() => remove(r.query)}
              disabled={forget.isPending}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PopularSearches() {
  const popular = usePopularSearches();
  const list = popular.data?.popular ?? [];
  if (list.length === 0) return null;
  return (
    <section className="search-section" aria-labelledby="popular-searches-title" data-testid="popular-searches">
      <h2 id="popular-searches-title" className="search-section__title">
        Popular searches
      </h2>
      <ul className="popular-chips">
        {list.map((p) => (
          <li key={p.query}>
            <Link to={resultsPath(p.query)} className="popular-chip">
              {p.query}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopProducts() {
  const top = useTopProducts();
  const list = top.data?.products ?? [];
  if (list.length === 0) return null;
  return (
    <section className="search-section" aria-labelledby="top-products-title" data-testid="top-products">
      <h2 id="top-products-title" className="search-section__title">
        Best sellers
      </h2>
      <ProductRows products={list} label="Best sellers" testId="top-product" />
    </section>
  );
}
