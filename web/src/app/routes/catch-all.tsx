import { useLocation } from 'react-router';
import { parseFeaturedPath } from '@/features/catalog/featured';
import { NotFound } from '@/shared/components/NotFound';
import { FeaturedRoute } from './featured';
import { CategoryListingRoute } from './listing';

/** A category's slug: one path segment (`/bras/`). */
const CATEGORY_PATH = /^\/([a-z0-9][a-z0-9-]*)\/?$/;

/**
 * /best-{category}-design-of-{month-year}/ → the featured page; /{category}/ → the category's
 * listing (which says not found for a slug no category has); anything else → not found.
 */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const featured = parseFeaturedPath(pathname);
  if (featured) return <FeaturedRoute key={pathname} featured={featured} />;
  const category = CATEGORY_PATH.exec(pathname);
  if (category?.[1]) return <CategoryListingRoute key={category[1]} slug={category[1]} />;
  return <NotFound />;
}
