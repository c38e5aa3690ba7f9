import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { CartAttr, CartGiftOffer } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { saveFreeGiftSize, setPaidGift, useCartMutation } from '../api/cart-mutations';
import { getGiftSizes, useGiftSizes } from '../api/get-gift-sizes';
import { giftOrderValue, giftState, isFreeGift, sizeLabel } from '../cart';

/** The gift offers running now (cart_paid_gift_details): free gifts with a size to choose, and paid ones. */
export function Gifts({ gifts, attr, cartId }: { gifts: CartGiftOffer[]; attr: CartAttr; cartId: number }) {
  if (gifts.length === 0) return null;
  // free gifts first: they are what a shopper is working towards
  const ordered = [...gifts].sort((a, b) => Number(isFreeGift(b)) - Number(isFreeGift(a)));
  return (
    <section className="cart-card cart-gifts" aria-labelledby="gifts-title" data-testid="gifts">
      <h2 className="cart-card__title" id="gifts-title">
        <Icon name="tag" size={20} /> Gifts with your order
      </h2>
      <ul className="cart-gifts__list">
        {ordered.map((g) => (
          <GiftRow key={g.id} gift={g} attr={attr} cartId={cartId} />
        ))}
      </ul>
    </section>
  );
}

function GiftRow({ gift, attr, cartId }: { gift: CartGiftOffer; attr: CartAttr; cartId: number }) {
  const toast = useToast();
  const quality = useImageQuality();
  const free = isFreeGift(gift);
  const state = giftState(gift, attr);
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sizes = useGiftSizes(gift.id, choosing);
  const save = useCartMutation(cartId, (size: string | null) =>
    free ? saveFreeGiftSize({ gift_offer_id: gift.id, size }) : setPaidGift({ paid_gift_offer_id: gift.id, size }),
  );
  const [preparing, setPreparing] = useState(false);
  const busy = save.isPending || preparing;

  const choose = async (size: string | null) => {
    setError(null);
    try {
      await save.mutateAsync(size);
      setChoosing(false);
      if (size === null) toast.success(free ? 'Free gift removed' : `${gift.product.name} removed`);
      else
        toast.success(free ? `Free ${gift.product.name} added in ${sizeLabel(size)}` : `${gift.product.name} added for ${gift.price_ui}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  // A paid gift with a single size (FREE-SIZE) is added in one step; otherwise sizes are offered.
  const addPaid = async () => {
    setError(null);
    setPreparing(true);
    try {
      const res = await getGiftSizes(gift.id);
      setPreparing(false);
      const only = res.sizes.length === 1 ? res.sizes[0] : undefined;
      if (only) await choose(only.value);
      else setChoosing(true);
    } catch (e) {
      setPreparing(false);
      setError(errorMessage(e));
    }
  };

  const progress =
    state.kind === 'locked' && gift.min_order > 0 ? Math.min(100, Math.round((giftOrderValue(attr) / gift.min_order) * 100)) : null;

  return (
    <li className={`cart-gift cart-gift--${state.kind}`} data-testid={`gift-${gift.id}`} aria-busy={busy}>
      <img className="cart-gift__img" src={sizedImage(gift.product.img, 56, quality)} alt="" width={56} height={74} loading="lazy" />
      <div className="cart-gift__body">
        <p className="cart-gift__title">
          {free ? <span className="cart-badge cart-badge--free">Free gift</span> : <span className="cart-badge">Add-on</span>} {gift.title}
        </p>
        <p className={`cart-gift__state${state.kind === 'taken' ? ' cart-gift__state--ok' : ''}`}>{state.text}</p>
        {progress !== null ? (
          <div
            className="cart-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label="Towards this gift"
          >
            <span style={{ width: `${progress}%` }} />
          </div>
        ) : null}

        {state.kind === 'choose' && !choosing ? (
          free ? (
            <button type="button" className="button button--secondary cart-gift__cta" onClick={() => setChoosing(true)}>
              Choose size
            </button>
          ) : (
            <button type="button" className="button button--secondary cart-gift__cta" onClick={() => void addPaid()} disabled={busy}>
              {busy ? <Spinner size={18} label="Adding" /> : `Add for ${gift.price_ui}`}
            </button>
          )
        ) : null}

        {state.kind === 'taken' && !choosing ? (
          <div className="cart-gift__links">
            {free ? (
              <button type="button" className="link-button" onClick={() => setChoosing(true)} disabled={busy}>
                Change size
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={() => void choose(null)} disabled={busy}>
              Remove
            </button>
          </div>
        ) : null}

        {choosing ? (
          <div className="cart-gift__sizes">
            <p className="cart-gift__sizes-label" id={`gift-sizes-${gift.id}`}>
              {free ? 'Choose your free gift size' : 'Choose a size'}
            </p>
            {sizes.isPending ? (
              <Spinner size={22} label="Loading sizes" />
            ) : sizes.isError ? (
              <p className="form-error">{errorMessage(sizes.error)}</p>
            ) : (
              <div className="size-chips" role="radiogroup" aria-labelledby={`gift-sizes-${gift.id}`}>
                {sizes.data.sizes.map((s) => (
                  <button
                    key={s.value}
                    type="button"
                    role="radio"
                    aria-checked={gift.chosen_size === s.value}
                    className="size-chip cart-chip"
                    onClick={() => void choose(s.value)}
                    disabled={busy}
                  >
                    {sizeLabel(s.label)}
                  </button>
                ))}
              </div>
            )}
            <button type="button" className="link-button" onClick={() => setChoosing(false)}>
              Cancel
            </button>
          </div>
        ) : null}

        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
