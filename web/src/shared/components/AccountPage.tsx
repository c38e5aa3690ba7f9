import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';

/**
 * The frame of a shopper's own page (wishlist, address book, wallet): its document title, a
 * loading state, and the panel a guest sees instead, which logs in and comes back to `next`.
 */
export function AccountPage({
  title,
  className,
  testId,
  children,
}: {
  title: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={className} data-testid={testId}>
      <title>{`${title} · Drape`}</title>
      {children}
    </div>
  );
}

export function AccountPageLoading({ label, className }: { label: string; className: string }) {
  return (
    <div className={className}>
      <Spinner label={label} />
    </div>
  );
}

export function LoginNeededPanel({
  icon,
  iconClassName,
  title,
  text,
  next,
  testId,
}: {
  icon: IconName;
  iconClassName: string;
  title: string;
  text: string;
  next: string;
  testId: string;
}) {
  return (
    <section className="empty-panel" data-testid={testId}>
      <span className={`empty-panel__icon ${iconClassName}`} aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <h1 className="empty-panel__title">{title}</h1>
      <p className="empty-panel__text">{text}</p>
      <Link to={`/login?next=${encodeURIComponent(next)}`} className="button button--primary">
        Log in
      </Link>
      <Link to="/" className="link-button">
        Continue shopping
      </Link>
    </section>
  );
}
