import { useId, useState } from 'react';
import { Icon } from '@/shared/components/ui/Icon';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import type { CheckoutItem } from '../types';

/** What is being bought, folded by default behind 'n items'. */
export function ItemsSummary({ items, pieces }: { items: CheckoutItem[]; pieces: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const quality = useImageQuality();
  return (
    <section className="co-card co-items" data-testid="items-summary">
      <h2 className="co-card__title">
        <button type="button" className="co-items__toggle" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen(!open)}>
          <Icon name="bag" size={18} />
          <span>
            {pieces} {pieces === 1 ? 'item' : 'items'} in your order
          </span>
          <span className={`co-items__chevron${open ? ' co-items__chevron--open' : ''}`} aria-hidden="true">
            <Icon name="chevronRight" size={18} />
          </span>
        </button>
      </h2>
      {open ? (
        <ul className="co-items__list" id={`${id}-list`}>
          {items.map((item, i) => (
            <li key={`${item.name}-${item.size}-${i}`} className="co-item" data-testid="checkout-item">
              <img className="co-item__img" src={sizedImage(item.img, 56, quality)} alt="" width={56} height={75} loading="lazy" />
              <div className="co-item__text">
                <p className="co-item__name">{item.name}</p>
                <p className="co-item__meta">
                  {item.size ? `Size ${item.size} · ` : null}Qty {item.quantity}
                </p>
              </div>
              <p className="co-item__price">{item.line_total_ui}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
