import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { useCoupon } from '../api/cart-mutations';
import { couponWarning } from '../cart';

/**
 * A coupon field with Apply; a refusal shows the server's reason under the field. An applied coupon
 * shows its code and discount with Remove; a kept coupon that stopped applying says why.
 */
export function CouponBox({ attr, cartId, onViewOffers }: { attr: CartAttr; cartId: number; onViewOffers: () => void }) {
  const toast = useToast();
  const coupon = useCoupon(cartId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const applied = attr.coupon_code;
  const warning = couponWarning(attr);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError('Please enter a coupon code');
      return;
    }
    setError(null);
    try {
      const cart = await coupon.mutateAsync(value);
      setCode('');
      toast.success(`Coupon ${cart.cart_attr.coupon_code || value.toUpperCase()} applied`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await coupon.mutateAsync(null);
      toast.success('Coupon removed');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="cart-card cart-coupon" aria-labelledby={`${inputId}-title`} data-testid="coupon">
      <div className="cart-card__title-row">
        <h2 className="cart-card__title" id={`${inputId}-title`}>
          <Icon name="ticket" size={20} /> Coupons
        </h2>
        <button type="button" className="link-button" onClick={onViewOffers} data-testid="view-offers">
          View offers
        </button>
      </div>
      {applied ? (
        <div className={`cart-coupon__applied${warning ? ' cart-coupon__applied--idle' : ''}`} data-testid="coupon-applied">
          <span className="cart-coupon__check" aria-hidden="true">
            <Icon name={warning ? 'tag' : 'check'} size={18} />
          </span>
          <div className="cart-coupon__applied-text">
            <p>
              <strong className="cart-coupon__code">{applied}</strong> {warning ? 'kept' : 'applied'}
            </p>
            {!warning && attr.coupon_discount > 0 ? (
              <p className="cart-coupon__saving">You save {attr.coupon_discount_ui}</p>
            ) : null}
            {warning ? (
              <p className="cart-coupon__warning" role="status" data-testid="coupon-message">
                {warning}
              </p>
            ) : null}
          </div>
          <button type="button" className="link-button" onClick={remove} disabled={coupon.isPending}>
            Remove
          </button>
        </div>
      ) : (
        <form className="cart-coupon__form" onSubmit={apply} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            Coupon code
          </label>
          <input
            id={inputId}
            className="input cart-coupon__input"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            placeholder="Enter coupon code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="coupon-input"
          />
          <button type="submit" className="button button--secondary cart-coupon__apply" disabled={coupon.isPending}>
            {coupon.isPending ? <Spinner label="Applying coupon" size={18} /> : 'Apply'}
          </button>
        </form>
      )}
      {error ? (
        <p className="form-error" id={errorId} role="alert" data-testid="coupon-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
