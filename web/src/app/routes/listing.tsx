import { useDeferredValue } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { usePrefetchQuery } from '@tanstack/react-query';
import { listingQueryOptions } from '@/features/catalog/api/get-listing';
import { findCategory, useMainMenu } from '@/features/catalog/api/get-main-menu';
import { CategoryChips } from '@/features/catalog/components/CategoryChips';
import { ListingHeadSkeleton, ListingPage, ListingSkeleton } from '@/features/catalog/components/ListingPage';
import { readListing } from '@/features/catalog/listing-params';
import { SearchBox } from '@/features/search/components/SearchBox';
import { SearchScreen } from '@/features/search/components/SearchScreen';
import { NotFound } from '@/shared/components/NotFound';
import type { Category } from '@/shared/api/types';
import { AddToBagProvider } from '../layout/AddToBagProvider';

/** A category's page: `/{slug}/` (the menu's `url`). */
export function categoryPath(c: Pick<Category, 'slug'>): string {
  return `/${c.slug}/`;
}

/** `/{slug}/`: the category's products (sub-categories included), filtered, sorted and paged. */
export function CategoryListingRoute({ slug }: { slug: string }) {
  const menu = useMainMenu();
  const [params] = useSearchParams();
  // The products are asked for with the menu, not once it has come (issue 14: the page's largest
  // paint waited for the two one after the other); the listing below then finds them on their way.
  usePrefetchQuery(listingQueryOptions(readListing(params), slug));
  // The page is drawn once the menu has come at a transition's priority, in slices (issue 14's
  // blocking time): the products, usually there by then, are all drawn in the same render.
  const shown = useDeferredValue(menu.data);
  if (menu.isPending || (!shown && !menu.isError)) return <ListingSkeleton header={<ListingHeadSkeleton />} />;
  const categories = shown?.categories ?? [];
  const category = findCategory(categories, (c) => c.slug === slug);
  if (!category) return <NotFound title="Category not found" text="This category does not exist any more." />;
  const parent = findCategory(categories, (c) => (c.children ?? []).some((child) => child.id === category.id));
  const siblings = parent ? (parent.children ?? []) : (category.children ?? []);
  const header = (
    <div className="listing__head">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        {parent ? (
          <>
            <span aria-hidden="true">/</span>
            <Link to={categoryPath(parent)}>{parent.name}</Link>
          </>
        ) : null}
        <span aria-hidden="true">/</span>
        <span>{category.name}</span>
      </nav>
      <h1 className="listing__title">{category.name}</h1>
      {siblings.length > 0 ? (
        <CategoryChips
          categories={siblings}
          selected={parent ? category.id : undefined}
          hrefFor={(c) => (c ? categoryPath(c) : categoryPath(parent ?? category))}
        />
      ) : null}
    </div>
  );
  return (
    <AddToBagProvider>
      <ListingPage
        key={slug}
        categorySlug={slug}
        title={category.name}
        header={header}
        emptyText="No products here yet. Please look at another category."
      />
    </AddToBagProvider>
  );
}

/** The old `/category/{slug}` links lead to the category's page. */
export function CategoryRedirectRoute() {
  const { slug = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${slug}/${search}`} replace />;
}

/** `/search/`: the search screen; with `?q=` the results, a listing of the matches. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  if (!q) return <SearchScreen />;
  const header = (
    <div className="listing__head">
      <SearchBox key={q} initial={q} />
      <h1 className="listing__title">Results for “{q}”</h1>
    </div>
  );
  return (
    <AddToBagProvider>
      <ListingPage key={q} title={`Search: ${q}`} header={header} emptyText="Nothing matches this search." />
    </AddToBagProvider>
  );
}
