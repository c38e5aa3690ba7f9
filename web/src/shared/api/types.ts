/**
 * The API's shapes under the names the app uses. The server defines each shape once: its handlers
 * generate docs/openapi.json (`make openapi`), and `npm run api-types` turns that into schema.ts.
 * Every type here is a name for an entry of schema.ts; features import these names and declare no
 * API types of their own (lint refuses an `interface …Request` or `…Response` anywhere else).
 *
 * A few are still written by hand, each marked SERVER FIX with the change to the server's schema
 * that retires it: there the document says less than the server sends (a field always sent, null or
 * not, marked optional; a positional array typed as a plain array; JSON inside a form field).
 * schema.check.ts proves each hand type still matches the server's shape, and fails once the fix has
 * landed and the type can become a name like the rest.
 *
 * Money is integer paise; every money field has a `*_ui` twin with the text to show.
 */
import type { components, operations } from './schema';

type S = components['schemas'];

/** The one error shape of every 4xx and 5xx. */
export type ApiErrorBody = S['ErrorBody'];

// ---------------------------------------------------------------- operational

/** GET /healthz */
export type Health = S['Health'];
export type OutboxMessage = S['OutboxEntry'];
/** GET /dev/outbox (demo mode only), newest first. */
export type Outbox = S['Outbox'];

// ---------------------------------------------------------------- login and account

/** SERVER FIX: `UserOut.email` required (always sent, null when unknown). */
export interface User {
  id: number;
  mobile: string;
  email: string | null;
  name: string;
  is_superuser: boolean;
  can_see_unused_stock: boolean;
}

/** GET /api/v1/me/. SERVER FIX: `Me.user` required (null for guests), then `User`'s. */
export interface Me {
  is_authenticated: boolean;
  user: User | null;
  wishlistCount: number;
  cartCount: number;
  notificationCount: number;
}

/** POST /api/v1/auth/otp/ */
export type OtpRequest = S['OtpRequest'];
export type OtpSent = S['OtpSent'];
/** POST /api/v1/auth/login/ (the answer comes with a new `sessionid` cookie) */
export type LoginRequest = S['LoginRequest'];
/** SERVER FIX: `User`'s (then this is `LoggedIn`). */
export interface LoginResult {
  user: User;
}
/** POST /mobile_logout/ */
export type LogoutResult = S['Done'];

// ---------------------------------------------------------------- catalog

/** SERVER FIX: `CategoryNode.parent_id` required (null at the top level). */
export interface Category {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image: string;
  product_count: number;
  children: Category[];
}

/** GET /api/v2/main-menu-msite/ — the category tree, top level first. SERVER FIX: `Category`'s. */
export interface MainMenu {
  categories: Category[];
}

export type ProductCard = S['ProductCard'];
/** GET /web/api/v1/products/?category={id}&page={n} — 24 a page. */
export type ProductListing = S['ProductList'];
export type GalleryItem = S['GalleryOut'];
export type ColourVariant = S['ColourVariant'];
export type CategoryRef = S['CategoryRef'];
export type ProductLabel = S['LabelOut'];

/**
 * total_ratings by position: 0 shoppers' count, 1 privileged count, 2 written reviews,
 * 3 shoppers' counts per star 5…1, 4 privileged percentages per star 5…1,
 * 5 shoppers' percentages per star 5…1.
 * SERVER FIX: `ProductOut.total_ratings` typed as this tuple (the document says an array of
 * number-or-array).
 */
export type TotalRatings = [number, number, number, number[], number[], number[]];

/**
 * GET /web/api/v1/product-mobile/{slug}/ (spec 001 §3).
 * SERVER FIX: `ProductOut.rating` and `ProductOut.total_ratings` typed as tuples.
 */
export interface Product {
  id: number;
  name: string;
  translated_name: string;
  slug: string;
  sku: string;
  parent_sku: string;
  url: string;
  img: string;
  combo: boolean;
  multicombo: boolean;
  is_freesize_prod: boolean;
  is_soldout: boolean;
  active: boolean;
  max_cart_items: number;
  rounded_up_unit_price: number;
  rounded_up_unit_price_ui: string;
  /** the MRP; equal to the price when there is no discount */
  old_price: number;
  old_price_ui: string;
  /** "38% OFF", or "" when there is no discount */
  offer_tag: string;
  /** "Buy 3 for ₹1,499", or "" */
  offer_text: string;
  is_generic_offer_party_msg: boolean;
  star_rating_admin: boolean;
  /** 0: the average shoppers see, 1: the average privileged users see */
  rating: [number, number];
  total_ratings: TotalRatings;
  nonreturnable: boolean;
  /** 2 means Exclusive */
  channel_type: number;
  speed: number;
  beginner: boolean;
  preorder: boolean;
  newarrivals: boolean;
  is_cotton_comforty: boolean;
  has_cotton_label: boolean;
  all_category_with_parents: number[];
  categories: CategoryRef[];
  /** [inches, cm] */
  size_chart_image: string[];
  gallery: GalleryItem[];
  more_colors: ColourVariant[];
  is_in_wishlist: boolean;
  pinit_path: string;
  get_meta_title: string;
  rvp: S['Rvp'];
  /** server-sanitised HTML */
  designer_note: string;
  /** server-sanitised HTML */
  page_extension_mob: string;
  manufactured_by: string;
  manufactured_by_label: string;
  marketed_by: string;
  marketed_by_label: string;
  country_of_origin: string;
  product_label_list: ProductLabel[];
  fittest_code_in_fitguide: string;
  fittest_size_in_all_size: string;
}

/** SERVER FIX: `SizeItem.ws_stock` required (null except for privileged users). */
export interface SizeItem {
  label: string;
  value: string;
  /** what a shopper may buy of this size (stock capped by max_cart_items); 0 = sold out */
  quantity: number;
  sku: string;
  productId: number;
  is_auto_select_size: boolean;
  fit_size_msg: string;
  /** "{n} left", "Few left" or "" */
  urgency_message: string;
  /** privileged users only: raw stock with the suffix, "23 WS"; null otherwise */
  ws_stock: string | null;
}

/** SERVER FIX: `SizeItem`'s (then this is `ComboGroup`). */
export interface ComboSizeGroup {
  /** the part's label, e.g. "Bra" or "Panty" */
  type: string;
  sizes: SizeItem[];
}

/** SERVER FIX: `SizeItem`'s (then this is `SizesResult`). */
export interface SizesResult {
  size: SizeItem[];
  comboSizes: ComboSizeGroup[];
  possible_variation_list: string[];
  list_qty: Record<string, number>;
  urgency_message_product: Record<string, string>;
}

/** GET /web/api/v1/product/{slug}/sizes/s/. SERVER FIX: `SizeItem`'s (then this is `SizesOut`). */
export interface SizesResponse {
  status: string;
  result: SizesResult;
}

// ---------------------------------------------------------------- cart (header)

/** GET /cart_dropdown_mobile_ajax/?t={timestamp} */
export type CartQuantity = S['CartQuantity'];

// ================================================================ ratings, reviews, recommendations
// (features/reviews and features/recommendations; docs/api.md "Product page")

/**
 * GET /get-my-rating/?productId={id} — guests get orderid null, my_rating 0, orderstatus "", false.
 * SERVER FIX: `MyRating.orderid` required (null when no order may be rated).
 */
export interface MyRating {
  /** the shopper's order of this product that may be rated, or null */
  orderid: string | null;
  /** 0 = not rated yet, else 1..5 */
  my_rating: number;
  /** "Delivered", or "" */
  orderstatus: string;
  ordered_by_user: boolean;
}

/** POST /rating/save/ (form: rating, pId, orderid, csrfmiddlewaretoken) answer */
export type RatingSaved = S['RatingSaved'];
export type FeedbackOption = S['FeedbackOption'];
export type FeedbackQuestion = S['FeedbackQuestion'];
/** GET /web/api/v1/product/{slug}/feedback-questions/s/ */
export type FeedbackQuestions = S['FeedbackQuestions'];
/** POST /save-product-feedback/ answer */
export type FeedbackSaved = S['Status'];
/** POST /api/v1/reviews/ (JSON); a blank public_name is listed as Anonymous. */
export type ReviewSaveRequest = S['ReviewIn'];
export type ReviewSaved = S['ReviewSaved'];

/**
 * One review, by position: 0 id, 1 headline, 2 comment, 3 public name, 4 product id,
 * 5 verified buyer, 6 reviewer display name, 7 date text, 8 and 9 reserved (null), 10 stars.
 * SERVER FIX: `ReviewPage.object_list` typed as a list of this tuple (the document says a list of
 * lists of number-string-boolean-null).
 */
export type ReviewRowTuple = [number, string, string, string, number, boolean, string, string, null, null, number];

/**
 * GET /web/api/v1/product/{slug}/web-reviews/s/?page={n} — 5 a page, newest first.
 * SERVER FIX: `ReviewPage.object_list` as `ReviewRowTuple`; `previous_page_number` and
 * `next_page_number` required (null on the first and last page).
 */
export interface ReviewPage {
  object_list: ReviewRowTuple[];
  total_reviews: number;
  num_pages: number;
  number: number;
  has_previous: boolean;
  has_next: boolean;
  previous_page_number: number | null;
  next_page_number: number | null;
}

/** GET /web/api/v1/more-like-this/?productid={id}&page={n} — 8 a page. */
export type MoreLikeThisPage = S['SimilarPage'];
/**
 * GET /web/api/v1/recommendations/{slug}/?kind=…, /web/api/v1/products/by-ids/?ids=…,
 * /web/api/v1/reorder-products/
 */
export type ProductCardList = S['Cards'];

// ================================================================ product page: buying, notify-me, offers, timer, featured
// (features/product, features/catalog; docs/api.md "Product page")

/** GET /web/api/v1/product/last-purchased-size/ — from Delivered orders; "" when none (and for guests). */
export type LastPurchasedSizes = S['LastPurchasedSizes'];
/** GET /addproductrequest/ (notify-me) answer. */
export type SizeRequestResult = S['NotifyAnswer'];
export type ProductFeature = S['FeatureOut'];
/** GET /web/api/v1/product-feature/{slug}/ — feature name → details. */
export type ProductFeatures = operations['product_features']['responses'][200]['content']['application/json'];
/** An offer countdown; dates and times are IST, `*_ms` epoch milliseconds. */
export type Timer = S['TimerOut'];

/**
 * GET /web/api/v1/product/{slug}/timer/s/ — only a timer running now; null otherwise.
 * SERVER FIX: `TimerAnswer.timer` required (null when no timer runs).
 */
export interface TimerResult {
  timer: Timer | null;
}

export type Offer = S['OfferOut'];
/** GET /bp_pp_product_details_page/?product_id={id} — empty object when no offer runs. */
export type OfferDetails = S['OfferMessages'];

/**
 * GET /web/api/v1/featured/{category}/{month-year}/ — 404 when none is set.
 * SERVER FIX: `FeaturedOut.previous` and `FeaturedOut.next` required (null at either end).
 */
export interface FeaturedDesign {
  category: string;
  /** e.g. "may-2026" */
  month_year: string;
  title: string;
  blurb: string;
  product: ProductCard;
  product_slug: string;
  /** path of the previous month's page, e.g. "/best-bra-design-of-april-2026/" */
  previous: string | null;
  next: string | null;
}

export type ComboSizes = S['ComboChoice'];
/** POST /api/v3/cart-items/ (JSON); `deal` only for a last-minute deal. */
export type CartItemRequest = S['CartAdd'];
export type CartItemAdded = S['CartAdded'];
export type WishlistEntry = S['WishlistEntry'];
/** POST /api/v3/wishlist/ (JSON): each entry is toggled; login required (401 for guests). */
export type WishlistToggleRequest = NonNullable<operations['toggle_wishlist']['requestBody']>['content']['application/json'];
export type WishlistToggled = S['WishlistAnswer'];

/**
 * SERVER FIX: none of this is in the document: the form field `data` of /get-event-data/ is
 * described as a string. Deriving `ToSchema` for the server's `EventData` (with `event_name` an
 * enum of the events it records) and listing it among the document's schemas makes these names.
 */
export type ShopperEventName =
  | 'product_viewed'
  | 'added_to_cart'
  | 'removed_from_cart'
  | 'removed_from_wishlist'
  | 'added_to_wishlist'
  | 'added_to_wishlist_moengage'
  | 'cart_updated'
  | 'cart_viewed'
  | 'Share_product'
  | 'notify_me';

/** POST /get-event-data/: the JSON in the form field `data`. SERVER FIX: see `ShopperEventName`. */
export interface ShopperEvent {
  event_name: ShopperEventName;
  product_id?: number;
  productslug?: string;
  cart_id?: number;
  source: string;
  cart_updated: boolean;
}

/** Prices in rupees (the analytics convention). */
export type ProductEventData = S['ProductEventData'];

/** SERVER FIX: `CartEventData.coupon_data` required (null when no coupon applies). */
export interface CartEventData {
  cart_id: number;
  cart_items: S['CartEventItem'][];
  cart_items_count: number;
  total_value: number;
  /** the coupon code when one applies, else null */
  coupon_data: string | null;
  discount_avg: number;
}

/**
 * POST /get-event-data/ answer; the event is recorded.
 * SERVER FIX: `EventAnswer.product` and `EventAnswer.cart` required (null when not about one).
 */
export interface ShopperEventData {
  product: ProductEventData | null;
  cart: CartEventData | null;
}

// ================================================================ cart page and wishlist
// (features/cart and features/wishlist; docs/api.md "Cart page" and "Wishlist and cart extras").
// Every cart call answers the whole cart (`Cart`).

/**
 * GET /get/view-cart-info/ — `cart_id` null when the visitor has no cart yet.
 * SERVER FIX: `ViewCartInfo.cart_id` required.
 */
export interface ViewCartInfo {
  cart_id: number | null;
  cart_quantity: number;
}

export type CartProductDetail = S['CartProductDetail'];
export type CartLineStock = S['LineStock'];

/** SERVER FIX: `CartItemOut.combo_sizes` required (null when the line is not a combo). */
export interface CartLine {
  id: number;
  product_detail: CartProductDetail;
  /** the size, or "34B / M" for a combo */
  size: string;
  /** [bra part, panty part] for a combo; null otherwise */
  combo_sizes: string[] | null;
  quantity: number;
  /** how many more of this choice could be added */
  rem_quantity: number;
  stock: CartLineStock;
  unit_price: number;
  unit_price_ui: string;
  mrp: number;
  mrp_ui: string;
  line_total: number;
  line_total_ui: string;
  /** added as a last-minute deal */
  is_deal: boolean;
}

export type CartBundle = S['BundleOut'];
export type CartAttr = S['CartAttr'];
export type RemainingOffer = S['RemainingOfferOut'];

/**
 * A gift offer running now: free (price 0, a size to choose) or paid.
 * SERVER FIX: `GiftOut.chosen_size` required (null until the cart takes the gift).
 */
export interface CartGiftOffer {
  id: number;
  title: string;
  product: ProductCard;
  /** 0 for a free gift */
  price: number;
  price_ui: string;
  min_order: number;
  min_order_ui: string;
  /** the cart is big enough for it */
  eligible: boolean;
  /** the size taken, when the cart has taken the gift */
  chosen_size: string | null;
}

export type UpgradeOption = S['UpgradeOptionOut'];

/** SERVER FIX: `UpgradeOfferValues.selected_option` required (null when none is chosen). */
export interface UpgradeOfferValues {
  /** the nudge: what is taken and the next rung, what the cart unlocks, or how far the first rung is */
  offer_upgrade_message: string;
  /** the option chosen (upgrade_selected_option), whether or not it applies now */
  selected_option: number | null;
  /** why the chosen option does not apply now, or "" */
  selected_message: string;
  options: UpgradeOption[];
}

/**
 * GET /api/v4/carts-new/{cart_id}, and the answer of every cart change.
 * SERVER FIX: `CartOut.event_data` required, then `CartLine`'s, `CartGiftOffer`'s,
 * `UpgradeOfferValues`' and `CartEventData`'s.
 */
export interface Cart {
  cart_items: CartLine[];
  cart_attr: CartAttr;
  shipping_info: S['ShippingInfo'];
  remaining_offers: S['RemainingOffers'];
  cart_paid_gift_details: CartGiftOffer[];
  upgrade_offer_values: UpgradeOfferValues;
  event_data: CartEventData | null;
}

/** PATCH /api/v4/cart-items-new/{id}/ (JSON) */
export type CartQuantityRequest = S['QuantityChange'];
/** GET /check-cart-stock/ */
export type CartStockCheck = S['CartStock'];
export type LastMinuteDeal = S['DealOut'];
/** GET /api/v3/carts/{id}/last-minute-deals/ */
export type LastMinuteDeals = S['Deals'];
/** POST /api/v3/cart-items/ for a last-minute deal: one piece, `deal` = the deal's id. */
export type DealCartItemRequest = S['CartAdd'];
export type GiftSizeOption = S['GiftSize'];
/** GET /api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id={id} */
export type GiftSizes = S['GiftSizes'];
/** POST /api/v3/carts-new/null/save-free-gift-size/ (JSON: gift_offer_id, size); size null drops the gift. */
export type FreeGiftSizeRequest = S['GiftChoice'];
/** POST /api/v3/cart-items/cart-paid-gift-add/ (JSON: paid_gift_offer_id, size); size null removes the gift. */
export type PaidGiftRequest = S['GiftChoice'];
export type CouponOffer = S['CouponOffer'];
/** GET /api/v4/carts-new/{id}/get-view-offers-data/ */
export type ViewOffers = S['ViewOffers'];
/** One saved product; combo sizes are "" when none were saved. */
export type WishlistItem = S['WishlistItemOut'];
/**
 * GET /api/v3/wishlist/?page=N (N from 1, 50 entries a page) and DELETE /api/v3/wishlist/{id}/
 * (which answers the first page); login required. A wishlist holds at most 200 entries: adding
 * past that is a 400 whose message the product page shows as it is.
 */
export type Wishlist = S['WishlistOut'];
