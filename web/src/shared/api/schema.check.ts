/**
 * Compile-time guard for the few API types still written by hand in types.ts (each marked SERVER FIX
 * there; every other API type is a name for a schema.ts entry and needs no check). `npm run typecheck`
 * fails on a line below when:
 *
 * - a `fits…` line: the server's shape (schema.ts, `npm run api-types`) stopped fitting the hand
 *   type: a field renamed, removed or retyped. Change the hand type to follow the server.
 * - a `retire…` line: the generated entry now fits the hand type as it is, so the server fix has
 *   landed. Make the hand type a name (`export type X = S['…']`) and delete both of its lines.
 */
import type { components } from './schema';
import type * as T from './types';

type S = components['schemas'];
/** The server's shape must be assignable to the app's. */
type Fits<Server, App> = [Server] extends [App] ? true : never;
/** The generated entry must still not be usable as it is, or the hand type has no reason to exist. */
type StillNeeded<Server, App> = [Server] extends [App] ? never : true;

/**
 * What the server sends for a struct whose `Option` fields the document marks optional though they
 * are always sent (as null when empty): the same shape with no field absent, at every depth.
 */
type Sent<X> = X extends (infer E)[] ? Sent<E>[] : X extends object ? { [K in keyof X]-?: Sent<Exclude<X[K], undefined>> } : X;

/** The fields that are positional arrays in the server's answers, typed there as plain arrays. */
type Positional = 'rating' | 'total_ratings';

const fitsUser: Fits<Sent<S['UserOut']>, T.User> = true;
const fitsMe: Fits<Sent<S['Me']>, T.Me> = true;
const fitsLoginResult: Fits<Sent<S['LoggedIn']>, T.LoginResult> = true;
const fitsCategory: Fits<Sent<S['CategoryNode']>, T.Category> = true;
const fitsMainMenu: Fits<Sent<S['Menu']>, T.MainMenu> = true;
const fitsProduct: Fits<Omit<S['ProductOut'], Positional>, Omit<T.Product, Positional>> = true;
const fitsRating: Fits<S['ProductOut']['rating'], number[]> = true;
const fitsTotalRatings: Fits<S['ProductOut']['total_ratings'], (number | number[])[]> = true;
const fitsSizeItem: Fits<Sent<S['SizeItem']>, T.SizeItem> = true;
const fitsComboSizeGroup: Fits<Sent<S['ComboGroup']>, T.ComboSizeGroup> = true;
const fitsSizesResult: Fits<Sent<S['SizesResult']>, T.SizesResult> = true;
const fitsSizesResponse: Fits<Sent<S['SizesOut']>, T.SizesResponse> = true;
const fitsMyRating: Fits<Sent<S['MyRating']>, T.MyRating> = true;
const fitsReviewPage: Fits<Omit<Sent<S['ReviewPage']>, 'object_list'>, Omit<T.ReviewPage, 'object_list'>> = true;
const fitsReviewRowTuple: Fits<T.ReviewRowTuple[number], S['ReviewCell']> = true;
const fitsTimerResult: Fits<Sent<S['TimerAnswer']>, T.TimerResult> = true;
const fitsFeaturedDesign: Fits<Sent<S['FeaturedOut']>, T.FeaturedDesign> = true;
const fitsShopperEvent: Fits<S['EventForm'], { data: string }> = true;
const fitsCartEventData: Fits<Sent<S['CartEventData']>, T.CartEventData> = true;
const fitsShopperEventData: Fits<Sent<S['EventAnswer']>, T.ShopperEventData> = true;
const fitsViewCartInfo: Fits<Sent<S['ViewCartInfo']>, T.ViewCartInfo> = true;
const fitsCartLine: Fits<Sent<S['CartItemOut']>, T.CartLine> = true;
const fitsCartGiftOffer: Fits<Sent<S['GiftOut']>, T.CartGiftOffer> = true;
const fitsUpgradeOfferValues: Fits<Sent<S['UpgradeOfferValues']>, T.UpgradeOfferValues> = true;
const fitsCart: Fits<Sent<S['CartOut']>, T.Cart> = true;

export const handTypesFit = [
  fitsUser,
  fitsMe,
  fitsLoginResult,
  fitsCategory,
  fitsMainMenu,
  fitsProduct,
  fitsRating,
  fitsTotalRatings,
  fitsSizeItem,
  fitsComboSizeGroup,
  fitsSizesResult,
  fitsSizesResponse,
  fitsMyRating,
  fitsReviewPage,
  fitsReviewRowTuple,
  fitsTimerResult,
  fitsFeaturedDesign,
  fitsShopperEvent,
  fitsCartEventData,
  fitsShopperEventData,
  fitsViewCartInfo,
  fitsCartLine,
  fitsCartGiftOffer,
  fitsUpgradeOfferValues,
  fitsCart,
];

const retireUser: StillNeeded<S['UserOut'], T.User> = true;
const retireMe: StillNeeded<S['Me'], T.Me> = true;
const retireLoginResult: StillNeeded<S['LoggedIn'], T.LoginResult> = true;
const retireCategory: StillNeeded<S['CategoryNode'], T.Category> = true;
const retireMainMenu: StillNeeded<S['Menu'], T.MainMenu> = true;
const retireProduct: StillNeeded<S['ProductOut'], T.Product> = true;
const retireSizeItem: StillNeeded<S['SizeItem'], T.SizeItem> = true;
const retireComboSizeGroup: StillNeeded<S['ComboGroup'], T.ComboSizeGroup> = true;
const retireSizesResult: StillNeeded<S['SizesResult'], T.SizesResult> = true;
const retireSizesResponse: StillNeeded<S['SizesOut'], T.SizesResponse> = true;
const retireMyRating: StillNeeded<S['MyRating'], T.MyRating> = true;
const retireReviewPage: StillNeeded<S['ReviewPage'], T.ReviewPage> = true;
const retireTimerResult: StillNeeded<S['TimerAnswer'], T.TimerResult> = true;
const retireFeaturedDesign: StillNeeded<S['FeaturedOut'], T.FeaturedDesign> = true;
const retireCartEventData: StillNeeded<S['CartEventData'], T.CartEventData> = true;
const retireShopperEventData: StillNeeded<S['EventAnswer'], T.ShopperEventData> = true;
const retireViewCartInfo: StillNeeded<S['ViewCartInfo'], T.ViewCartInfo> = true;
const retireCartLine: StillNeeded<S['CartItemOut'], T.CartLine> = true;
const retireCartGiftOffer: StillNeeded<S['GiftOut'], T.CartGiftOffer> = true;
const retireUpgradeOfferValues: StillNeeded<S['UpgradeOfferValues'], T.UpgradeOfferValues> = true;
const retireCart: StillNeeded<S['CartOut'], T.Cart> = true;

export const handTypesStillNeeded = [
  retireUser,
  retireMe,
  retireLoginResult,
  retireCategory,
  retireMainMenu,
  retireProduct,
  retireSizeItem,
  retireComboSizeGroup,
  retireSizesResult,
  retireSizesResponse,
  retireMyRating,
  retireReviewPage,
  retireTimerResult,
  retireFeaturedDesign,
  retireCartEventData,
  retireShopperEventData,
  retireViewCartInfo,
  retireCartLine,
  retireCartGiftOffer,
  retireUpgradeOfferValues,
  retireCart,
];
