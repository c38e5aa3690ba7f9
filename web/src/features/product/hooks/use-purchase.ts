import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { LastPurchasedSizes, Product } from '@/shared/api/types';
import { getItemInStock } from '../api/get-item-in-stock';
import type { ProductSizes } from '../api/get-sizes';
import {
  autoSelection,
  choiceKey,
  choiceValue,
  chosenItem,
  FREE_SIZE_AUTO_SELECT_MS,
  initialPurchase,
  isComboSizes,
  loneFreeSize,
  maxQuantity,
  purchaseReducer,
  type SizeSlot,
} from '../purchase';

/**
 * The page's buying state (spec 001 §4): the chosen sizes, the stock check that follows a pick,
 * the quantity, and the auto-selections (flagged sizes, the last-purchased size, a lone FREE-SIZE).
 * `capRoom`: pieces of the product that still fit under max_cart_items given the cart, when known.
 */
export function usePurchase(
  product: Product,
  sizes: ProductSizes | undefined,
  lastPurchased: LastPurchasedSizes | null | undefined,
  capRoom: number | null = null,
) {
  const [state, dispatch] = useReducer(purchaseReducer, initialPurchase);
  const { selection, generation } = state;
  const categories = product.all_category_with_parents;

  // Flagged sizes, else the last-purchased size; again after a reset. Never over the shopper's pick.
  useEffect(() => {
    if (!sizes?.ok) return;
    const auto = autoSelection(sizes, { all_category_with_parents: categories }, lastPurchased);
    if (Object.keys(auto.selection).length > 0) dispatch({ type: 'auto', auto });
  }, [sizes, categories, lastPurchased, generation]);

  // A lone FREE-SIZE in stock is chosen after 500 ms.
  useEffect(() => {
    const only = sizes ? loneFreeSize(sizes) : undefined;
    if (!only) return;
    const id = window.setTimeout(() => dispatch({ type: 'pick', slot: 'size', value: only, auto: true }), FREE_SIZE_AUTO_SELECT_MS);
    return () => window.clearTimeout(id);
  }, [sizes, generation]);

  // Picking a size with stock checks it: 0 marks the choice sold out, else sets what may be bought.
  const key = choiceKey(selection);
  useEffect(() => {
    if (!sizes) return;
    const choice = choiceValue(sizes, selection);
    if (!choice) return;
    const combo = isComboSizes(sizes);
    const items = combo
      ? [chosenItem(sizes, selection, 'combo1'), chosenItem(sizes, selection, 'combo2')]
      : [chosenItem(sizes, selection, 'size')];
    if (items.some((i) => !i || i.quantity <= 0)) return;
    const controller = new AbortController();
    getItemInStock(product.id, choice, combo ? { combo1: selection.combo1!, combo2: selection.combo2! } : undefined, controller.signal)
      .then((quantity) => dispatch({ type: 'stock', choiceKey: key, quantity, maxCartItems: product.max_cart_items }))
      .catch((e) => {
        // the sizes' own numbers stand when the check does not answer
        if (!controller.signal.aborted) console.warn('stock check failed', e);
      });
    return () => controller.abort();
    // the choice is fully described by its key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, sizes, product.id, product.max_cart_items]);

  // Before the stock check answers, the chosen size's own quantity is the limit.
  const known = useMemo(() => {
    if (state.available !== null || !sizes) return state.available;
    const slots: SizeSlot[] = isComboSizes(sizes) ? ['combo1', 'combo2'] : ['size'];
    const qs = slots.map((s) => chosenItem(sizes, selection, s)?.quantity).filter((q): q is number => q !== undefined);
    return qs.length ? Math.min(...qs) : null;
  }, [state.available, sizes, selection]);
  const max = maxQuantity(capRoom === null ? product.max_cart_items : Math.min(product.max_cart_items, capRoom), known);

  // The cart's pieces of the product became known and leave less room than the chosen quantity.
  useEffect(() => {
    if (state.quantity > max) dispatch({ type: 'clamp', max });
  }, [state.quantity, max]);

  const pick = useCallback((slot: SizeSlot, value: string) => dispatch({ type: 'pick', slot, value }), []);
  const step = useCallback((delta: 1 | -1) => dispatch({ type: 'step', delta, max }), [max]);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, max, pick, step, reset };
}
