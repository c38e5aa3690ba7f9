import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { useAffiliationCode } from '../api/cart-mutations';
import { affiliateWarning } from '../cart';
import { AppliedCode, CodeForm } from './CodeEntry';

/**
 * A partner's referral (affiliation) code: folded behind "Have a referral code?" until asked for.
 * A kept code names the partner and what it saves; a refusal shows the server's reason.
 */
export function ReferralCode({ attr, cartId }: { attr: CartAttr; cartId: number }) {
  const toast = useToast();
  const mutation = useAffiliationCode(cartId);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const applied = attr.affiliation_code;
  const warning = affiliateWarning(attr);
  // After Apply the form goes away: keep the keyboard on the panel that replaces it.
  const removeRef = useRef<HTMLButtonElement>(null);
  const justApplied = useRef(false);
  useEffect(() => {
    if (applied && justApplied.current) {
      justApplied.current = false;
      removeRef.current?.focus();
    }
  }, [applied]);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Please enter a referral code');
      return;
    }
    setError(null);
    try {
      justApplied.current = true;
      const cart = await mutation.mutateAsync(code);
      setCode('');
      toast.success(`Referral code ${cart.cart_attr.affiliation_code} applied`);
    } catch (err) {
      justApplied.current = false;
      setError(errorMessage(err));
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await mutation.mutateAsync(null);
      toast.success('Referral code removed');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="cart-card cart-referral" aria-label="Referral code" data-testid="referral">
      {applied ? (
        <AppliedCode
          warning={warning}
          icon="user"
          onRemove={remove}
          pending={mutation.isPending}
          removeLabel="Remove referral code"
          removeRef={removeRef}
          testId="referral-applied"
        >
          <p>
            Referred by <strong>{attr.affiliate_name || applied}</strong> <span className="cart-coupon__code">({applied})</span>
          </p>
          {!warning && attr.affiliate_discount > 0 ? <p className="cart-coupon__saving">You save {attr.affiliate_discount_ui}</p> : null}
        </AppliedCode>
      ) : open ? (
        <CodeForm
          inputId={inputId}
          errorId={errorId}
          label="Referral code"
          placeholder="Enter referral code"
          value={code}
          onChange={setCode}
          onSubmit={apply}
          pending={mutation.isPending}
          pendingLabel="Applying referral code"
          error={error}
          testId="referral-input"
          autoFocus
        />
      ) : (
        <button type="button" className="link-button cart-referral__open" onClick={() => setOpen(true)} data-testid="referral-open">
          <Icon name="user" size={16} /> Have a referral code?
        </button>
      )}
      {error ? (
        <p className="form-error" id={errorId} role="alert" data-testid="referral-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
