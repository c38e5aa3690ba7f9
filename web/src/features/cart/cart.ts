import type { Cart, CartAttr, CartGiftOffer, CartLine, UpgradeOfferValues, UpgradeOption } from '@/shared/api/types';
import { formatINR } from '@/shared/lib/money';

/*
 * The cart page's rules, kept apart from React so they can be tested on their own. Amounts are the
 * server's (paise, with `*_ui` texts); nothing here prices anything, it only decides what to show.
 */

// ------------------------------------------------------------------ lines

/** Spec 000 §4: a line with stock.status 0 is out of stock (listed, not charged). */
export const isOutOfStock = (line: CartLine) => line.stock.status === 0;

export function outOfStockLines(cart: Cart): CartLine[] {
  return cart.cart_items.filter(isOutOfStock);
}

/** The products of the out-of-stock lines, once each, for delete-oos-cart-items' `product_ids`. */
export function outOfStockProductIds(cart: Cart): number[] {
  return [...new Set(outOfStockLines(cart).map((l) => l.product_detail.id))];
}

export const isEmptyCart = (cart: Cart | undefined) => !cart || cart.cart_items.length === 0;

/** "Size 34B", or for a combo "Bra 34B / Panty M". */
export function lineSizeText(line: Pick<CartLine, 'size' | 'combo_sizes'>): string {
  const [bra, panty] = line.combo_sizes ?? [];
  if (bra && panty) return `Bra ${bra} / Panty ${panty}`;
  return line.size ? `Size ${line.size}` : '';
}

export interface QuantityBounds {
  min: number;
  max: number;
  canDecrease: boolean;
  canIncrease: boolean;
}

/**
 * Quantity 1 … quantity + rem_quantity (what the server says could still be added). A deal is one
 * piece per cart; an out-of-stock line cannot be changed, only removed.
 */
export function quantityBounds(line: Pick<CartLine, 'quantity' | 'rem_quantity' | 'is_deal' | 'stock'>): QuantityBounds {
  const oos = line.stock.status === 0;
  const max = line.is_deal ? Math.max(1, line.quantity) : line.quantity + Math.max(0, line.rem_quantity);
  return {
    min: 1,
    max,
    canDecrease: !oos && line.quantity > 1,
    canIncrease: !oos && line.quantity < max,
  };
}

/**
 * Why a line's + is off though the line is in stock: nothing more fits (`rem_quantity` 0: the size's
 * stock, or the product's max_cart_items over all its sizes, spec 001 §9, is used up). The cart line
 * does not say which (it carries no max_cart_items), so the words are general. Deals have their own note.
 */
export const NO_MORE_AVAILABLE = 'No more available';

export function increaseHint(line: Pick<CartLine, 'rem_quantity' | 'is_deal' | 'stock'>): string | null {
  if (line.is_deal || line.stock.status === 0) return null;
  return line.rem_quantity <= 0 ? NO_MORE_AVAILABLE : null;
}

// ------------------------------------------------------------------ price summary

export interface SummaryRow {
  key: string;
  label: string;
  value: string;
  tone?: 'saving' | 'free' | 'total';
}

const minus = (ui: string) => `−${ui}`;

/**
 * The price details, top to bottom: MRP, discount on MRP, each bundle offer, the coupon, gift wrap,
 * paid gifts, shipping and the total. Rows worth nothing are left out (except shipping, which says FREE).
 */
export function priceSummaryRows(attr: CartAttr, gifts: CartGiftOffer[] = []): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const items = `${attr.pieces} ${attr.pieces === 1 ? 'item' : 'items'}`;
  rows.push({ key: 'mrp', label: `Total MRP (${items})`, value: attr.mrp_total_ui });
  const mrpDiscount = attr.mrp_total - attr.subtotal;
  if (mrpDiscount > 0) rows.push({ key: 'mrp-discount', label: 'Discount on MRP', value: minus(formatINR(mrpDiscount)), tone: 'saving' });
  for (const b of attr.bundles) {
    if (b.discount > 0) rows.push({ key: `bundle-${b.key}`, label: b.title, value: minus(b.discount_ui), tone: 'saving' });
  }
  if (attr.coupon_code && attr.coupon_discount > 0) {
    rows.push({ key: 'coupon', label: `Coupon ${attr.coupon_code}`, value: minus(attr.coupon_discount_ui), tone: 'saving' });
  }
  if (attr.upgrade_discount > 0) {
    rows.push({ key: 'upgrade', label: 'Upgrade offer', value: minus(attr.upgrade_discount_ui), tone: 'saving' });
  }
  if (attr.affiliation_code && attr.affiliate_discount > 0) {
    rows.push({ key: 'affiliate', label: `Referral ${attr.affiliation_code}`, value: minus(attr.affiliate_discount_ui), tone: 'saving' });
  }
  if (attr.gift_wrap) rows.push({ key: 'gift-wrap', label: 'Gift wrap', value: attr.gift_wrap_charge_ui });
  for (const g of gifts) {
    if (isFreeGift(g) && g.chosen_size) {
      rows.push({
        key: `free-gift-${g.id}`,
        label: `Free gift: ${g.product.name} (${sizeLabel(g.chosen_size)})`,
        value: 'FREE',
        tone: 'free',
      });
    }
  }
  if (attr.gifts > 0) rows.push({ key: 'gifts', label: paidGiftLabel(gifts), value: attr.gifts_ui });
  rows.push({
    key: 'shipping',
    label: 'Shipping',
    value: attr.shipping > 0 ? attr.shipping_ui : 'FREE',
    tone: attr.shipping > 0 ? undefined : 'free',
  });
  rows.push({ key: 'total', label: 'Total amount', value: attr.total_ui, tone: 'total' });
  return rows;
}

/** "Gift: Satin Slip" when one paid gift is taken, else "Gifts". */
function paidGiftLabel(gifts: CartGiftOffer[]): string {
  const taken = gifts.filter((g) => !isFreeGift(g) && g.chosen_size);
  return taken.length === 1 ? `Gift: ${taken[0]!.product.name}` : 'Gifts';
}

/** "You save ₹801 on this order", or null when nothing is saved. */
export function savingsText(attr: CartAttr): string | null {
  return attr.you_save > 0 ? `You save ${attr.you_save_ui} on this order` : null;
}

// ------------------------------------------------------------------ coupon

/** A kept coupon that no longer applies (the cart changed) says why. */
export function couponWarning(attr: CartAttr): string | null {
  return attr.coupon_code && attr.coupon_message ? attr.coupon_message : null;
}

// ------------------------------------------------------------------ gifts

/**
 * What gift thresholds are measured against: the items after bundle offers and every discount, as
 * the server's engine works it out (`cart_attr.goods`), never recomputed here.
 */
export function giftOrderValue(attr: CartAttr): number {
  return Math.max(0, attr.goods);
}

// ------------------------------------------------------------------ upgrade offers and referral codes

export type UpgradeState =
  | { kind: 'applied'; text: string }
  | { kind: 'chosen-locked'; text: string }
  | { kind: 'available'; text: string }
  | { kind: 'locked'; text: string };

/**
 * One rung of the upgrade ladder as the shopper sees it: taken and applying, taken but the cart fell
 * below it (the server's reason), reachable (take it in place of a coupon), or how much more it needs.
 */
export function upgradeState(option: UpgradeOption, values: UpgradeOfferValues, attr?: CartAttr): UpgradeState {
  if (option.selected) {
    return option.unlocked
      ? { kind: 'applied', text: `Applied: you save ${option.discount_ui}` }
      : { kind: 'chosen-locked', text: values.selected_message || `Add ${formatINR(option.amount_short)} more to use it` };
  }
  if (option.unlocked) {
    // Taking a rung drops the coupon that applies now: say what it replaces, and when that costs more.
    if (attr && attr.coupon_code && attr.coupon_discount > 0) {
      const worse = option.discount < attr.coupon_discount;
      return {
        kind: 'available',
        text: `Save ${option.discount_ui} instead of coupon ${attr.coupon_code} (${attr.coupon_discount_ui})${worse ? ': your coupon saves more' : ''}`,
      };
    }
    return { kind: 'available', text: `Save ${option.discount_ui} in place of a coupon` };
  }
  return { kind: 'locked', text: `Add ${formatINR(option.amount_short)} more to unlock` };
}

/** A kept referral code that gives nothing now says why; one that only credits the partner says nothing. */
export function affiliateWarning(attr: CartAttr): string | null {
  return attr.affiliation_code && attr.affiliate_message ? attr.affiliate_message : null;
}

export const isFreeGift = (gift: CartGiftOffer) => gift.price === 0;

export type GiftState =
  { kind: 'locked'; text: string; short: number } | { kind: 'choose'; text: string } | { kind: 'taken'; text: string; size: string };

/**
 * A free gift: too small a cart says how much more it needs; an eligible one asks for a size; a taken
 * one names its size. A paid gift: locked the same way, else offered at its price, or taken.
 */
export function giftState(gift: CartGiftOffer, attr: CartAttr): GiftState {
  const name = gift.product.name;
  if (gift.chosen_size) {
    return isFreeGift(gift)
      ? { kind: 'taken', text: `Your free ${name} (size ${sizeLabel(gift.chosen_size)}) is in your cart`, size: gift.chosen_size }
      : { kind: 'taken', text: `${name} added for ${gift.price_ui}`, size: gift.chosen_size };
  }
  if (!gift.eligible) {
    const short = Math.max(0, gift.min_order - giftOrderValue(attr));
    // the server decides eligibility; if its figure and ours disagree, never ask for ₹0 more
    if (short === 0) return { kind: 'locked', short, text: `Unlocks on orders of ${gift.min_order_ui}` };
    const more = formatINR(short);
    return isFreeGift(gift)
      ? { kind: 'locked', short, text: `Add ${more} more to get a free ${name}` }
      : { kind: 'locked', short, text: `Add ${more} more to unlock ${name} for ${gift.price_ui}` };
  }
  return isFreeGift(gift)
    ? { kind: 'choose', text: 'Choose your free gift size' }
    : { kind: 'choose', text: `Unlocked on orders of ${gift.min_order_ui}` };
}

/** "FREE-SIZE" reads as "Free size". */
export function sizeLabel(size: string): string {
  return size.toUpperCase() === 'FREE-SIZE' ? 'Free size' : size;
}
