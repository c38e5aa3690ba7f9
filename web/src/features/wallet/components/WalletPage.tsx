import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Wallet, WalletEntry } from '@/shared/api/types';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
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
      <h1 className="wl-title">Wallet</h1>
      <Balance wallet={wallet.data} />
      <Ledger entries={wallet.data.entries} />
    </Shell>
  );
}

function Balance({ wallet }: { wallet: Wallet }) {
  return (
    <section className="wl-balance" aria-labelledby="wl-balance-label" data-testid="wallet-balance">
      <span className="wl-balance__icon" aria-hidden="true">
        <Icon name="wallet" size={22} />
      </span>
      <h2 id="wl-balance-label" className="wl-balance__label">
        Wallet balance
      </h2>
      <p className="wl-balance__amount" data-testid="wallet-amount">
        <span aria-hidden="true">{wallet.walletAmount_ui}</span>
        <span className="visually-hidden">{spokenAmount(wallet.walletAmount, wallet.walletAmount_ui, { signed: false })}</span>
      </p>
      <p className="wl-balance__use">
        Credits from Drape are kept here, each with its reason. Paying with your wallet comes with checkout.
      </p>
    </section>
  );
}

function Ledger({ entries }: { entries: WalletEntry[] }) {
  return (
    <section className="wl-ledger" aria-labelledby="wl-ledger-title">
      <h2 id="wl-ledger-title" className="wl-ledger__title">
        Transactions
      </h2>
      {entries.length === 0 ? (
        <div className="empty-panel wl-empty" data-testid="wallet-empty">
          <span className="empty-panel__icon wl-icon" aria-hidden="true">
            <Icon name="wallet" size={30} />
          </span>
          <h3 className="empty-panel__title">No transactions yet</h3>
          <p className="empty-panel__text">Money added to your wallet will be listed here, with the date and the reason.</p>
        </div>
      ) : (
        <>
          <ul className="wl-list" data-testid="wallet-entries">
            {entries.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
          {entries.length >= LEDGER_LENGTH ? (
            <p className="wl-more" data-testid="wallet-latest">
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
    <li className={`wl-entry ${moneyIn ? 'wl-entry--in' : 'wl-entry--out'}`} data-testid="wallet-entry">
      <span className="wl-entry__icon" aria-hidden="true">
        <Icon name={KIND_ICON[entry.kind] ?? 'wallet'} size={18} />
      </span>
      <div className="wl-entry__text">
        <p className="wl-entry__label" data-testid="wallet-entry-label">
          {entry.label}
        </p>
        {entry.note ? (
          <p className="wl-entry__note" data-testid="wallet-entry-note">
            {entry.note}
          </p>
        ) : null}
        <time className="wl-entry__date" dateTime={date.iso} data-testid="wallet-entry-date">
          {date.text}
        </time>
      </div>
      <p className="wl-entry__amount" data-testid="wallet-entry-amount">
        <span aria-hidden="true">{entry.amount_ui}</span>
        <span className="visually-hidden">{spokenAmount(entry.amount, entry.amount_ui, { signed: true })}</span>
      </p>
    </li>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="wl-page" data-testid="wallet-page">
      <title>Wallet · Drape</title>
      {children}
    </div>
  );
}

function WalletLoading() {
  return (
    <Shell>
      <div className="wl-loading">
        <Spinner label="Loading your wallet" />
      </div>
    </Shell>
  );
}

function LoginNeeded() {
  return (
    <Shell>
      <section className="empty-panel" data-testid="wallet-login">
        <span className="empty-panel__icon wl-icon" aria-hidden="true">
          <Icon name="wallet" size={30} />
        </span>
        <h1 className="empty-panel__title">Your wallet</h1>
        <p className="empty-panel__text">Log in to see your wallet balance and its transactions.</p>
        <Link to={`/login?next=${encodeURIComponent(NEXT)}`} className="button button--primary">
          Log in
        </Link>
        <Link to="/" className="link-button">
          Continue shopping
        </Link>
      </section>
    </Shell>
  );
}
