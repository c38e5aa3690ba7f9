import type { Offer } from '@/shared/api/types';
import { CART_PATH } from './purchase';

/** Spec 001 §9: offer messages are cut to 24 characters plus an ellipsis. */
export const OFFER_MSG_MAX = 24;

/** "Buy any 3 bras for ₹1,499 only" → "Buy any 3 bras for ₹1,49…" (characters, not UTF-16 units). */
export function truncateOffer(msg: string, max = OFFER_MSG_MAX): string {
  const text = msg.trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** The offer has been earned: the cart holds at least `count` of its pieces. */
export function isOfferApplied(offer: Pick<Offer, 'qty' | 'count'>): boolean {
  return offer.count > 0 && offer.qty >= offer.count;
}

/**
 * Where the offer's action goes (spec 001 §2): the cart once the cart quantity reaches the offer's
 * count, else the offer's own page (the cart when it has none).
 */
export function offerHref(offer: Pick<Offer, 'qty' | 'count' | 'url'>): string {
  if (isOfferApplied(offer)) return CART_PATH;
  return offer.url?.trim() || CART_PATH;
}

/** Only same-site paths are followed client-side; anything else is a plain link. */
export function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
