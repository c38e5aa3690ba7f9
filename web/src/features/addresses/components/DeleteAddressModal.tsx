import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { Address } from '@/shared/api/types';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { placeLine } from '../addresses';
import { useDeleteAddress } from '../api/address-mutations';

/**
 * 'Delete this address?' — the address named, and what happens to the default; Delete or Keep it. The
 * server's answer (the book without it) replaces the list.
 */
export function DeleteAddressModal({ address: a, others, onClose }: { address: Address; others: number; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteAddress();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    remove.mutateAsync(a.id).then(
      () => {
        toast.success('Address deleted');
        onClose();
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  return (
    <Modal open title="Delete this address?" onClose={onClose} id="address-delete">
      <div className="ab-confirm" data-testid="address-delete">
        <div className="ab-confirm__address">
          <p className="ab-card__name">{a.addressee}</p>
          <p>{a.street1}</p>
          <p>{placeLine(a)}</p>
        </div>
        {a.is_default_shipping && others > 0 ? (
          <p className="ab-confirm__note">This is your default address: your newest other address becomes the default.</p>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="ab-confirm__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep it
          </button>
          <button type="button" className="button ab-danger" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? <Spinner size={18} label="Deleting" /> : null}
            Delete
          </button>
        </div>
      </div>
    </Modal>
  );
}
