import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr, UpgradeOfferValues } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { useUpgradeOption } from '../api/cart-mutations';
import { upgradeState } from '../cart';

/**
 * The upgrade ladder: each rung with what it saves and how far the cart is from it. A reachable rung
 * can be taken in place of a coupon (upgrade_selected_option); a taken one can be removed.
 */
export function UpgradeOffers({ values, attr, cartId }: { values: UpgradeOfferValues; attr: CartAttr; cartId: number }) {
  const toast = useToast();
  const choose = useUpgradeOption(cartId);
  const [error, setError] = useState<string | null>(null);
  if (values.options.length === 0) return null;

  const pick = async (optionId: number, title: string) => {
    setError(null);
    try {
      await choose.mutateAsync(optionId);
      toast.success(optionId === 0 ? 'Upgrade removed' : `Upgrade taken: ${title}`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="cart-card cart-upgrades" aria-labelledby="upgrades-title" data-testid="upgrades">
      <h2 className="cart-card__title" id="upgrades-title">
        <Icon name="star" size={20} /> Upgrade offers
      </h2>
      <p className="cart-upgrades__sub">Spend a little more, save more. One upgrade per order, in place of a coupon.</p>
      <ul className="cart-upgrades__list">
        {values.options.map((o) => {
          const state = upgradeState(o, values, attr);
          return (
            <li key={o.id} className={`cart-upgrade cart-upgrade--${state.kind}`} data-testid="upgrade-option" data-state={state.kind}>
              <div className="cart-upgrade__text">
                <p className="cart-upgrade__title">{o.title}</p>
                <p className="cart-upgrade__state">{state.text}</p>
              </div>
              {state.kind === 'available' ? (
                <button
                  type="button"
                  className="button button--secondary cart-upgrade__button"
                  disabled={choose.isPending}
                  onClick={() => void pick(o.id, o.title)}
                  aria-label={`Take ${o.title}`}
                >
                  Take
                </button>
              ) : state.kind === 'applied' || state.kind === 'chosen-locked' ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={choose.isPending}
                  onClick={() => void pick(0, o.title)}
                  aria-label={`Remove ${o.title}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="form-error" role="alert" data-testid="upgrade-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
