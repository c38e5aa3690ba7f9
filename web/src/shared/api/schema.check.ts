/**
 * Compile-time guard that the app's API types (types.ts) match what the server says it sends
 * (schema.ts, generated from docs/openapi.json by `npm run api-types`). `npm run typecheck` fails when
 * a server response stops fitting the type the app reads it as: a field renamed, removed or retyped.
 */
import type { components } from './schema';
import type * as T from './types';

type S = components['schemas'];
/** The server's shape must be assignable to the app's. */
type Fits<Server, App> = [Server] extends [App] ? true : never;

// Nullable-or-absent fields are optional in the generated schema; the server always sends them.
type Present<X> = { [K in keyof X]-?: Exclude<X[K], undefined> };

// Each line fails to compile (true is not assignable to never) when the shapes drift.
const health: Fits<S['Health'], Omit<T.Health, 'status' | 'database'>> = true;
const outbox: Fits<Present<S['OutboxEntry']>, T.OutboxMessage> = true;
const user: Fits<Present<S['UserOut']>, T.User> = true;
const me: Fits<Omit<S['Me'], 'user'>, Omit<T.Me, 'user'>> = true;
const otpSent: Fits<S['OtpSent'], T.OtpSent> = true;
const otpRequest: Fits<T.OtpRequest, S['OtpRequest']> = true;
const loginRequest: Fits<T.LoginRequest, S['LoginRequest']> = true;
const productCard: Fits<S['ProductCard'], T.ProductCard> = true;
const listing: Fits<S['ProductList'], T.ProductListing> = true;
const gallery: Fits<S['GalleryOut'], T.GalleryItem> = true;
const colour: Fits<S['ColourVariant'], T.ColourVariant> = true;
const product: Fits<Omit<S['ProductOut'], 'total_ratings' | 'rating'>, Omit<T.Product, 'total_ratings' | 'rating'>> = true;
const sizeItem: Fits<Present<S['SizeItem']>, T.SizeItem> = true;
const cartQuantity: Fits<S['CartQuantity'], T.CartQuantity> = true;

// The product page's calls (issue 3).
const myRating: Fits<Present<S['MyRating']>, T.MyRating> = true;
const ratingSaved: Fits<S['RatingSaved'], T.RatingSaved> = true;
const feedbackQuestions: Fits<S['FeedbackQuestions'], T.FeedbackQuestions> = true;
const reviewIn: Fits<T.ReviewSaveRequest, S['ReviewIn']> = true;
const lastPurchased: Fits<S['LastPurchasedSizes'], T.LastPurchasedSizes> = true;
const similar: Fits<S['SimilarPage'], T.MoreLikeThisPage> = true;
const cards: Fits<S['Cards'], T.ProductCardList> = true;
const timer: Fits<Omit<S['TimerAnswer'], 'timer'>, Omit<T.TimerResult, 'timer'>> = true;
const featured: Fits<Omit<Present<S['FeaturedOut']>, 'previous' | 'next'>, Omit<T.FeaturedDesign, 'previous' | 'next'>> = true;

export const apiTypesFit = [health, outbox, user, me, otpSent, otpRequest, loginRequest, productCard, listing, gallery, colour, product, sizeItem, cartQuantity,
  myRating, ratingSaved, feedbackQuestions, reviewIn, lastPurchased, similar, cards, timer, featured];
