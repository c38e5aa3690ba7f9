import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { writeViewed } from '@/features/recommendations/recently-viewed';
import { errorMessage } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { FullPageSpinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';

const NOTIFICATIONS = '/account/notifications';

/**
 * The account menu of spec 000 §2: my orders, wallet, coupons, recently viewed, contact, settings, logout;
 * and Notifications, with the unread count (`me.notificationCount`).
 */
const LINKS: [string, string, IconName][] = [
  ['My orders', '/order/history/', 'box'],
  ['Notifications', NOTIFICATIONS, 'bell'],
  ['Wallet', '/account/wallet', 'wallet'],
  ['Coupons', '/account/coupons', 'ticket'],
  ['Recently viewed', '/account/recently-viewed', 'clock'],
  ['Contact', '/account/contact', 'phone'],
  ['Settings', '/account/settings', 'settings'],
];

function displayMobile(m: string): string {
  return m.length === 10 ? `+91 ${m.slice(0, 5)} ${m.slice(5)}` : m;
}

export function AccountMenu({ me }: { me: Me | undefined }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useLogout();
  const loggedIn = Boolean(me?.is_authenticated && me.user);

  // Close on navigation, outside click and Escape.
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const next = location.pathname + location.search;
  const loginHref = location.pathname === '/login' ? '/login' : `/login?next=${encodeURIComponent(next)}`;

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        // what this shopper viewed is theirs (kept by the server), not the next person's on this phone
        writeViewed([]);
        setOpen(false);
        toast.success('You have been logged out');
        navigate('/');
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  };

  const notifications = me?.notificationCount ?? 0;

  return (
    <div className="account" ref={root}>
      {logout.isPending ? <FullPageSpinner label="Logging out" /> : null}
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account${notifications ? `, ${notifications} new notifications` : ''}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-button"
      >
        <Icon name="user" />
        {notifications > 0 ? (
          <span className="count-badge" data-testid="notification-count" aria-hidden="true">
            {notifications > 99 ? '99+' : notifications}
          </span>
        ) : loggedIn ? (
          <span className="account__dot" aria-hidden="true" />
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="account__panel" data-testid="account-menu">
          <div className="account__head" data-testid="account-status">
            {loggedIn && me?.user ? (
              <>
                <p className="account__hello">Hello{me.user.name ? `, ${me.user.name}` : ''}</p>
                <p className="account__who">Logged in as {displayMobile(me.user.mobile)}</p>
              </>
            ) : (
              <>
                <p className="account__hello">Welcome to Drape</p>
                <p className="account__who">Log in to see your orders, wallet and coupons.</p>
                <Link to={loginHref} className="button button--primary button--wide account__login">
                  Log in
                </Link>
              </>
            )}
          </div>
          <ul className="account__links">
            {LINKS.map(([label, href, icon]) => (
              <li key={href}>
                <Link to={href} className="account__link">
                  <Icon name={icon} size={20} />
                  <span>{label}</span>
                  {href === NOTIFICATIONS && notifications > 0 ? (
                    <>
                      {' '}
                      <span className="account__count" data-testid="account-notification-count">
                        {notifications > 99 ? '99+' : notifications} <span className="visually-hidden">unread</span>
                      </span>
                    </>
                  ) : null}
                </Link>
              </li>
            ))}
            {loggedIn ? (
              <li>
                <button type="button" className="account__link account__logout" onClick={onLogout} disabled={logout.isPending}>
                  <Icon name="logout" size={20} />
                  <span>{logout.isPending ? 'Logging out…' : 'Logout'}</span>
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
