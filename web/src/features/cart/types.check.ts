/**
 * Compile-time guard (like shared/api/schema.check.ts) for the cart and wishlist types appended to
 * shared/api/types.ts: `npm run typecheck` fails when the server's generated schema stops fitting them.
 */
import type { components } from '@/shared/api/schema';
import type * as T from '@/shared/api/types';

type S = components['schemas'];
type Fits<Server, App> = [Server] extends [App] ? true : never;
/** Nullable-or-absent fields are optional in the generated schema; the server always sends them. */
type Present<X> = { [K in keyof X]-?: Exclude<X[K], undefined> };

type ServerLine = Omit<Present<S['CartItemOut']>, 'combo_sizes'> & { combo_sizes: string[] | null };
type ServerGift = Omit<S['GiftOut'], 'chosen_size'> & { chosen_size: string | null };
type ServerUpgrades = Omit<S['UpgradeOfferValues'], 'selected_option'> & { selected_option: number | null };
type ServerCart = Omit<S['CartOut'], 'cart_items' | 'cart_paid_gift_details' | 'event_data' | 'upgrade_offer_values'> & {
  cart_items: ServerLine[];
  cart_paid_gift_details: ServerGift[];
  upgrade_offer_values: ServerUpgrades;
};

const viewCartInfo: Fits<Present<S['ViewCartInfo']>, T.ViewCartInfo> = true;
const line: Fits<ServerLine, T.CartLine> = true;
const attr: Fits<S['CartAttr'], T.CartAttr> = true;
const gift: Fits<ServerGift, T.CartGiftOffer> = true;
const cart: Fits<ServerCart, Omit<T.Cart, 'event_data'>> = true;
const stock: Fits<S['CartStock'], T.CartStockCheck> = true;
const deals: Fits<S['Deals'], T.LastMinuteDeals> = true;
const giftSizes: Fits<S['GiftSizes'], T.GiftSizes> = true;
const offers: Fits<S['ViewOffers'], T.ViewOffers> = true;
const upgrade: Fits<S['UpgradeOptionOut'], T.UpgradeOption> = true;
const wishlist: Fits<S['WishlistOut'], T.Wishlist> = true;
const dealAdd: Fits<T.DealCartItemRequest, Omit<S['CartAdd'], 'combo_sizes'>> = true;
const freeGift: Fits<T.FreeGiftSizeRequest, S['GiftChoice']> = true;
const paidGift: Fits<T.PaidGiftRequest, S['GiftChoice']> = true;

export const cartTypesFit = [viewCartInfo, line, attr, gift, cart, stock, deals, giftSizes, offers, upgrade, wishlist, dealAdd, freeGift, paidGift];
