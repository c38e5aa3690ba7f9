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
