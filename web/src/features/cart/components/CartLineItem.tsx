import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import type { CartLine } from '@/shared/api/types';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { recordEvent } from '@/shared/lib/events';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { removeCartItem, useCartMutation, useUpdateQuantity } from '../api/cart-mutations';
import { increaseHint, isOutOfStock, lineSizeText, quantityBounds } from '../cart';

/** One cart line: picture, name, colour and size, price, quantity stepper and Remove. */
export function CartLineItem({ line, cartId }: { line: CartLine; cartId: number }) {
  const toast = useToast();
  const quality = useImageQuality();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateQuantity(cartId);
  const remove = useCartMutation(cartId, (id: number) => removeCartItem(id));
  const busy = update.isPending || remove.isPending;
  const oos = isOutOfStock(line);
  const bounds = quantityBounds(line);
  const hint = increaseHint(line);
  const hintId = useId();
  const d = line.product_detail;
  const struck = line.mrp > line.unit_price;
  const meta = [d.color_name, lineSizeText(line)].filter(Boolean).join(' · ');

  const step = (delta: 1 | -1) => {
    if (busy) return;
    const quantity = line.quantity + delta;
    if (quantity < bounds.min || quantity > bounds.max) return;
    setError(null);
    update.mutateAsync({ lineId: line.id, quantity }).then(
      // every quantity change is a cart_updated event (spec 000 §7)
      () => void recordEvent({ event_name: 'cart_updated', product_id: d.id, cart_id: cartId, source: 'cart', cart_updated: true }),
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  const onRemove = () => {
    if (busy) return;
    setError(null);
    // mutateAsync: the line unmounts as soon as the new cart is in the cache
    remove.mutateAsync(line.id).then(
      () => {
        toast.success(`${d.name} removed from your cart`);
        void recordEvent({ event_name: 'removed_from_cart', product_id: d.id, source: 'cart', cart_updated: true });
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  return (
    <li className={`cart-line${oos ? ' cart-line--oos' : ''}`} data-testid="cart-line" data-line-id={line.id} aria-busy={busy}>
      <Link to={d.url} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <img src={sizedImage(d.img, 84, quality)} alt="" width={84} height={112} loading="lazy" />
        {oos ? <span className="cart-line__oos-tag">Out of stock</span> : null}
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <Link to={d.url} className="cart-line__name">
            {d.name}
          </Link>
          <button
            type="button"
            className="cart-line__remove"
            onClick={onRemove}
            disabled={remove.isPending}
            aria-label={`Remove ${d.name}${line.size ? `, ${lineSizeText(line)}` : ''}`}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
        {meta ? <p className="cart-line__meta">{meta}</p> : null}
        <div className="cart-line__badges">
          {line.is_deal ? <span className="cart-badge cart-badge--deal">Deal</span> : null}
          {oos ? <span className="cart-badge cart-badge--oos">Out of stock</span> : null}
        </div>
        <p className="cart-line__price">
          <span className="price">{line.unit_price_ui}</span>
          {struck ? <OldPrice>{line.mrp_ui}</OldPrice> : null}
          {line.quantity > 1 && !oos ? (
            <span className="cart-line__total">
              {line.line_total_ui} for {line.quantity}
            </span>
          ) : null}
        </p>
        <div className="cart-line__actions">
          {oos ? (
            <p className="cart-line__oos-note">Not charged. Move it to your wishlist or remove it.</p>
          ) : (
            <div className="cart-qty" role="group" aria-label={`Quantity of ${d.name}`}>
              <button
                type="button"
                className="cart-qty__button"
                aria-label="Decrease quantity"
                disabled={!bounds.canDecrease || busy}
                onClick={() => step(-1)}
              >
                <Icon name="minus" size={16} />
              </button>
              <output className="cart-qty__value" aria-live="polite" aria-label={`Quantity ${line.quantity}`}>
                {line.quantity}
              </output>
              <button
                type="button"
                className="cart-qty__button"
                aria-label="Increase quantity"
                aria-describedby={hint ? hintId : undefined}
                disabled={!bounds.canIncrease || busy}
                onClick={() => step(1)}
              >
                <Icon name="plus" size={16} />
              </button>
            </div>
          )}
          {hint ? (
            <span className="cart-line__limit" id={hintId} data-testid="quantity-limit">
              {hint}
            </span>
          ) : null}
          {line.is_deal && !oos ? <span className="cart-line__limit">1 per order</span> : null}
        </div>
        {d.nonreturnable ? <p className="cart-line__note">Non-returnable: this item cannot be returned or exchanged.</p> : null}
        {error ? (
          <p className="cart-line__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
