import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { digitsOnly } from '@/shared/lib/validation';
import { useConfirmCod, useResendCodCode } from '../api/cod';
import { Field } from './field';

export const COD_CODE_LENGTH = 6;
export const COD_MESSAGES = {
  code: 'Please enter the 6 digit code',
  resent: 'We sent a new code to your mobile',
} as const;

/**
 * A cash on delivery order waits for the 6-digit code sent to the shopper's mobile (status 'Pending
 * confirmation'): the code confirms it; 'Resend code' sends another (429 when asked too often).
 */
export function CodConfirm({ orderId, orderRef, onConfirmed }: { orderId: string; orderRef?: string; onConfirmed: () => void }) {
  const id = useId();
  const toast = useToast();
  const confirm = useConfirmCod(orderId);
  const resend = useResendCodCode(orderId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (confirm.isPending) return;
    if (!new RegExp(`^\\d{${COD_CODE_LENGTH}}$`).test(code)) {
      setError(COD_MESSAGES.code);
      return;
    }
    setError(null);
    confirm.mutate(code, {
      onSuccess: onConfirmed,
      onError: (err) => {
        // already confirmed (another tab): the thank-you page shows where it stands
        if (isApiError(err) && err.code === 'not_awaiting_code') onConfirmed();
        else setError(errorMessage(err));
      },
    });
  };

  const again = () => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => toast.success(COD_MESSAGES.resent),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <section className="co-card co-cod" aria-labelledby={`${id}-title`} data-testid="cod-confirm">
      <span className="co-cod__icon" aria-hidden="true">
        <Icon name="phone" size={24} />
      </span>
      <h2 className="co-cod__title" id={`${id}-title`}>
        Confirm your cash on delivery order
      </h2>
      <p className="co-cod__text">
        {orderRef ? `Order ${orderRef} is waiting for you. ` : null}We sent a {COD_CODE_LENGTH}-digit code to your mobile number. Enter it
        to confirm the order.
      </p>
      <form className="co-form" onSubmit={submit} noValidate>
        <Field
          label="Confirmation code"
          id={`${id}-code`}
          value={code}
          onChange={(raw) => {
            setCode(digitsOnly(raw, COD_CODE_LENGTH));
            setError(null);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="co-cod__code"
        />
        <button type="submit" className="button button--primary button--wide" disabled={confirm.isPending} aria-busy={confirm.isPending}>
          {confirm.isPending ? <Spinner size={18} label="Confirming" /> : null}
          Confirm order
        </button>
      </form>
      <button type="button" className="link-button" onClick={again} disabled={resend.isPending}>
        Resend code
      </button>
    </section>
  );
}
