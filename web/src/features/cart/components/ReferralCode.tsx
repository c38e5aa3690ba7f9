import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { useAffiliationCode } from '../api/cart-mutations';
import { affiliateWarning } from '../cart';

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
        <div className={`cart-coupon__applied${warning ? ' cart-coupon__applied--idle' : ''}`} data-testid="referral-applied">
          <span className="cart-coupon__check" aria-hidden="true">
            <Icon name={warning ? 'tag' : 'user'} size={18} />
          </span>
          <div className="cart-coupon__applied-text">
            <p>
              Referred by <strong>{attr.affiliate_name || applied}</strong> <span className="cart-coupon__code">({applied})</span>
            </p>
            {!warning && attr.affiliate_discount > 0 ? <p className="cart-coupon__saving">You save {attr.affiliate_discount_ui}</p> : null}
            {warning ? (
              <p className="cart-coupon__warning" role="status">
                {warning}
              </p>
            ) : null}
          </div>
          <button type="button" className="link-button" onClick={remove} disabled={mutation.isPending} ref={removeRef} aria-label="Remove referral code">
            Remove
          </button>
        </div>
      ) : open ? (
        <form className="cart-coupon__form" onSubmit={apply} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Referral code
          </label>
          <input
            id={inputId}
            className="input cart-coupon__input"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            placeholder="Enter referral code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="referral-input"
            autoFocus
          />
          <button type="submit" className="button button--secondary cart-coupon__apply" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Applying referral code" size={18} /> : 'Apply'}
          </button>
        </form>
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
