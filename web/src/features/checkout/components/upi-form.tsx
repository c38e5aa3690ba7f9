import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useValidateVpa } from '../api/validate-vpa';
import { vpaRefused, type VpaVerdict } from '../payment';
import { vpaError } from '../validators';
import { Field } from './field';

export const VPA_NOT_FOUND = 'We couldn’t find this UPI ID. Please check it.';

/** UPI: the shopper's UPI ID (name@handle), checked as typed and, on Verify, with the shop (whose name it is). */
export function UpiForm({
  vpa,
  verdict,
  onVpa,
  onVerdict,
}: {
  vpa: string;
  verdict: VpaVerdict | null;
  onVpa: (vpa: string) => void;
  onVerdict: (v: VpaVerdict | null) => void;
}) {
  const id = useId();
  const check = useValidateVpa();
  const [touched, setTouched] = useState(false);
  const [callError, setCallError] = useState<string | null>(null);
  const formatError = vpaError(vpa);
  const current = verdict && verdict.vpa === vpa.trim() ? verdict : null;
  const error = (touched ? formatError : null) ?? (vpaRefused({ vpa, verdict }) ? VPA_NOT_FOUND : null) ?? callError;

  const verify = (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (formatError || check.isPending) return;
    const asked = vpa.trim();
    setCallError(null);
    check.mutate(asked, {
      onSuccess: (r) => onVerdict({ vpa: asked, success: r.success, name: r.customer_name }),
      onError: (err) => setCallError(errorMessage(err)),
    });
  };

  return (
    <form className="co-form" onSubmit={verify} noValidate data-testid="upi-form">
      <Field
        label="UPI ID"
        id={`${id}-vpa`}
        name="vpa"
        value={vpa}
        onChange={(raw) => {
          onVpa(raw.replace(/\s/g, ''));
          setCallError(null);
        }}
        onBlur={() => setTouched(true)}
        error={error}
        hint="For example, yourname@okhdfcbank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
        action={
          <button type="submit" className="button button--secondary co-verify" disabled={check.isPending}>
            {check.isPending ? <Spinner size={16} label="Checking" /> : null}
            Verify
          </button>
        }
      />
      {current?.success ? (
        <p className="co-verified" role="status" data-testid="vpa-verified">
          <Icon name="check" size={16} />
          {current.name ? `Verified: ${current.name}` : 'UPI ID verified'}
        </p>
      ) : null}
      <p className="co-form__note">You will approve the payment in your UPI app.</p>
    </form>
  );
}
