import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { useCartQuantity } from '@/features/cart/api/get-cart-quantity';
import { Icon } from '@/shared/components/ui/Icon';
import { AccountMenu } from './AccountMenu';
import { useCountsAcrossTabs } from './counts-across-tabs';

// The menu's drawer loads on its first open (it is not part of the page a shopper lands on).
const MenuDrawer = lazy(() => import('./MenuDrawer'));

function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid={testId} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function Header() {
  const me = useMe();
  const cart = useCartQuantity();
  const wishlistCount = me.data?.wishlistCount ?? 0;
  // The cart dropdown call knows guests' carts too; `me` is the fallback while it loads.
  const cartCount = cart.data?.cart_quantity ?? me.data?.cartCount ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useCountsAcrossTabs();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="site-header__start">
          <button
            type="button"
            className="icon-button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            data-testid="menu-button"
          >
            <Icon name="menu" />
          </button>
          <Link to="/" className="logo" aria-label="Drape home">
            Drape
          </Link>
        </div>
        <nav className="header-actions" aria-label="Shop">
          <Link to="/search" className="icon-button" aria-label="Search">
            <Icon name="search" />
          </Link>
          <Link to="/wishlist/" className="icon-button" aria-label={`Wishlist${wishlistCount ? `, ${wishlistCount} items` : ''}`}>
            <Icon name="heart" />
            <CountBadge count={wishlistCount} testId="wishlist-count" />
          </Link>
          <Link to="/view-cart/" className="icon-button" aria-label={`Cart${cartCount ? `, ${cartCount} items` : ''}`}>
            <Icon name="bag" />
            <CountBadge count={cartCount} testId="cart-count" />
          </Link>
          <AccountMenu me={me.data} />
        </nav>
      </div>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
