import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { useCoupon } from '../api/cart-mutations';
import { couponWarning } from '../cart';
import { AppliedCode, CodeForm } from './CodeEntry';

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
        <AppliedCode
          warning={warning}
          icon="check"
          onRemove={remove}
          pending={coupon.isPending}
          testId="coupon-applied"
          warningTestId="coupon-message"
        >
          <p>
            <strong className="cart-coupon__code">{applied}</strong> {warning ? 'kept' : 'applied'}
          </p>
          {!warning && attr.coupon_discount > 0 ? <p className="cart-coupon__saving">You save {attr.coupon_discount_ui}</p> : null}
        </AppliedCode>
      ) : (
        <CodeForm
          inputId={inputId}
          errorId={errorId}
          label="Coupon code"
          placeholder="Enter coupon code"
          value={code}
          onChange={setCode}
          onSubmit={apply}
          pending={coupon.isPending}
          pendingLabel="Applying coupon"
          error={error}
          testId="coupon-input"
        />
      )}
      {error ? (
        <p className="form-error" id={errorId} role="alert" data-testid="coupon-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
