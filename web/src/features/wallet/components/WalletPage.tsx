import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Wallet, WalletEntry } from '@/shared/api/types';
import { AccountPage, AccountPageLoading, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { useWallet } from '../api/get-wallet';
import { isMoneyIn, LEDGER_LENGTH, ledgerDate, spokenAmount } from '../wallet';
import './wallet.css';

const NEXT = '/account/wallet';

/**
 * The wallet (/account/wallet, the account menu's Wallet), for logged-in shoppers: the balance, how it
 * is used, and the ledger, newest first. Read only: operators credit it, refunds land in it, checkout
 * (not built yet) will spend it.
 */
export function WalletPage() {
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  const wallet = useWallet(userId);

  if (session.isPending) return <WalletLoading />;
  if (userId === null || (isApiError(wallet.error) && wallet.error.status === 401)) return <LoginNeeded />;
  if (wallet.isPending) return <WalletLoading />;
  // a failed refetch keeps the wallet it had; only a wallet never loaded is an error page
  if (!wallet.data) {
    return (
      <Shell>
        <div className="state-panel" role="alert" data-testid="wallet-error">
          <p>We couldn’t load your wallet. {errorMessage(wallet.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void wallet.refetch()} disabled={wallet.isFetching}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }
  return (
    <Shell>
      <h1 className="wt-title">Wallet</h1>
      <Balance wallet={wallet.data} />
      <Ledger entries={wallet.data.entries} />
    </Shell>
  );
}

function Balance({ wallet }: { wallet: Wallet }) {
  return (
    <section className="wt-balance" aria-labelledby="wt-balance-label" data-testid="wallet-balance">
      <span className="wt-balance__icon" aria-hidden="true">
        <Icon name="wallet" size={22} />
      </span>
      <h2 id="wt-balance-label" className="wt-balance__label">
        Wallet balance
      </h2>
      <p className="wt-balance__amount" data-testid="wallet-amount">
        <span aria-hidden="true">{wallet.walletAmount_ui}</span>
        <span className="visually-hidden">{spokenAmount(wallet.walletAmount, wallet.walletAmount_ui, { signed: false })}</span>
      </p>
      <p className="wt-balance__use">
        Credits from Drape are kept here, each with its reason. Paying with your wallet comes with checkout.
      </p>
    </section>
  );
}

function Ledger({ entries }: { entries: WalletEntry[] }) {
  return (
    <section className="wt-ledger" aria-labelledby="wt-ledger-title">
      <h2 id="wt-ledger-title" className="wt-ledger__title">
        Transactions
      </h2>
      {entries.length === 0 ? (
        <div className="empty-panel wt-empty" data-testid="wallet-empty">
          <span className="empty-panel__icon wt-icon" aria-hidden="true">
            <Icon name="wallet" size={30} />
          </span>
          <h3 className="empty-panel__title">No transactions yet</h3>
          <p className="empty-panel__text">Money added to your wallet will be listed here, with the date and the reason.</p>
        </div>
      ) : (
        <>
          <ul className="wt-list" data-testid="wallet-entries">
            {entries.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
          {entries.length >= LEDGER_LENGTH ? (
            <p className="wt-more" data-testid="wallet-latest">
              Showing your latest {LEDGER_LENGTH} transactions.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

const KIND_ICON: Record<string, IconName> = { credit: 'plus', refund: 'refresh', order_payment: 'bag' };

function EntryRow({ entry }: { entry: WalletEntry }) {
  const moneyIn = isMoneyIn(entry);
  const date = ledgerDate(entry.created_at);
  return (
    <li className={`wt-entry ${moneyIn ? 'wt-entry--in' : 'wt-entry--out'}`} data-testid="wallet-entry">
      <span className="wt-entry__icon" aria-hidden="true">
        <Icon name={KIND_ICON[entry.kind] ?? 'wallet'} size={18} />
      </span>
      <div className="wt-entry__text">
        <p className="wt-entry__label" data-testid="wallet-entry-label">
          {entry.label}
        </p>
        {entry.note ? (
          <p className="wt-entry__note" data-testid="wallet-entry-note">
            {entry.note}
          </p>
        ) : null}
        <time className="wt-entry__date" dateTime={date.iso} data-testid="wallet-entry-date">
          {date.text}
        </time>
      </div>
      <p className="wt-entry__amount" data-testid="wallet-entry-amount">
        <span aria-hidden="true">{entry.amount_ui}</span>
        <span className="visually-hidden">{spokenAmount(entry.amount, entry.amount_ui, { signed: true })}</span>
      </p>
    </li>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Wallet" className="wt-page" testId="wallet-page">
      {children}
    </AccountPage>
  );
}

function WalletLoading() {
  return (
    <Shell>
      <AccountPageLoading className="wt-loading" label="Loading your wallet" />
    </Shell>
  );
}

function LoginNeeded() {
  return (
    <Shell>
      <LoginNeededPanel
        icon="wallet"
        iconClassName="wt-icon"
        title="Your wallet"
        text="Log in to see your wallet balance and its transactions."
        next={NEXT}
        testId="wallet-login"
      />
    </Shell>
  );
}
