import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import type { LastMinuteDeal } from '@/shared/api/types';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { useAddDeal, useLastMinuteDeals } from '../api/last-minute-deals';

/** A horizontal strip of last-minute deals; hidden when there are none (or they fail to load). */
export function LastMinuteDeals({ cartId }: { cartId: number }) {
  const deals = useLastMinuteDeals(cartId);
  const list = deals.data?.deals ?? [];
  if (list.length === 0) return null;
  return (
    <section className="cart-deals" aria-labelledby="deals-title" data-testid="deals">
      <h2 className="cart-section-title" id="deals-title">
        Last-minute deals
      </h2>
      <p className="cart-deals__sub">One of each per order, at these prices while the deal runs.</p>
      <ul className="cart-deals__strip">
        {list.map((d) => (
          <DealCard key={d.id} deal={d} cartId={cartId} />
        ))}
      </ul>
    </section>
  );
}

function DealCard({ deal, cartId }: { deal: LastMinuteDeal; cartId: number }) {
  const toast = useToast();
  const quality = useImageQuality();
  const add = useAddDeal(cartId);
  const onlySize = deal.sizes.length === 1 ? deal.sizes[0] : undefined;
  const [size, setSize] = useState(onlySize ?? '');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const p = deal.product;
  const struck = p.old_price > deal.deal_price;

  const onAdd = async () => {
    if (!size) {
      setError('Please choose a size');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ cart: cartId, product: p.id, quantity: 1, size, combo_sizes: null, deal: deal.id });
      toast.success(`${p.name} added at ${deal.deal_price_ui}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <li className="cart-deal" data-testid="deal">
      <Link to={p.url} className="cart-deal__media" tabIndex={-1} aria-hidden="true">
        <img src={sizedImage(p.img, 150, quality)} alt="" width={132} height={176} loading="lazy" />
      </Link>
      <Link to={p.url} className="cart-deal__name">
        {p.name}
      </Link>
      <p className="cart-deal__price">
        <span className="price">{deal.deal_price_ui}</span>
        {struck ? <OldPrice>{p.old_price_ui}</OldPrice> : null}
      </p>
      {deal.in_cart ? (
        <p className="cart-deal__added">
          <Icon name="check" size={16} /> Added
        </p>
      ) : (
        <>
          <label htmlFor={selectId} className="visually-hidden">
            Size for {p.name}
          </label>
          <select
            id={selectId}
            className="input cart-deal__size"
            value={size}
            onChange={(e) => {
              setSize(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
          >
            {onlySize ? null : <option value="">Size</option>}
            {deal.sizes.map((s) => (
              <option key={s} value={s}>
                {s === 'FREE-SIZE' ? 'Free size' : s}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--primary cart-deal__add"
            onClick={() => void onAdd()}
            disabled={add.isPending}
            aria-label={`Add ${p.name} at ${deal.deal_price_ui}`}
          >
            {add.isPending ? <Spinner size={18} label="Adding" /> : 'Add'}
          </button>
        </>
      )}
      {error ? (
        <p className="cart-deal__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
