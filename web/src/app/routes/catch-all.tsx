import { useLocation } from 'react-router';
import { parseFeaturedPath } from '@/features/catalog/featured';
import { NotFound } from '@/shared/components/NotFound';
import { FeaturedRoute } from './featured';

/** /best-{category}-design-of-{month-year}/ → the featured page; anything else → not found. */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const featured = parseFeaturedPath(pathname);
  if (!featured) return <NotFound />;
  return <FeaturedRoute key={pathname} featured={featured} />;
}
