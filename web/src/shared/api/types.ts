/**
 * The API's shapes, as docs/api.md describes them. This is the ONE place API types live:
 * features import from here, never declare their own response types. schema.ts is generated
 * from docs/openapi.json (`make openapi`), and schema.check.ts makes `npm run typecheck` fail
 * when a server shape stops fitting the type declared here.
 *
 * Money is integer paise; every money field has a `*_ui` twin with the text to show.
 */

/** The one error shape of every 4xx and 5xx. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

// ---------------------------------------------------------------- operational

export interface Health {
  status: 'ok';
  database: 'sqlite' | 'postgres';
}

export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  body: string;
  /** milliseconds since the epoch */
  created_at: number;
}

/** GET /dev/outbox (demo mode only), newest first. */
export interface Outbox {
  messages: OutboxMessage[];
}

// ---------------------------------------------------------------- login and account

export interface User {
  id: number;
  mobile: string;
  email: string | null;
  name: string;
  is_superuser: boolean;
  can_see_unused_stock: boolean;
}

/** GET /api/v1/me/ */
export interface Me {
  is_authenticated: boolean;
  user: User | null;
  wishlistCount: number;
  cartCount: number;
  notificationCount: number;
}

/** POST /api/v1/auth/otp/ request */
export interface OtpRequest {
  mobile: string;
}

/** POST /api/v1/auth/otp/ answer */
export interface OtpSent {
  message: string;
  /** seconds until another OTP may be requested */
  resend_in: number;
}

/** POST /api/v1/auth/login/ request */
export interface LoginRequest {
  mobile: string;
  otp: string;
}

/** POST /api/v1/auth/login/ answer (plus a new `sessionid` cookie) */
export interface LoginResult {
  user: User;
}

/** POST /mobile_logout/ answer */
export interface LogoutResult {
  status: 'ok';
}

// ---------------------------------------------------------------- catalog

export interface Category {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image: string;
  product_count: number;
  children: Category[];
}

/** GET /api/v2/main-menu-msite/ — the category tree, top level first. */
export interface MainMenu {
  categories: Category[];
}

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  url: string;
  img: string;
  color_name: string;
  rgbcode: string;
  rounded_up_unit_price: number;
  rounded_up_unit_price_ui: string;
  /** the MRP; equal to the price when there is no discount */
  old_price: number;
  old_price_ui: string;
  /** "38% OFF", or "" when there is no discount */
  offer_tag: string;
  is_soldout: boolean;
  rating: number;
  total_ratings_count: number;
}

/** GET /web/api/v1/products/?category={id}&page={n} — 24 a page. */
export interface ProductListing {
  products: ProductCard[];
  page: number;
  num_pages: number;
  total: number;
}

export interface GalleryItem {
  type: 'image' | 'video';
  img_m: string;
  img_l: string;
  thumbnail_url: string;
  /** for videos: the mp4 URL; empty for images */
  embed: string;
}

export interface ColourVariant {
  slug: string;
  url: string;
  color_name: string;
  small_image: string;
  is_soldout: boolean;
  sku: string;
  rgbcode: string;
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface ProductLabel {
  label: string;
  address: string;
}

/**
 * total_ratings by position: 0 shoppers' count, 1 privileged count, 2 written reviews,
 * 3 shoppers' counts per star 5…1, 4 privileged percentages per star 5…1,
 * 5 shoppers' percentages per star 5…1.
 */
export type TotalRatings = [number, number, number, number[], number[], number[]];

/** GET /web/api/v1/product-mobile/{slug}/ (spec 001 §3) */
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
  rvp: { sold_count: number };
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

export interface ComboSizeGroup {
  /** the part's label, e.g. "Bra" or "Panty" */
  type: string;
  sizes: SizeItem[];
}

export interface SizesResult {
  size: SizeItem[];
  comboSizes: ComboSizeGroup[];
  possible_variation_list: string[];
  list_qty: Record<string, number>;
  urgency_message_product: Record<string, string>;
}

/** GET /web/api/v1/product/{slug}/sizes/s/ */
export interface SizesResponse {
  status: 'success' | (string & {});
  result: SizesResult;
}

// ---------------------------------------------------------------- cart

/** GET /cart_dropdown_mobile_ajax/?t={timestamp} */
export interface CartQuantity {
  cart_quantity: number;
}

// ================================================================ ratings, reviews, recommendations
// (issue 3; features/reviews and features/recommendations; docs/api.md "Product page")

/** GET /get-my-rating/?productId={id} — guests get orderid null, my_rating 0, orderstatus "", false. */
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
export interface RatingSaved {
  responseid: number;
}

export interface FeedbackOption {
  value: string;
  label: string;
}

export interface FeedbackQuestion {
  text: string;
  slug: string;
  /** "radio" */
  question_type: string;
  total_rating_count: number;
  options: FeedbackOption[];
  /** option values to emphasise (the fit question: the extremes "1" and "5") */
  emphasis: string[];
}

/** GET /web/api/v1/product/{slug}/feedback-questions/s/ */
export interface FeedbackQuestions {
  f_questions_secondary: FeedbackQuestion[];
  /** the prompt for the free-text review */
  comment: string;
}

/** POST /save-product-feedback/ answer */
export interface FeedbackSaved {
  status: 'success' | (string & {});
}

/** POST /api/v1/reviews/ (JSON) */
export interface ReviewSaveRequest {
  headline: string;
  comment: string;
  /** optional; blank is listed as Anonymous */
  public_name: string;
  product: number;
  /** 1..5 */
  star: number;
}

/** POST /api/v1/reviews/ answer (200) */
export interface ReviewSaved {
  status: 'success' | (string & {});
  id: number;
}

/**
 * One review, by position: 0 id, 1 headline, 2 comment, 3 public name, 4 product id,
 * 5 verified buyer, 6 reviewer display name, 7 date text, 8 and 9 reserved (null), 10 stars.
 */
export type ReviewRowTuple = [
  number,
  string,
  string,
  string,
  number,
  boolean,
  string,
  string,
  null,
  null,
  number,
];

/** GET /web/api/v1/product/{slug}/web-reviews/s/?page={n} — 5 a page, newest first. */
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
export interface MoreLikeThisPage {
  products: ProductCard[];
  page: number;
  has_next: boolean;
}

/**
 * GET /web/api/v1/recommendations/{slug}/?kind=…, /web/api/v1/products/by-ids/?ids=…,
 * /web/api/v1/reorder-products/
 */
export interface ProductCardList {
  products: ProductCard[];
}

// ================================================================ product page: buying, notify-me, offers, timer, featured
// (issue 3; features/product, features/catalog; docs/api.md "Product page")

/** GET /web/api/v1/product/last-purchased-size/ — from Delivered orders; "" when none (and for guests). */
export interface LastPurchasedSizes {
  status: 'success' | (string & {});
  /** category 1 (bras) */
  bra_size1: string;
  /** category 2 (panties) */
  panty_size: string;
  /** category 4 (nightwear) */
  nightwear_size: string;
  /** category 253 (activewear) */
  activewear_size: string;
}

/** GET /addproductrequest/ (notify-me) answer. */
export interface SizeRequestResult {
  result: 'success' | 'error';
  message: string;
}

export interface ProductFeature {
  description: string;
  icon_small: string;
  slug: string;
  category_name: string;
}

/** GET /web/api/v1/product-feature/{slug}/ — feature name → details. */
export type ProductFeatures = Record<string, ProductFeature>;

/** An offer countdown; dates and times are IST, `*_ms` epoch milliseconds. */
export interface Timer {
  id: number;
  startdate: string;
  starttime: string;
  enddate: string;
  endtime: string;
  /** banner background */
  hexcode: string;
  /** banner text colour */
  text_hexcode: string;
  text: string;
  starts_at_ms: number;
  ends_at_ms: number;
}

/** GET /web/api/v1/product/{slug}/timer/s/ — only a timer running now; null otherwise. */
export interface TimerResult {
  timer: Timer | null;
}

export interface Offer {
  /** 2 means select-items style */
  offertype: number;
  msg: string;
  /** pieces needed for the offer */
  count: number;
  /** pieces of the offer's products already in the visitor's cart */
  qty: number;
  offer_applied: boolean;
  url: string;
  message: string;
}

/** GET /bp_pp_product_details_page/?product_id={id} — empty object when no offer runs. */
export interface OfferDetails {
  offer_msg_dict_ajax: Record<string, Offer>;
}

/** GET /web/api/v1/featured/{category}/{month-year}/ — 404 when none is set. */
export interface FeaturedDesign {
  category: string;
  /** e.g. "may-2026" */
  month_year: string;
  title: string;
  blurb: string;
  product: ProductCard;
  /** path of the previous month's page, e.g. "/best-bra-design-of-april-2026/" */
  previous: string | null;
  next: string | null;
}

export interface ComboSizes {
  /** the bra part's size */
  combo1: string;
  /** the panty part's size */
  combo2: string;
}

/** POST /api/v3/cart-items/ (JSON) */
export interface CartItemRequest {
  cart: number | null;
  product: number;
  quantity: number;
  size: string | null;
  combo_sizes: ComboSizes | null;
}

/** POST /api/v3/cart-items/ answer */
export interface CartItemAdded {
  status: 'success';
  /** the cart's new total quantity */
  cart_quantity: number;
  item_id: number;
  message: string;
}

export interface WishlistEntry {
  product: number;
  child_product: number | null;
  first_combo_size: string | null;
  second_combo_size: string | null;
  multi_combo_size: string | null;
}

/** POST /api/v3/wishlist/ (JSON): each entry is toggled. */
export type WishlistToggleRequest = WishlistEntry[];

/** POST /api/v3/wishlist/ answer (login required: 401 for guests) */
export interface WishlistToggled {
  status: 'success';
  in_wishlist: boolean;
  wishlist_count: number;
}

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

/** POST /get-event-data/: the JSON in the form field `data`. */
export interface ShopperEvent {
  event_name: ShopperEventName;
  product_id?: number;
  productslug?: string;
  cart_id?: number;
  source: string;
  cart_updated: boolean;
}

/** Prices in rupees (the analytics convention). */
export interface ProductEventData {
  id: number;
  name: string;
  category_ids: number[];
  category_names: string[];
  sub_category_ids: number[];
  sub_category_names: string[];
  color: string;
  original_price: number;
  discounted_price: number;
  discount: number;
  sku: string;
  product_image: string;
  product_url: string;
  product_slug: string;
  product_brand: string;
  mrp: number;
  discounted_price_ui: string;
  offer_text: string;
  offer_category_id: number | null;
  currency: 'INR';
  quantity: number;
  size: string;
}

export interface CartEventData {
  cart_id: number;
  cart_items: unknown[];
  cart_items_count: number;
  total_value: number;
  /** the coupon code when one applies, else null */
  coupon_data: string | null;
  discount_avg: number;
}

/** POST /get-event-data/ answer; the event is recorded. */
export interface ShopperEventData {
  product: ProductEventData | null;
  cart: CartEventData | null;
}

// ================================================================ cart page and wishlist
// (issue 4, first part; features/cart and features/wishlist; docs/api.md "Cart page" and
// "Wishlist and cart extras"). Every cart call answers the whole cart (`Cart`).

/** GET /get/view-cart-info/ — `cart_id` null when the visitor has no cart yet. */
export interface ViewCartInfo {
  cart_id: number | null;
  cart_quantity: number;
}

export interface CartProductDetail {
  id: number;
  name: string;
  slug: string;
  sku: string;
  url: string;
  img: string;
  color_name: string;
  nonreturnable: boolean;
}

export interface CartLineStock {
  /** 1 in stock, 0 out of stock (spec 000 §4) */
  status: number;
  /** how many of this choice can be bought (stock capped by max_cart_items) */
  available: number;
}

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

export interface CartBundle {
  key: string;
  title: string;
  discount: number;
  discount_ui: string;
}

export interface CartAttr {
  cart_id: number;
  pieces: number;
  mrp_total: number;
  mrp_total_ui: string;
  /** the lines at their prices (out-of-stock lines are not charged) */
  subtotal: number;
  subtotal_ui: string;
  bundle_discount: number;
  bundles: CartBundle[];
  /** the coupon kept with the cart, or "" */
  coupon_code: string;
  coupon_discount: number;
  coupon_discount_ui: string;
  /** why the kept coupon does not apply now, or "" */
  coupon_message: string;
  /** the upgrade offer taken (in place of a coupon); 0 when none applies */
  upgrade_discount: number;
  upgrade_discount_ui: string;
  /** the partner's affiliation code kept with the cart, or "" */
  affiliation_code: string;
  /** the partner's name, for "Referred by …" */
  affiliate_name: string;
  affiliate_discount: number;
  affiliate_discount_ui: string;
  /** why the kept affiliation code gives no discount now, or "" */
  affiliate_message: string;
  gift_wrap: boolean;
  gift_wrap_charge: number;
  gift_wrap_charge_ui: string;
  /** paid gifts taken */
  gifts: number;
  gifts_ui: string;
  shipping: number;
  /** "FREE" when shipping is 0 */
  shipping_ui: string;
  total: number;
  total_ui: string;
  you_save: number;
  you_save_ui: string;
}

export interface RemainingOffer {
  title: string;
  pieces_short: number;
  amount_short: number;
  /** "Add 1 more to get …" */
  message: string;
}

/** A gift offer running now: free (price 0, a size to choose) or paid. */
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

/** GET /api/v4/carts-new/{cart_id}, and the answer of every cart change. */
export interface Cart {
  cart_items: CartLine[];
  cart_attr: CartAttr;
  shipping_info: { title_text: string };
  remaining_offers: { result: RemainingOffer[] };
  cart_paid_gift_details: CartGiftOffer[];
  upgrade_offer_values: UpgradeOfferValues;
  event_data: CartEventData | null;
}

/** One rung of the upgrade ladder: carts worth min_value (after bundle prices) may take it instead of a coupon. */
export interface UpgradeOption {
  id: number;
  title: string;
  min_value: number;
  min_value_ui: string;
  discount: number;
  discount_ui: string;
  /** the cart reaches it */
  unlocked: boolean;
  /** paise still to add to reach it */
  amount_short: number;
  selected: boolean;
}

export interface UpgradeOfferValues {
  /** the nudge: what is taken and the next rung, what the cart unlocks, or how far the first rung is */
  offer_upgrade_message: string;
  /** the option chosen (upgrade_selected_option), whether or not it applies now */
  selected_option: number | null;
  /** why the chosen option does not apply now, or "" */
  selected_message: string;
  options: UpgradeOption[];
}

/** PATCH /api/v4/cart-items-new/{id}/ (JSON) */
export interface CartQuantityRequest {
  quantity: number;
}

/** GET /check-cart-stock/ */
export interface CartStockCheck {
  status: 'ok' | 'out_of_stock' | (string & {});
  /** cart line ids that cannot be bought as they are */
  out_of_stock: number[];
}

export interface LastMinuteDeal {
  id: number;
  deal_price: number;
  deal_price_ui: string;
  product: ProductCard;
  /** sizes in stock, to pick before adding */
  sizes: string[];
  in_cart: boolean;
}

/** GET /api/v3/carts/{id}/last-minute-deals/ */
export interface LastMinuteDeals {
  deals: LastMinuteDeal[];
}

/** POST /api/v3/cart-items/ for a last-minute deal: one piece, `deal` = the deal's id. */
export interface DealCartItemRequest extends CartItemRequest {
  deal: number;
}

export interface GiftSizeOption {
  value: string;
  label: string;
}

/** GET /api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id={id} */
export interface GiftSizes {
  gift_offer_id: number;
  sizes: GiftSizeOption[];
}

/** POST /api/v3/carts-new/null/save-free-gift-size/ (JSON); size null drops the gift. */
export interface FreeGiftSizeRequest {
  gift_offer_id: number;
  size: string | null;
}

/** POST /api/v3/cart-items/cart-paid-gift-add/ (JSON); size null removes the gift. */
export interface PaidGiftRequest {
  paid_gift_offer_id: number;
  size: string | null;
}

export interface CouponOffer {
  code: string;
  description: string;
  applicable: boolean;
  /** why it does not apply to this cart now ("" when it does) */
  reason: string;
}

/** GET /api/v4/carts-new/{id}/get-view-offers-data/ */
export interface ViewOffers {
  coupons: CouponOffer[];
  remaining_offers: RemainingOffer[];
  bundles_applied: CartBundle[];
  upgrades: UpgradeOption[];
}

/** One saved product; combo sizes are "" when none were saved. */
export interface WishlistItem {
  id: number;
  product: ProductCard;
  first_combo_size: string;
  second_combo_size: string;
  multi_combo_size: string;
}

/**
 * GET /api/v3/wishlist/?page=N (N from 1, 50 entries a page) and DELETE /api/v3/wishlist/{id}/
 * (which answers the first page); login required. A wishlist holds at most 200 entries: adding
 * past that is a 400 whose message the product page shows as it is.
 */
export interface Wishlist {
  /** one page of entries, newest first */
  items: WishlistItem[];
  /** entries in the whole wishlist */
  wishlist_count: number;
  /** this page's number, from 1 */
  number: number;
  num_pages: number;
  has_next: boolean;
}
// ================================================================ end of cart page and wishlist
