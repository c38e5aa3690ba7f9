import type { CartItemRequest, SizeItem, SizesResponse, WishlistItem } from '@/shared/api/types';

/*
 * The wishlist's rules, apart from React: how saved combo sizes read, and which size choice turns
 * a saved product into a cart line.
 */

/** 'Bra 34B / Panty M' for a combo saved with its sizes; null when no size was saved. */
export function savedSizesText(item: Pick<WishlistItem, 'first_combo_size' | 'second_combo_size' | 'multi_combo_size'>): string | null {
  const parts = [
    item.first_combo_size ? `Bra ${item.first_combo_size}` : '',
    item.second_combo_size ? `Panty ${item.second_combo_size}` : '',
  ].filter(Boolean);
  if (parts.length > 0) return parts.join(' / ');
  return item.multi_combo_size ? `Sizes ${item.multi_combo_size}` : null;
}

export interface SizeChoice {
  size?: string;
  combo1?: string;
  combo2?: string;
}

/** A combo has no ordinary sizes and two groups: the bra part, then the panty part. */
export function isCombo(sizes: SizesResponse): boolean {
  return sizes.result.size.length === 0 && sizes.result.comboSizes.length >= 2;
}

const inStock = (list: SizeItem[] | undefined, value: string) => Boolean(list?.some((s) => s.value === value && s.quantity > 0));

/** Nothing can be bought: the sizes call failed, or every size (of either combo part) is at 0. */
export function nothingToBuy(sizes: SizesResponse): boolean {
  if (sizes.status !== 'success') return true;
  if (isCombo(sizes)) return sizes.result.comboSizes.slice(0, 2).some((g) => g.sizes.every((s) => s.quantity <= 0));
  return sizes.result.size.every((s) => s.quantity <= 0);
}

/**
 * What the chooser starts with: a combo's saved sizes when they are still in stock; for an ordinary
 * product, its only size when just one can be bought (FREE-SIZE).
 */
export function initialChoice(sizes: SizesResponse, item: Pick<WishlistItem, 'first_combo_size' | 'second_combo_size'>): SizeChoice {
  if (isCombo(sizes)) {
    const [bra, panty] = sizes.result.comboSizes;
    const choice: SizeChoice = {};
    if (item.first_combo_size && inStock(bra?.sizes, item.first_combo_size)) choice.combo1 = item.first_combo_size;
    if (item.second_combo_size && inStock(panty?.sizes, item.second_combo_size)) choice.combo2 = item.second_combo_size;
    return choice;
  }
  const available = sizes.result.size.filter((s) => s.quantity > 0);
  return available.length === 1 ? { size: available[0]!.value } : {};
}

/** The cart line for a choice, or the message naming what is missing (the product page's words). */
export function cartItemFor(
  productId: number,
  sizes: SizesResponse,
  choice: SizeChoice,
): { item: CartItemRequest; missing: null } | { item: null; missing: string } {
  if (isCombo(sizes)) {
    const [bra, panty] = sizes.result.comboSizes;
    if (!choice.combo1) return { item: null, missing: `Please Select ${bra?.type ?? 'Bra'} size` };
    if (!choice.combo2) return { item: null, missing: `Please Select ${panty?.type ?? 'Panty'} size` };
    return {
      item: { cart: null, product: productId, quantity: 1, size: null, combo_sizes: { combo1: choice.combo1, combo2: choice.combo2 } },
      missing: null,
    };
  }
  if (!choice.size) return { item: null, missing: 'Please Select Size...' };
  return { item: { cart: null, product: productId, quantity: 1, size: choice.size, combo_sizes: null }, missing: null };
}
