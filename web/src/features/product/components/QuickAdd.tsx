import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { ProductCard } from '@/shared/api/types';
import { PRODUCT_PAGE_TOAST, useToast } from '@/shared/components/ui/toast-context';
import { recordEvent } from '@/shared/lib/events';
import { useAddToCart } from '../api/add-to-cart';
import { allSoldOut, sizesQueryOptions, useSizes, type ProductSizes } from '../api/get-sizes';
import { autoSelection, cartItem, loneFreeSize, missingSizeMessage, type Selection, type SizeSlot } from '../purchase';
import SizePopup from './SizePopup';
import './product.css';

/** What is chosen before the shopper picks: a lone FREE-SIZE in stock, or the sizes the server flags. */
export function preselection(sizes: ProductSizes): Selection {
  const free = loneFreeSize(sizes);
  if (free) return { size: free };
  // a card knows no categories, so the last-purchased size does not apply here
  return autoSelection(sizes, { all_category_with_parents: [] }, null).selection;
}

/**
 * 'Add to bag' from a listing or rail card (spec 001 §2): the product page's own size popup
 * 'Adding item to Cart', for a product known only by its card. The sizes load when it opens
 * (GET /web/api/v1/product/{slug}/sizes/s/); sold-out sizes are disabled, a combo needs both parts.
 * One piece goes in the cart; the popup then closes with the product page's success toast.
 * Default export: the app loads it lazily, when a card's button is first pressed.
 */
export default function QuickAdd({
  product,
  onClose,
  onCartChanged,
}: {
  product: ProductCard;
  onClose: () => void;
  /** the cart changed (header counts refresh) */
  onCartChanged?: (cartQuantity: number) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const sizes = useSizes(product.slug).data;
  const addToCart = useAddToCart();
  const [picked, setPicked] = useState<Selection | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const selection = picked ?? (sizes ? preselection(sizes) : {});
  const soldOut = product.is_soldout || (sizes !== undefined && allSoldOut(sizes));

  const pick = (slot: SizeSlot, value: string) => {
    setNote(null);
    setPicked(slot === 'size' ? { size: value } : { ...selection, [slot]: value });
  };

  const confirm = async () => {
    if (!sizes || soldOut || addToCart.isPending) return;
    const missing = missingSizeMessage(sizes, selection);
    if (missing) {
      setNote(missing);
      return;
    }
    setNote(null);
    try {
      const res = await addToCart.mutateAsync(cartItem(product, sizes, selection, 1));
      toast.success(res.message || 'Added to cart', PRODUCT_PAGE_TOAST);
      void recordEvent({ event_name: 'added_to_cart', product_id: product.id, source: 'listing', cart_updated: true });
      void queryClient.invalidateQueries({ queryKey: sizesQueryOptions(product.slug).queryKey, exact: true });
      onCartChanged?.(res.cart_quantity);
      onClose();
    } catch (e) {
      // a refusal ('Only 2 left in this size', the product's cap) stays in the popup, by the sizes
      setNote(errorMessage(e));
    }
  };

  return (
    <SizePopup
      product={product}
      sizes={sizes}
      selection={selection}
      suggested={null}
      onPick={pick}
      mode="cart"
      busy={addToCart.isPending}
      soldOut={soldOut}
      onConfirm={() => void confirm()}
      onClose={onClose}
      note={note}
    />
  );
}
