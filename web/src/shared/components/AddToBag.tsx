import { createContext, useContext } from 'react';
import type { ProductCard } from '@/shared/api/types';
import { Icon } from './ui/Icon';

/**
 * 'Add to bag' on listing and rail cards (spec 001 §2: the size popup 'Adding item to Cart' appears
 * from listing pages). The cards live in features that may not import the product feature, so the
 * popup is composed by the app: a page that offers it provides the opener here, and the cards'
 * buttons call it. Without a provider the cards show no button.
 */
export type OpenAddToBag = (product: ProductCard) => void;

export const AddToBagContext = createContext<OpenAddToBag | null>(null);

export function useAddToBag(): OpenAddToBag | null {
  return useContext(AddToBagContext);
}

/** The card's button: nothing when the page offers no popup or the product is sold out. */
export function AddToBagButton({ product, className }: { product: ProductCard; className: string }) {
  const open = useAddToBag();
  if (!open || product.is_soldout) return null;
  return (
    <button
      type="button"
      className={`button button--secondary ${className}`}
      aria-label={`Add to bag: ${product.name}`}
      aria-haspopup="dialog"
      onClick={() => open(product)}
      data-testid="add-to-bag"
    >
      <Icon name="bag" size={16} />
      Add to bag
    </button>
  );
}
