import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { Address } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { copyText } from '@/shared/lib/clipboard';
import { addressText, asDefault, formatPhone, pickupNote, placeLine, typeLabel } from '../addresses';
import { useSaveAddress } from '../api/address-mutations';

/** Spec 000 §8: the confirmation once an address is on the clipboard. */
export const ADDRESS_COPIED = 'Address Copied';

/**
 * One saved address: the person, the street lines, the place, the phones; 'Default' and the type as
 * labels; whether returns can be collected there; Edit, Delete, Copy, and Make default for the others.
 * Each button's name ends with whose address it is (visually hidden), so a screen reader tells
 * two cards' Edit buttons apart.
 */
export function AddressCard({ address: a, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  const toast = useToast();
  const save = useSaveAddress();
  const [error, setError] = useState<string | null>(null);
  const pickup = a.pickup_available_data.reverse_pickup_available;
  // the space outside the hidden part: name computations trim each element's own text
  const whose = (
    <>
      {' '}
      <span className="visually-hidden">{`the address of ${a.addressee}, ${a.street1}`}</span>
    </>
  );

  const makeDefault = () => {
    setError(null);
    save.mutateAsync({ id: a.id, address: asDefault(a) }).then(
      () => toast.success(`${a.addressee}, ${a.city} is now your default address`),
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  const copy = async () => {
    await copyText(addressText(a));
    toast.success(ADDRESS_COPIED);
  };

  return (
    <li className={`ab-card${a.is_default_shipping ? ' ab-card--default' : ''}`} data-testid="address-card" aria-busy={save.isPending}>
      <div className="ab-card__tags">
        {a.is_default_shipping ? (
          <span className="ab-tag ab-tag--default" data-testid="address-default">
            <Icon name="check" size={13} />
            Default
          </span>
        ) : null}
        <span className="ab-tag" data-testid="address-type">
          {typeLabel(a)}
        </span>
      </div>
      <p className="ab-card__name">{a.addressee}</p>
      <address className="ab-card__lines">
        <span>{a.street1}</span>
        {a.street2 ? <span>{a.street2}</span> : null}
        <span>{placeLine(a)}</span>
        <span className="ab-card__phone">
          Phone: {formatPhone(a.phone)}
          {a.alt_phone ? `, ${formatPhone(a.alt_phone)}` : null}
        </span>
      </address>
      <p className={`ab-card__pickup${pickup ? ' ab-card__pickup--yes' : ''}`} data-testid="address-pickup">
        <Icon name={pickup ? 'refresh' : 'close'} size={15} />
        {pickupNote(a)}
      </p>
      {a.is_default_shipping ? null : (
        <button type="button" className="ab-card__make-default" onClick={makeDefault} disabled={save.isPending}>
          {save.isPending ? <Spinner size={14} label="Saving" /> : null}
          Make default
          {whose}
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ab-card__actions">
        <button type="button" className="ab-action" onClick={onEdit}>
          Edit
          {whose}
        </button>
        <button type="button" className="ab-action ab-action--danger" onClick={onDelete}>
          Delete
          {whose}
        </button>
        <button type="button" className="ab-action" onClick={() => void copy()}>
          <Icon name="copy" size={16} />
          Copy
          {whose}
        </button>
      </div>
    </li>
  );
}
