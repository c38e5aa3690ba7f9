import { AddressBookPage } from '@/features/addresses/components/AddressBookPage';

/** /address-book/: a lazy chunk of its own. */
export function AddressBookRoute() {
  return <AddressBookPage />;
}
