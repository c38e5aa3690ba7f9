import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api/client';
import { AccountPage, AccountPageLoading } from '@/shared/components/AccountPage';
import '../account.css';

/**
 * The frame the account pages share: one narrow column (mobile first, 390 px), the page's title in
 * the tab, its loading state and the panel for an answer that never came.
 */
export function AccountShell({
  title,
  testId,
  wide = false,
  children,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <AccountPage title={title} className={wide ? 'ac-page ac-page--wide' : 'ac-page'} testId={testId}>
      {children}
    </AccountPage>
  );
}

export function AccountLoading({ label }: { label: string }) {
  return <AccountPageLoading className="ac-loading" label={label} />;
}

/** A page's data did not load: the server's message and Try again. */
export function LoadError({
  what,
  error,
  onRetry,
  retrying,
  testId,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  return (
    <div className="state-panel" role="alert" data-testid={testId}>
      <p>
        We couldn’t load {what}. {errorMessage(error)}
      </p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        Try again
      </button>
    </div>
  );
}
