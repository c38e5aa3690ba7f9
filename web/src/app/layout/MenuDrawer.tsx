import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useMainMenu } from '@/features/catalog/api/get-main-menu';
import { errorMessage } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Category } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import './menu-drawer.css';

/** A category's page: the menu's `url` (`/{slug}/`). */
function hrefOf(c: Category): string {
  return c.url || `/${c.slug}/`;
}

/**
 * The slide-out main menu (spec 000 §3 menuOpen), driven by /api/v2/main-menu-msite/: the categories
 * with their sub-categories, the running offers, and the account's pages. Loaded on the first open.
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const menu = useMainMenu();
  const session = useSession();
  const { pathname, search } = useLocation();
  const where = useRef(pathname + search);
  // a link followed closes the menu
  useEffect(() => {
    if (where.current !== pathname + search) {
      where.current = pathname + search;
      onClose();
    }
  }, [pathname, search, onClose]);
  const loggedIn = isLoggedIn(session.data);
  const notifications = session.data?.notificationCount ?? 0;

  return (
    <Modal open={open} title="Menu" onClose={onClose} variant="drawer" className="menu-drawer">
      <nav aria-label="Main menu" data-testid="main-menu">
        {menu.isPending ? (
          <Spinner label="Loading the menu" />
        ) : menu.isError ? (
          <p className="form-error" role="alert">
            {errorMessage(menu.error)}
          </p>
        ) : (
          <>
            <h3 className="menu-drawer__title">Shop</h3>
            <ul className="menu-drawer__list">
              {menu.data.categories.map((c) =>
                c.children?.length ? (
                  <li key={c.id}>
                    <details className="menu-drawer__group">
                      <summary className="menu-drawer__link">
                        <span>{c.name}</span>
                        <Icon name="chevronDown" size={18} className="menu-drawer__chevron" />
                      </summary>
                      <ul className="menu-drawer__sub">
                        <li>
                          <Link to={hrefOf(c)} className="menu-drawer__sublink">
                            All {c.name}
                          </Link>
                        </li>
                        {c.children.map((child) => (
                          <li key={child.id}>
                            <Link to={hrefOf(child)} className="menu-drawer__sublink">
                              {child.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={c.id}>
                    <Link to={hrefOf(c)} className="menu-drawer__link">
                      {c.name}
                    </Link>
                  </li>
                ),
              )}
            </ul>
            {menu.data.offers.length > 0 ? (
              <>
                <h3 className="menu-drawer__title">Offers</h3>
                <ul className="menu-drawer__list">
                  {menu.data.offers.map((o) => (
                    <li key={o.url + o.label}>
                      <Link to={o.url} className="menu-drawer__link menu-drawer__offer">
                        <Icon name="tag" size={18} />
                        <span>{o.label}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <h3 className="menu-drawer__title">My account</h3>
            <ul className="menu-drawer__list">
              {loggedIn ? null : (
                <li>
                  <Link to={`/login?next=${encodeURIComponent(pathname + search)}`} className="menu-drawer__link">
                    Log in or sign up
                  </Link>
                </li>
              )}
              {menu.data.account.map((a) => (
                <li key={a.url}>
                  <Link to={a.url} className="menu-drawer__link">
                    <span>{a.label}</span>
                    {a.url === '/account/notifications' && notifications > 0 ? (
                      <span className="menu-drawer__count" aria-label={`${notifications} unread`}>
                        {notifications}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
    </Modal>
  );
}
