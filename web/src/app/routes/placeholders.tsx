import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/shared/components/ComingSoon';

/**
 * Screens of the spec that are not built yet. Each says so plainly inside the real layout;
 * none of them pretends to work. Each moves to its own feature module when it is built.
 */

export function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get('q');
  return (
    <ComingSoon title={q ? `Search: ${q}` : 'Search'} icon="search">
      Product search is on its way. Meanwhile, browse by category from the home page.
    </ComingSoon>
  );
}

export function CouponsRoute() {
  return <ComingSoon title="Coupons" icon="ticket" />;
}

export function RecentlyViewedRoute() {
  return <ComingSoon title="Recently viewed" icon="clock" />;
}

export function ContactRoute() {
  return <ComingSoon title="Contact us" icon="phone" />;
}

export function SettingsRoute() {
  return <ComingSoon title="Settings" icon="settings" />;
}
