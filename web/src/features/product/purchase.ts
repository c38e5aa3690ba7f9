import type { CartItemRequest, LastPurchasedSizes, Me, Product, SizeItem } from '@/shared/api/types';
import type { ProductSizes } from './api/get-sizes';
import { CATEGORY } from './product-tag';

/**
 * The buying rules of the product page (spec 001 §4, §5, §9), as pure functions and one reducer:
 * which size is chosen, what the cart call carries, how the quantity moves, what is auto-selected.
 */

/** The cart's choice value once both parts of a combo are chosen. */
export const COMBO_CHOICE = 'combo';
export const SIZE_REQUIRED = 'Please Select Size...';
export const QUANTITY_NEEDS_SIZE = 'Please select size to change quantity';
/** How long the quantity hint stays (spec 001 §9). */
export const QUANTITY_HINT_MS = 3000;
/** A single FREE-SIZE option with stock is chosen after this delay (spec 001 §9). */
export const FREE_SIZE_AUTO_SELECT_MS = 500;
/**
 * The spec's Buy Now polls every 100 ms for the add-to-cart callback before going to the cart.
 * Here the add is a promise, so Buy Now simply awaits it; the constant documents the original.
 */
export const BUY_NOW_POLL_MS = 100;
export const CART_PATH = '/view-cart/';
/** The login page, coming back to the cart: where the buy-now login prompt sends a guest. */
export const BUY_NOW_LOGIN_PATH = `/login?next=${encodeURIComponent(CART_PATH)}`;
/** sessionStorage: the buy-now login prompt was shown in this browser session. */
export const BUY_NOW_PROMPTED_KEY = 'drape:buy-now-login-prompted';

let promptedInMemory = false;

/** True the first time in this browser session (sessionStorage), which it then remembers. */
function firstPromptThisSession(): boolean {
  try {
    if (sessionStorage.getItem(BUY_NOW_PROMPTED_KEY)) return false;
    sessionStorage.setItem(BUY_NOW_PROMPTED_KEY, '1');
    return true;
  } catch {
    // storage off (some private windows): once per page load then
    if (promptedInMemory) return false;
    promptedInMemory = true;
    return true;
  }
}

/**
 * Where Buy Now goes once the item is in the cart (spec 001 §4): the cart page, /view-cart/, which has the
 * Checkout button. With the buy-now login widget flag on (the page setting `buy_now_login_prompt`), a
 * guest is first asked to log in, coming back to the cart, once per browser session; this remembers it.
 * A session still loading is no guest yet: straight to the cart.
 */
export function buyNowPath(me: Pick<Me, 'buy_now_login_prompt' | 'is_authenticated' | 'user'> | undefined): string {
  const guest = Boolean(me && !(me.is_authenticated && me.user));
  if (!guest || !me?.buy_now_login_prompt) return CART_PATH;
  return firstPromptThisSession() ? BUY_NOW_LOGIN_PATH : CART_PATH;
}

/** What the shopper has chosen: `size` for an ordinary product, `combo1`/`combo2` for the two parts of a combo. */
export interface Selection {
  size?: string;
  combo1?: string;
  combo2?: string;
}

export type SizeSlot = keyof Selection;

export function isComboSizes(s: ProductSizes): boolean {
  return s.comboGroups.length > 0;
}

/** Combo group 0 is part 1 (combo1, the bra), group 1 part 2 (combo2, the panty). */
export function slotOfGroup(index: number): SizeSlot {
  return index === 0 ? 'combo1' : 'combo2';
}

/** The cart's choice value: the size, 'combo' when both combo parts are chosen, else null. */
export function choiceValue(sizes: ProductSizes, sel: Selection): string | null {
  if (isComboSizes(sizes)) return sel.combo1 && sel.combo2 ? COMBO_CHOICE : null;
  return sel.size ?? null;
}

/** 'Please Select Size...', or for combos 'Please Select {type} size' naming the first missing part. */
export function missingSizeMessage(sizes: ProductSizes, sel: Selection): string | null {
  if (!isComboSizes(sizes)) return sel.size ? null : SIZE_REQUIRED;
  const missing = [sel.combo1, sel.combo2].findIndex((v) => !v);
  if (missing < 0 || missing >= sizes.comboGroups.length) return null;
  const type = sizes.comboGroups[missing]?.type.trim();
  return type ? `Please Select ${type} size` : SIZE_REQUIRED;
}

/** The size item behind a slot's chosen value. */
export function chosenItem(sizes: ProductSizes, sel: Selection, slot: SizeSlot): SizeItem | undefined {
  const value = sel[slot];
  if (!value) return undefined;
  if (slot === 'size') return sizes.sizes.find((s) => s.value === value);
  return sizes.comboGroups[slot === 'combo1' ? 0 : 1]?.sizes.find((s) => s.value === value);
}

/** POST /api/v3/cart-items/ body. */
export function cartItem(product: Pick<Product, 'id'>, sizes: ProductSizes, sel: Selection, quantity: number): CartItemRequest {
  const combo = isComboSizes(sizes);
  return {
    cart: null,
    product: product.id,
    quantity,
    size: choiceValue(sizes, sel),
    combo_sizes: combo && sel.combo1 && sel.combo2 ? { combo1: sel.combo1, combo2: sel.combo2 } : null,
  };
}

/**
 * The most a shopper may put in the cart now: what the stock check said (or, before it answers,
 * the chosen size's quantity), never above max_cart_items (the initial cap), never below 1.
 */
export function maxQuantity(maxCartItems: number, available: number | null): number {
  const cap = maxCartItems > 0 ? maxCartItems : 1;
  return Math.max(1, Math.min(cap, available ?? cap));
}

// ---------------------------------------------------------------- the product's cap over the cart

/**
 * max_cart_items caps the product across all its sizes (spec 001 §9), counting what the cart already
 * holds. Neither the sizes answer nor /iteminstock/ counts the cart, so the page learns it two ways:
 * the server's refusal ('You can buy at most 5 of this product, and 3 already in your cart') gives
 * both numbers, and the pieces added here since are in the cart too (a lower bound before any refusal).
 */
export interface CartCap {
  max: number;
  inCart: number;
}

const AT_MOST = /^You can (?:buy|add) at most (\d+) of this product(?:, and (\d+) already in your cart)?/;

/** The cap and the cart's pieces named by the server's refusal of an add; null for any other message. */
export function capFromRefusal(message: string): CartCap | null {
  const m = AT_MOST.exec(message.trim());
  if (!m) return null;
  return { max: Number(m[1]), inCart: Number(m[2] ?? 0) };
}

/** After `added` pieces went in: what was known plus them (the product's own cap when nothing was). */
export function capAfterAdd(cap: CartCap | null, maxCartItems: number, added: number): CartCap {
  return { max: cap?.max ?? maxCartItems, inCart: (cap?.inCart ?? 0) + added };
}

/** Pieces that still fit under the cap; null when the page does not know the cart. */
export function capRoom(cap: CartCap | null): number | null {
  return cap ? Math.max(0, cap.max - cap.inCart) : null;
}

export const capReachedMessage = (max: number) => `Limit reached: at most ${max} of this product`;

/** The note by the stepper when the cap is what stops +: reached, or only a few more fit. */
export function capNote(cap: CartCap | null, quantity: number): string | null {
  const room = capRoom(cap);
  if (cap === null || room === null) return null;
  if (room === 0) return capReachedMessage(cap.max);
  if (quantity < room) return null;
  return cap.inCart > 0 ? `At most ${cap.max} of this product: ${cap.inCart} already in your cart` : `At most ${cap.max} of this product`;
}

/** The stepper: 1 … max; minus works only above 1. */
export function stepQuantity(current: number, delta: 1 | -1, max: number): number {
  if (delta < 0) return current > 1 ? current - 1 : current;
  return current < max ? current + 1 : current;
}

/** The last-purchased size that applies to this product's category (1 bra, 2 panty, 4 nightwear, 253 activewear). */
export function lastPurchasedFor(categories: number[], lp: LastPurchasedSizes | null | undefined): string {
  if (!lp) return '';
  const cats = categories ?? [];
  const bySlot: [number, string][] = [
    [CATEGORY.bra, lp.bra_size1],
    [CATEGORY.panty, lp.panty_size],
    [CATEGORY.nightwear, lp.nightwear_size],
    [CATEGORY.activewear, lp.activewear_size],
  ];
  for (const [cat, size] of bySlot) {
    if (cats.includes(cat) && size && size.trim()) return size.trim();
  }
  return '';
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isFreeSize(s: SizeItem): boolean {
  return /^free[\s_-]?size$/i.test(s.value.trim()) || /^free[\s_-]?size$/i.test(s.label.trim());
}

/** The lone in-stock FREE-SIZE that is chosen after 500 ms, if that is what the product has. */
export function loneFreeSize(sizes: ProductSizes): string | undefined {
  if (isComboSizes(sizes) || sizes.sizes.length !== 1) return undefined;
  const only = sizes.sizes[0]!;
  return only.quantity > 0 && isFreeSize(only) ? only.value : undefined;
}

export interface AutoSelection {
  selection: Selection;
  /** the size value marked 'Suggested' (from the last purchase), if any */
  suggested: string | null;
}

/**
 * Spec 001 §4: sizes flagged is_auto_select_size are chosen; otherwise, for categories 1/2/4/253,
 * the size matching the shopper's last-purchased size is chosen and marked as suggested.
 * (The lone FREE-SIZE is chosen separately, after FREE_SIZE_AUTO_SELECT_MS.) Only sizes in stock.
 */
export function autoSelection(
  sizes: ProductSizes,
  product: Pick<Product, 'all_category_with_parents'>,
  lastPurchased: LastPurchasedSizes | null | undefined,
): AutoSelection {
  const flagged = (list: SizeItem[]) => list.find((s) => s.is_auto_select_size && s.quantity > 0)?.value;
  if (!sizes.ok) return { selection: {}, suggested: null };
  if (isComboSizes(sizes)) {
    const selection: Selection = {};
    const c1 = flagged(sizes.comboGroups[0]?.sizes ?? []);
    const c2 = flagged(sizes.comboGroups[1]?.sizes ?? []);
    if (c1) selection.combo1 = c1;
    if (c2) selection.combo2 = c2;
    return { selection, suggested: null };
  }
  const auto = flagged(sizes.sizes);
  if (auto) return { selection: { size: auto }, suggested: null };
  const last = lastPurchasedFor(product.all_category_with_parents, lastPurchased);
  if (last) {
    const match = sizes.sizes.find((s) => s.quantity > 0 && (same(s.value, last) || same(s.label, last)));
    if (match) return { selection: { size: match.value }, suggested: match.value };
  }
  return { selection: {}, suggested: null };
}

// ---------------------------------------------------------------- the page's buying state

export interface PurchaseState {
  selection: Selection;
  suggested: string | null;
  quantity: number;
  /** what the last stock check allows; null until it answers */
  available: number | null;
  /** the stock check answered 0 for the current choice */
  soldOut: boolean;
  /** the shopper has chosen something themselves (auto-selection then stays out of the way) */
  touched: boolean;
  /** bumps on every reset, so one-shot effects (the FREE-SIZE timer) can run again */
  generation: number;
}

export const initialPurchase: PurchaseState = {
  selection: {},
  suggested: null,
  quantity: 1,
  available: null,
  soldOut: false,
  touched: false,
  generation: 0,
};

export type PurchaseAction =
  | { type: 'pick'; slot: SizeSlot; value: string; auto?: boolean; suggested?: boolean }
  | { type: 'auto'; auto: AutoSelection }
  | { type: 'stock'; choiceKey: string; quantity: number; maxCartItems: number }
  /** `max` = maxQuantity(max_cart_items, what is known to be available) */
  | { type: 'step'; delta: 1 | -1; max: number }
  /** the limit fell below the chosen quantity (the cart's pieces of the product became known) */
  | { type: 'clamp'; max: number }
  | { type: 'reset' };

/** A key for the current choice, so a late stock answer for an earlier choice is ignored. */
export function choiceKey(sel: Selection): string {
  return `${sel.size ?? ''}|${sel.combo1 ?? ''}|${sel.combo2 ?? ''}`;
}

export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case 'pick': {
      if (action.auto && (state.touched || state.selection[action.slot] === action.value)) return state;
      const selection = action.slot === 'size' ? { size: action.value } : { ...state.selection, [action.slot]: action.value };
      return {
        ...state,
        selection,
        suggested: action.suggested ? action.value : action.auto ? state.suggested : null,
        available: null,
        soldOut: false,
        touched: state.touched || !action.auto,
      };
    }
    case 'auto': {
      if (state.touched) return state;
      return { ...state, selection: action.auto.selection, suggested: action.auto.suggested, available: null, soldOut: false };
    }
    case 'stock': {
      if (action.choiceKey !== choiceKey(state.selection)) return state;
      if (action.quantity <= 0) return { ...state, soldOut: true, available: 0 };
      const max = maxQuantity(action.maxCartItems, action.quantity);
      return { ...state, soldOut: false, available: action.quantity, quantity: Math.min(state.quantity, max) };
    }
    case 'step':
      return { ...state, quantity: stepQuantity(state.quantity, action.delta, action.max) };
    case 'clamp':
      return state.quantity > action.max ? { ...state, quantity: Math.max(1, action.max) } : state;
    case 'reset':
      return { ...initialPurchase, generation: state.generation + 1 };
  }
}

/** Sizes a shopper may ask to be told about (notify-me): the sold-out ones, or all when nothing can be bought. */
export interface RequestableSize {
  key: string;
  value: string;
  label: string;
}

export function requestableSizes(sizes: ProductSizes | undefined, productSoldOut: boolean): RequestableSize[] {
  if (!sizes || !sizes.ok) return [];
  const pick = (s: SizeItem) => productSoldOut || s.quantity <= 0;
  if (isComboSizes(sizes)) {
    return sizes.comboGroups.flatMap((g) =>
      g.sizes.filter(pick).map((s) => ({ key: `${g.type}:${s.value}`, value: s.value, label: `${g.type} ${s.label}` })),
    );
  }
  return sizes.sizes.filter(pick).map((s) => ({ key: s.value, value: s.value, label: s.label }));
}
