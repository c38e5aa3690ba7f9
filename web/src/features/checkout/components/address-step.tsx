import { useId, useState } from 'react';
import type { Address } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import type { CheckoutDelivery } from '../types';

const phoneText = (p: string) => {
  const d = p.replace(/\D/g, '').slice(-10);
  return d.length === 10 ? `${d.slice(0, 5)} ${d.slice(5)}` : p;
};

function AddressLines({ address: a }: { address: Address }) {
  return (
    <>
      <p className="co-address__name">
        {a.addressee}
        <span className="co-address__type">{a.address_type || 'Home'}</span>
      </p>
      <address className="co-address__lines">
        <span>{a.street1}</span>
        {a.street2 ? <span>{a.street2}</span> : null}
        <span>
          {a.city}, {a.state} {a.postal_code}
        </span>
        <span>Phone: {phoneText(a.phone)}</span>
      </address>
    </>
  );
}

/**
 * Where the order goes: the chosen address (the default until another is picked), 'Change' to pick
 * another from the book, 'Add new address' (the address book's own form, passed in by the app), and
 * the delivery estimate and cash on delivery for that address.
 */
export function AddressStep({
  address,
  delivery,
  book,
  bookLoading,
  onPick,
  onAdd,
}: {
  address: Address | null;
  delivery: CheckoutDelivery;
  book: Address[];
  bookLoading: boolean;
  onPick: (id: number) => void;
  onAdd: () => void;
}) {
  const ids = useId();
  const [picking, setPicking] = useState(false);
  return (
    <section className="co-card co-address" aria-labelledby={`${ids}-title`} data-testid="address-step">
      <div className="co-card__head">
        <h2 className="co-card__title" id={`${ids}-title`}>
          <Icon name="pin" size={18} />
          Delivery address
        </h2>
        {address ? (
          <button type="button" className="link-button" onClick={() => setPicking(true)}>
            Change
          </button>
        ) : null}
      </div>
      {address ? (
        <div className="co-address__chosen" data-testid="chosen-address">
          <AddressLines address={address} />
        </div>
      ) : (
        <p className="co-address__none">Add the address your order should go to.</p>
      )}
      {address ? (
        delivery.deliverable ? (
          <p className="co-delivery co-delivery--ok" data-testid="delivery">
            <Icon name="truck" size={18} />
            <span>
              {delivery.estimated_delivery_ui ? <strong>Delivery by {delivery.estimated_delivery_ui}. </strong> : null}
              {delivery.message}
            </span>
          </p>
        ) : (
          <p className="co-delivery co-delivery--no" role="alert" data-testid="delivery">
            <Icon name="close" size={18} />
            <span>{delivery.message || 'Sorry, we do not deliver to this pincode yet.'} Please choose another address.</span>
          </p>
        )
      ) : null}
      <button type="button" className={address ? 'co-add' : 'button button--primary button--wide'} onClick={onAdd}>
        <Icon name="plus" size={18} />
        Add new address
      </button>

      {picking ? (
        <Modal open title="Choose a delivery address" onClose={() => setPicking(false)} variant="sheet" className="co-picker">
          {bookLoading ? (
            <Spinner label="Loading your addresses" />
          ) : (
            <ul className="co-picker__list" data-testid="address-picker">
              {book.map((a) => {
                const chosen = a.id === address?.id;
                return (
                  <li key={a.id}>
                    <button
                      type="button"
                      className={`co-picker__item${chosen ? ' co-picker__item--chosen' : ''}`}
                      aria-pressed={chosen}
                      onClick={() => {
                        onPick(a.id);
                        setPicking(false);
                      }}
                    >
                      <AddressLines address={a} />
                      {a.is_default_shipping ? <span className="co-picker__default">Default</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <button
            type="button"
            className="button button--secondary button--wide co-picker__add"
            onClick={() => {
              setPicking(false);
              onAdd();
            }}
          >
            <Icon name="plus" size={18} />
            Add new address
          </button>
        </Modal>
      ) : null}
    </section>
  );
}
