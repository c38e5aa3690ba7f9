import { forwardRef, useEffect, useState } from 'react';
import { Icon } from '@/shared/components/ui/Icon';
import { QUANTITY_HINT_MS, QUANTITY_NEEDS_SIZE } from '../purchase';

/** The cap note's id: the buy buttons point at it too when the cap turns them off. */
export const QUANTITY_LIMIT_ID = 'qty-limit';

/**
 * Quantity 1 … max (spec 001 §4). Without a size, either button shows 'Please select size to
 * change quantity' for 3 seconds instead. `atLimit`: the product's cap is used up by the cart, so +
 * is off whatever the size; `limitNote` says so next to it.
 */
export const QuantityStepper = forwardRef<
  HTMLDivElement,
  {
    quantity: number;
    max: number;
    hasSize: boolean;
    onStep: (delta: 1 | -1) => void;
    atLimit?: boolean;
    limitNote?: string | null;
  }
>(function QuantityStepper({ quantity, max, hasSize, onStep, atLimit = false, limitNote = null }, ref) {
  const [hint, setHint] = useState(0);
  useEffect(() => {
    if (!hint) return;
    const id = window.setTimeout(() => setHint(0), QUANTITY_HINT_MS);
    return () => window.clearTimeout(id);
  }, [hint]);

  const press = (delta: 1 | -1) => {
    if (!hasSize) {
      setHint((h) => h + 1);
      return;
    }
    onStep(delta);
  };

  return (
    <div className="qty" ref={ref} data-testid="quantity">
      <span className="pdp-label qty__label" id="qty-label">
        Quantity
      </span>
      <div className="qty__control" role="group" aria-labelledby="qty-label">
        <button
          type="button"
          className="qty__button"
          aria-label="Decrease quantity"
          disabled={hasSize && quantity <= 1}
          onClick={() => press(-1)}
        >
          <Icon name="minus" size={18} />
        </button>
        <output className="qty__value" aria-live="polite" aria-label={`Quantity ${quantity}`}>
          {quantity}
        </output>
        <button
          type="button"
          className="qty__button"
          aria-label="Increase quantity"
          aria-describedby={limitNote ? QUANTITY_LIMIT_ID : undefined}
          disabled={atLimit || (hasSize && quantity >= max)}
          onClick={() => press(1)}
        >
          <Icon name="plus" size={18} />
        </button>
      </div>
      {limitNote ? (
        <p className="qty__limit" id={QUANTITY_LIMIT_ID} data-testid="quantity-limit">
          {limitNote}
        </p>
      ) : null}
      {hint ? (
        <p className="qty__hint" role="alert">
          {QUANTITY_NEEDS_SIZE}
        </p>
      ) : null}
    </div>
  );
});
