import { useState, type ReactNode } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Address } from '@/shared/api/types';
import { AccountPage, AccountPageLoading, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { MAX_ADDRESSES } from '../addresses';
import { useAddressBook } from '../api/get-address-book';
import { AddressCard } from './AddressCard';
import { AddressFormModal } from './AddressForm';
import { DeleteAddressModal } from './DeleteAddressModal';
import './addresses.css';

const NEXT = '/address-book/';

/** The form is open for a new address, or for one being edited. */
type Editing = { address: Address | null } | null;

/**
 * The address book (/address-book/), for logged-in shoppers: each saved address as a card (Edit,
 * Delete after a confirmation, Make default, Copy), and the form to add one (at most 20). Every change
 * answers the whole book, which replaces the list.
 */
export function AddressBookPage() {
  const session = useSession();
  const loggedIn = session.data ? isLoggedIn(session.data) : false;
  const book = useAddressBook(loggedIn);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  if (session.isPending) return <BookLoading />;
  if (!loggedIn || (isApiError(book.error) && book.error.status === 401)) return <LoginNeeded />;
  if (book.isPending) return <BookLoading />;
  // a failed refetch keeps the book it had; only a book never loaded is an error page
  if (!book.data) {
    return (
      <Shell>
        <div className="state-panel" role="alert">
          <p>We couldn’t load your addresses. {errorMessage(book.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void book.refetch()}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }

  const { addresses, room_left: roomLeft } = book.data;
  const addNew = () => setEditing({ address: null });
  return (
    <Shell>
      <header className="ab-head">
        <h1 className="ab-head__title">Address book</h1>
        {addresses.length > 0 ? (
          <p className="ab-head__count" data-testid="address-count">
            {addresses.length} {addresses.length === 1 ? 'address' : 'addresses'}
          </p>
        ) : null}
      </header>
      {addresses.length === 0 ? (
        <section className="empty-panel" data-testid="address-empty">
          <span className="empty-panel__icon ab-icon" aria-hidden="true">
            <Icon name="pin" size={30} />
          </span>
          <h2 className="empty-panel__title">No saved addresses yet</h2>
          <p className="empty-panel__text">Save where you would like your orders delivered, and checkout takes seconds.</p>
          <button type="button" className="button button--primary" onClick={addNew}>
            <Icon name="plus" size={18} />
            Add your first address
          </button>
        </section>
      ) : (
        <>
          {roomLeft > 0 ? (
            <button type="button" className="ab-add" onClick={addNew} data-testid="address-add">
              <Icon name="plus" size={20} />
              Add a new address
            </button>
          ) : (
            <p className="ab-full" data-testid="address-full">
              Your address book is full ({MAX_ADDRESSES} addresses). Delete one you no longer use to add another.
            </p>
          )}
          <ul className="ab-list" data-testid="address-list">
            {addresses.map((a) => (
              <AddressCard key={a.id} address={a} onEdit={() => setEditing({ address: a })} onDelete={() => setDeleting(a)} />
            ))}
          </ul>
        </>
      )}
      {editing ? <AddressFormModal editing={editing.address} bookSize={addresses.length} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteAddressModal address={deleting} others={addresses.length - 1} onClose={() => setDeleting(null)} /> : null}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Address book" className="ab-page" testId="address-book-page">
      {children}
    </AccountPage>
  );
}

function BookLoading() {
  return (
    <Shell>
      <AccountPageLoading className="ab-loading" label="Loading your addresses" />
    </Shell>
  );
}

function LoginNeeded() {
  return (
    <Shell>
      <LoginNeededPanel
        icon="pin"
        iconClassName="ab-icon"
        title="Your address book"
        text="Log in to see and manage the addresses your orders go to."
        next={NEXT}
        testId="address-login"
      />
    </Shell>
  );
}
