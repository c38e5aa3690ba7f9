import { useEffect, useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { SizeItem, WishlistItem } from '@/shared/api/types';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { recordEvent } from '@/shared/lib/events';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { useProductSizes } from '../api/get-sizes';
import { useMoveToCart } from '../api/wishlist-mutations';
import { cartItemFor, initialChoice, isCombo, nothingToBuy, type SizeChoice } from '../wishlist';

/** A small size chooser for 'Move to cart': ordinary sizes, or a combo's two groups. */
export function MoveToCartModal({
  entry,
  onClose,
  onCartChanged,
}: {
  entry: WishlistItem;
  onClose: () => void;
  onCartChanged: (cartQuantity: number) => void;
}) {
  const toast = useToast();
  const quality = useImageQuality();
  const p = entry.product;
  const sizes = useProductSizes(p.slug);
  const move = useMoveToCart(onCartChanged);
  const [choice, setChoice] = useState<SizeChoice | null>(null);
  const [error, setError] = useState<string | null>(null);

  // the saved combo sizes (or a lone size) are chosen once the sizes arrive
  useEffect(() => {
    if (sizes.data && choice === null) setChoice(initialChoice(sizes.data, entry));
  }, [sizes.data, choice, entry]);

  const current = choice ?? {};
  const pick = (slot: keyof SizeChoice, value: string) => {
    setError(null);
    setChoice({ ...current, [slot]: value });
  };

  const submit = async () => {
    if (!sizes.data) return;
    const { item, missing } = cartItemFor(p.id, sizes.data, current);
    if (!item) {
      setError(missing);
      return;
    }
    setError(null);
    try {
      const res = await move.mutateAsync({ entryId: entry.id, item });
      void recordEvent({ event_name: 'added_to_cart', product_id: p.id, source: 'wishlist', cart_updated: true });
      if (res.stillSaved) toast.success(`${p.name} added to your cart; it is still in your wishlist`);
      else toast.success(`${p.name} moved to your cart`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const soldOut = sizes.data ? nothingToBuy(sizes.data) : false;

  return (
    <Modal open title="Choose a size" onClose={onClose} variant="sheet" id="move-to-cart" className="wl-move">
      <div className="wl-move__product">
        <img src={sizedImage(p.img, 60, quality)} alt="" width={60} height={80} />
        <div>
          <p className="wl-move__name">{p.name}</p>
          <p className="wl-move__price">
            <span className="price">{p.rounded_up_unit_price_ui}</span>
            {p.old_price > p.rounded_up_unit_price ? <s className="price-old">{p.old_price_ui}</s> : null}
          </p>
        </div>
      </div>
      {sizes.isPending ? (
        <div className="wl-move__loading">
          <Spinner label="Loading sizes" />
        </div>
      ) : sizes.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(sizes.error)}
        </p>
      ) : soldOut ? (
        <p className="wl-move__soldout" role="status">
          This product is out of stock right now.
        </p>
      ) : isCombo(sizes.data) ? (
        sizes.data.result.comboSizes.slice(0, 2).map((g, i) => {
          const slot = i === 0 ? 'combo1' : 'combo2';
          return <SizeGroup key={g.type} label={`${g.type} size`} sizes={g.sizes} selected={current[slot]} onPick={(v) => pick(slot, v)} />;
        })
      ) : (
        <SizeGroup label="Size" sizes={sizes.data.result.size} selected={current.size} onPick={(v) => pick('size', v)} />
      )}
      {error ? (
        <p className="form-error" role="alert" data-testid="move-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--wide wl-move__submit"
        onClick={() => void submit()}
        disabled={move.isPending || !sizes.data || soldOut}
      >
        {move.isPending ? <Spinner size={20} label="Moving to cart" /> : 'Move to cart'}
      </button>
    </Modal>
  );
}

function SizeGroup({
  label,
  sizes,
  selected,
  onPick,
}: {
  label: string;
  sizes: SizeItem[];
  selected: string | undefined;
  onPick: (value: string) => void;
}) {
  const chosen = sizes.find((s) => s.value === selected);
  return (
    <div className="wl-sizes">
      <p className="wl-sizes__label">
        {label}
        {chosen ? <span className="wl-sizes__value">: {chosen.label}</span> : null}
      </p>
      <div className="size-chips" role="radiogroup" aria-label={label}>
        {sizes.map((s) => {
          const out = s.quantity <= 0;
          return (
            <button
              key={s.value}
              type="button"
              role="radio"
              aria-checked={s.value === selected}
              aria-label={out ? `${s.label}, sold out` : s.label}
              className={`size-chip wl-chip${out ? ' wl-chip--out' : ''}`}
              disabled={out}
              onClick={() => onPick(s.value)}
            >
              {s.value === 'FREE-SIZE' ? 'Free size' : s.label}
            </button>
          );
        })}
      </div>
      {chosen && chosen.urgency_message ? <p className="wl-sizes__urgency">{chosen.urgency_message}</p> : null}
    </div>
  );
}
