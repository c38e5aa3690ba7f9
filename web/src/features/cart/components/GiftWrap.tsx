import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { addGiftWrap, removeGiftWrap, useCartMutation } from '../api/cart-mutations';

/** The gift-wrap switch. A 400 is a handled answer (spec 000 §8): its message shows under the switch. */
export function GiftWrap({ attr, cartId }: { attr: CartAttr; cartId: number }) {
  const [message, setMessage] = useState<string | null>(null);
  const toggle = useCartMutation(cartId, (on: boolean) => (on ? addGiftWrap(cartId) : removeGiftWrap(cartId)));
  const on = toggle.isPending && toggle.variables !== undefined ? toggle.variables : attr.gift_wrap;

  const flip = () => {
    if (toggle.isPending) return;
    setMessage(null);
    toggle.mutateAsync(!attr.gift_wrap).catch((e: unknown) => setMessage(errorMessage(e)));
  };

  return (
    <section className="cart-card cart-wrap" data-testid="gift-wrap">
      <span className="cart-wrap__icon" aria-hidden="true">
        <Icon name="box" size={22} />
      </span>
      <div className="cart-wrap__text">
        <h2 className="cart-wrap__title" id="gift-wrap-label">
          Gift wrap this order
        </h2>
        <p className="cart-wrap__sub">
          {attr.gift_wrap
            ? `Your order will be gift wrapped${attr.gift_wrap_charge > 0 ? ` (${attr.gift_wrap_charge_ui})` : ''}.`
            : 'We wrap your order as a gift before it ships.'}
        </p>
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="gift-wrap-label"
        className="cart-switch"
        onClick={flip}
        disabled={toggle.isPending}
        data-testid="gift-wrap-switch"
      >
        <span className="cart-switch__knob" />
      </button>
    </section>
  );
}
