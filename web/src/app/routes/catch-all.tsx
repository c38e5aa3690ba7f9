import { useLocation } from 'react-router';
import { featuredTitle, parseFeaturedPath } from '@/features/catalog/featured';
import { ComingSoon } from '@/shared/components/ComingSoon';
import { NotFound } from '@/shared/components/NotFound';

/** /best-{category}-design-of-{month-year}/ → the featured listing; anything else → not found. */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const featured = parseFeaturedPath(pathname);
  if (!featured) return <NotFound />;
  return (
    <ComingSoon title={featuredTitle(featured)} icon="star">
      The featured listing for this month is on its way.
    </ComingSoon>
  );
}
