import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { AccountNotification } from '@/shared/api/types';
import { LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { NOTIFICATIONS_KEPT, noticeTime, shopPath, useShopper } from '../account';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { AccountLoading, AccountShell, LoadError } from './AccountShell';

const NEXT = '/account/notifications';

const KIND_ICON: Record<string, IconName> = { order: 'box', stock: 'bag', offer: 'tag' };
const KIND_LABEL: Record<string, string> = { order: 'Order update', stock: 'Back in stock', offer: 'Offer' };

/**
 * Notifications (/account/notifications, the account menu's Notifications with the unread count): order
 * updates, sizes back in stock and offers, newest first, the unread ones marked. Opening one (its link)
 * marks it read; Mark all read marks the rest. Each marking brings the header's count down.
 */
export function NotificationsPage() {
  const { session, userId } = useShopper();
  const list = useNotifications(userId);

  if (session.isPending) return <Loading />;
  if (userId === null || (isApiError(list.error) && list.error.status === 401)) {
    return (
      <AccountShell title="Notifications" testId="notifications-page">
        <LoginNeededPanel
          icon="bell"
          iconClassName="ac-icon"
          title="Your notifications"
          text="Log in to see updates on your orders, sizes back in stock and offers."
          next={NEXT}
          testId="notifications-login"
        />
      </AccountShell>
    );
  }
  if (list.isPending) return <Loading />;
  return (
    <AccountShell title="Notifications" testId="notifications-page">
      {list.data ? (
        <Notifications userId={userId} notifications={list.data.notifications} unread={list.data.unread} />
      ) : (
        <>
          <h1 className="ac-title">Notifications</h1>
          <LoadError
            what="your notifications"
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            testId="notifications-error"
          />
        </>
      )}
    </AccountShell>
  );
}

function Notifications({ userId, notifications, unread }: { userId: number; notifications: AccountNotification[]; unread: number }) {
  const toast = useToast();
  const markRead = useMarkNotificationsRead(userId, (e) => toast.error(errorMessage(e)));
  const markAll = () => markRead.mutate([]);
  const allPending = markRead.isPending && markRead.variables?.length === 0;

  return (
    <>
      <div className="ac-head">
        <div>
          <h1 className="ac-title">Notifications</h1>
          {unread > 0 ? (
            <p className="nt-unread" data-testid="notifications-unread">
              {unread} unread
            </p>
          ) : null}
        </div>
        {unread > 0 ? (
          <button type="button" className="button button--secondary nt-all" onClick={markAll} disabled={markRead.isPending}>
            {allPending ? <Spinner size={18} label="Marking all read" /> : 'Mark all read'}
          </button>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <div className="empty-panel ac-empty" data-testid="notifications-empty">
          <span className="empty-panel__icon ac-icon" aria-hidden="true">
            <Icon name="bell" size={30} />
          </span>
          <h2 className="empty-panel__title">No notifications yet</h2>
          <p className="empty-panel__text">Updates on your orders, sizes back in stock and offers will be listed here.</p>
          <Link to="/" className="button button--primary">
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <ul className="nt-list" data-testid="notifications">
            {notifications.map((n) => (
              <NotificationRow key={n.id} n={n} onRead={() => markRead.mutate([n.id])} busy={markRead.isPending} />
            ))}
          </ul>
          {notifications.length >= NOTIFICATIONS_KEPT ? (
            <p className="ac-more" data-testid="notifications-latest">
              Showing your latest {NOTIFICATIONS_KEPT} notifications.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

function NotificationRow({ n, onRead, busy }: { n: AccountNotification; onRead: () => void; busy: boolean }) {
  const time = noticeTime(n.created_at);
  const path = shopPath(n.link);
  const content = (
    <>
      <span className="nt-item__icon" aria-hidden="true">
        <Icon name={KIND_ICON[n.kind] ?? 'bell'} size={18} />
      </span>
      <span className="nt-item__text">
        <span className="nt-item__kind">
          {!n.read ? <span className="visually-hidden">Unread: </span> : null}
          {KIND_LABEL[n.kind] ?? 'Notification'}
        </span>
        <span className="nt-item__title" data-testid="notification-title">
          {n.title}
        </span>
        {n.body ? (
          <span className="nt-item__body" data-testid="notification-body">
            {n.body}
          </span>
        ) : null}
        {time.text ? (
          <time className="nt-item__time" dateTime={time.iso}>
            {time.text}
          </time>
        ) : null}
      </span>
      {!n.read ? <span className="nt-item__dot" aria-hidden="true" /> : null}
    </>
  );
  return (
    <li className={`nt-item${n.read ? '' : ' nt-item--unread'}`} data-testid="notification" data-read={n.read}>
      {path ? (
        <Link to={path} className="nt-item__main" onClick={n.read ? undefined : onRead}>
          {content}
        </Link>
      ) : (
        <div className="nt-item__main">{content}</div>
      )}
      {!n.read && !path ? (
        <button type="button" className="link-button nt-item__mark" onClick={onRead} disabled={busy}>
          Mark as read
        </button>
      ) : null}
    </li>
  );
}

function Loading() {
  return (
    <AccountShell title="Notifications" testId="notifications-page">
      <AccountLoading label="Loading your notifications" />
    </AccountShell>
  );
}
