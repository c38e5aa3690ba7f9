/**
 * The API's shapes under the names the app uses. The server defines each shape once: its handlers
 * generate docs/openapi.json (`make openapi`), and `npm run api-types` turns that into schema.ts.
 * Every type here is a name for an entry of schema.ts; features import these names and declare no
 * API types of their own (lint refuses an `interface …Request` or `…Response` anywhere else).
 *
 * A few are still written by hand, each marked SERVER FIX: the event names the page sends (the server
 * takes `event_name` as a string and checks it against its list), the order detail's address and
 * breakup (untyped objects in the document) and the order list's query (documented as path
 * parameters); schema.check.ts keeps them honest.
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

export type User = S['UserOut'];

/** GET /api/v1/me/. */
export type Me = S['Me'];

/** POST /api/v1/auth/otp/ */
export type OtpRequest = S['OtpRequest'];
export type OtpSent = S['OtpSent'];
/** POST /api/v1/auth/login/ (the answer comes with a new `sessionid` cookie) */
export type LoginRequest = S['LoginRequest'];
export type LoginResult = S['LoggedIn'];
/** POST /mobile_logout/ */
export type LogoutResult = S['Done'];

// ---------------------------------------------------------------- catalog

export type Category = S['CategoryNode'];

/** GET /api/v2/main-menu-msite/ — the category tree, top level first. */
export type MainMenu = S['Menu'];

export type ProductCard = S['ProductCard'];
/** GET /web/api/v1/products/?category={id}&page={n} — 24 a page. */
export type ProductListing = S['ProductList'];
/** The listing's filters with a count beside each value (the other filters applied). */
export type ListingFacets = S['ListingFacets'];
export type FacetValue = S['FacetValue'];
export type SortOption = S['SortOption'];
/** A results page's search: what matched, the corrected words, and the way out of no match. */
export type SearchInfo = S['SearchInfo'];
/** GET /web/api/v1/drape-search/?q= */
export type SearchSuggestions = S['SearchSuggestions'];
/** GET /web/api/v1/drape-popular-search/ */
export type PopularSearches = S['PopularSearches'];
/** GET /web/api/v1/drape-topproducts-search/ */
export type TopProducts = S['TopProducts'];
/** GET and DELETE /web/api/v1/recent-searches/ */
export type RecentSearches = S['RecentSearches'];
export type GalleryItem = S['GalleryOut'];
export type ColourVariant = S['ColourVariant'];
export type CategoryRef = S['CategoryRef'];
export type ProductLabel = S['LabelOut'];

/** total_ratings by position: 0 shoppers' count, 1 privileged count, 2 written reviews, 3 shoppers' counts per star 5…1, 4 privileged percentages per star 5…1, 5 shoppers' percentages per star 5…1. */
export type TotalRatings = Product['total_ratings'];

/** GET /web/api/v1/product-mobile/{slug}/ (spec 001 §3). */
export type Product = S['ProductOut'];

export type SizeItem = S['SizeItem'];

export type ComboSizeGroup = S['ComboGroup'];

export type SizesResult = S['SizesResult'];

/** GET /web/api/v1/product/{slug}/sizes/s/. */
export type SizesResponse = S['SizesOut'];

// ---------------------------------------------------------------- cart (header)

/** GET /cart_dropdown_mobile_ajax/?t={timestamp} */
export type CartQuantity = S['CartQuantity'];

// ================================================================ ratings, reviews, recommendations
// (features/reviews and features/recommendations; docs/api.md "Product page")

/** GET /get-my-rating/?productId={id} — guests get orderid null, my_rating 0, orderstatus "", false. */
export type MyRating = S['MyRating'];

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

/** One review, by position: 0 id, 1 headline, 2 comment, 3 public name, 4 product id, 5 verified buyer, 6 reviewer display name, 7 date text, 8 and 9 reserved (null), 10 stars. */
export type ReviewRowTuple = ReviewPage['object_list'][number];

/** GET /web/api/v1/product/{slug}/web-reviews/s/?page={n} — 5 a page, newest first. */
export type ReviewPage = S['ReviewPage'];

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

/** GET /web/api/v1/product/{slug}/timer/s/ — only a timer running now; null otherwise. */
export type TimerResult = S['TimerAnswer'];

export type Offer = S['OfferOut'];
/** GET /bp_pp_product_details_page/?product_id={id} — empty object when no offer runs. */
export type OfferDetails = S['OfferMessages'];

/** GET /web/api/v1/featured/{category}/{month-year}/ — 404 when none is set. */
export type FeaturedDesign = S['FeaturedOut'];

export type ComboSizes = S['ComboChoice'];
/** POST /api/v3/cart-items/ (JSON); `deal` only for a last-minute deal. */
export type CartItemRequest = S['CartAdd'];
export type CartItemAdded = S['CartAdded'];
export type WishlistEntry = S['WishlistEntry'];
/** POST /api/v3/wishlist/ (JSON): each entry is toggled; login required (401 for guests). */
export type WishlistToggleRequest = NonNullable<operations['toggle_wishlist']['requestBody']>['content']['application/json'];
export type WishlistToggled = S['WishlistAnswer'];

/**
 * The events the page reports (spec 000 §7). SERVER FIX: the server's `EventData.event_name` is a
 * string checked against the same list; an enum there would make this a name too.
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
  | 'notify_me'
  /** The cart page's sequence events, one per line shown, N from 1 (spec 000 §9). */
  | `view cart_item_${number}`;

/** POST /get-event-data/: the JSON in the form field `data` (checked against `EventData` in schema.check.ts). */
export interface ShopperEvent {
  event_name: ShopperEventName;
  product_id?: number;
  productslug?: string;
  cart_id?: number;
  source: string;
  cart_updated: boolean;
  /** 'mob' from a phone, 'dt' otherwise (spec 000 §3); added by `recordEvent`. */
  request_device?: 'mob' | 'dt';
}

/** Prices in rupees (the analytics convention). */
export type ProductEventData = S['ProductEventData'];

export type CartEventData = S['CartEventData'];

/** POST /get-event-data/ answer; the event is recorded. */
export type ShopperEventData = S['EventAnswer'];

// ================================================================ cart page and wishlist
// (features/cart and features/wishlist; docs/api.md "Cart page" and "Wishlist and cart extras").
// Every cart call answers the whole cart (`Cart`).

/** GET /get/view-cart-info/ — `cart_id` null when the visitor has no cart yet. */
export type ViewCartInfo = S['ViewCartInfo'];

export type CartProductDetail = S['CartProductDetail'];
export type CartLineStock = S['LineStock'];

export type CartLine = S['CartItemOut'];

export type CartBundle = S['BundleOut'];
export type CartAttr = S['CartAttr'];
export type RemainingOffer = S['RemainingOfferOut'];

/** A gift offer running now: free (price 0, a size to choose) or paid. */
export type CartGiftOffer = S['GiftOut'];

export type UpgradeOption = S['UpgradeOptionOut'];

export type UpgradeOfferValues = S['UpgradeOfferValues'];

/** GET /api/v4/carts-new/{cart_id}, and the answer of every cart change. */
export type Cart = S['CartOut'];

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

// ================================================================ address book and pincodes
// (features/addresses; docs/api.md "Addresses and pincodes"). Login required for the book; every
// change answers the whole book.

/** One saved address; `address_type` is 'Home', 'Work', 'Pickup' or the shopper's own word for 'other'. */
export type Address = S['AddressOut'];
export type PickupAvailability = S['PickupAvailability'];
/** GET /api/v1/address-book/ and the answer of every change: the default first, then the newest. */
export type AddressBook = S['AddressBook'];
/**
 * POST /api/v1/address-book/ (JSON; with `id` it edits) and PUT /api/v1/address-book/{id}/. A 400 names
 * every field at fault in `fields` (the form's field names); a full book (20) is a 400 without fields.
 */
export type AddressRequest = S['AddressIn'];
/** POST /pin_state_city/ (form: value) — 404 for a pincode India Post does not know, 400 for a malformed one. */
export type PincodePlace = S['PincodePlace'];
/** GET /check_pincode/?pincode= — whether, how and by when the shop delivers there. */
export type Serviceability = S['Serviceability'];

// ================================================================ wallet
// (features/wallet; the account menu's Wallet, spec 000 §2). Login required (401 for guests).

/**
 * One ledger entry: `amount` in paise, credits and refunds positive, order payments negative;
 * `amount_ui` signed ('+₹500', '−₹120.50', with U+2212); `kind` 'credit', 'order_payment' or 'refund';
 * `label` the shopper's words for the kind; `created_at` milliseconds since the epoch.
 */
export type WalletEntry = S['WalletEntryOut'];
/** GET /api/v1/wallet/ — the balance (the sum of every entry) and the newest 100 entries, newest first. */
export type Wallet = S['WalletOut'];

// ================================================================ checkout and payment
// (features/checkout; issue 10). Login required; another shopper's order id is a 404.

/** UPI, CARD, NETBANKING, SAVED_CARD, ONLINE (the provider's hosted page: PayU), COD or WALLET (covers all). */
export type PaymentMode = S['PaymentMode'];
/** Who takes online payments (spec 000 §3 paymentSDK). */
export type PaymentProvider = S['PaymentSdk'];
/** GET /api/v1/checkout/?address_id&payment_mode&use_wallet */
export type CheckoutQuery = NonNullable<operations['checkout']['parameters']['query']>;
/** The cart priced for checkout: address, delivery, COD verdict, breakup, wallet, provider, retry limits. */
export type Checkout = S['CheckoutOut'];
export type CheckoutItem = S['QuoteItem'];
export type CheckoutDelivery = S['DeliveryOut'];
export type CheckoutCod = S['CodOut'];
/** Every amount of the breakup, paise with `*_ui` twins; `to_pay` is what the Pay button says. */
export type Breakup = S['BreakupOut'];
export type PaymentSetup = S['ProviderOut'];
/** POST /api/v3/order/ (header Idempotency-Key). */
export type PlaceOrderBody = S['OrderIn'];
/** 201: `next` says what the page does: pay, confirm_cod or done. */
export type PlacedOrder = S['OrderPlaced'];
/** POST /api/v1/orders/{id}/payment/ — Razorpay's order, or PayU's form in `payu`. */
export type PaymentStart = S['PaymentStart'];
export type HostedPaymentForm = S['PayUForm'];
/** POST /api/v1/payments/razorpay/callback/ */
export type PaymentCallbackBody = S['CheckoutCallback'];
/** POST /api/v1/payments/razorpay/failure/ */
export type PaymentFailureBody = S['CheckoutFailure'];
export type PaymentConfirmed = S['OrderState'];
/** GET /api/v1/saved-cards/ — the provider's tokens. */
export type SavedCards = S['SavedCards'];
export type SavedCard = S['SavedCard'];
/** POST /api/v1/payments/validate-vpa/ */
export type VpaCheck = S['VpaOut'];
/** GET /api/v1/orders/{id}/status/ */
export type OrderStatus = S['OrderStatusOut'];
export type RetryWindow = S['RetryOut'];
/** POST /api/v1/orders/{id}/confirm-cod/ and /cod-code/ */
export type CodConfirmed = S['OrderState'];
export type CodCodeSent = S['CodeSent'];
/** POST /get-checkout-complete-data/ (spec 000 §3 checkout-complete data). */
export type CheckoutComplete = S['CheckoutComplete'];
export type CompleteItem = S['CompleteItem'];

// ================================================================ orders after the purchase
// (features/orders; spec 000 §2 my orders, §3 Order / Order list response / Cancel payload, §7).
// Login required (401 for guests); another shopper's order id answers 404.

/** One line of an order: quantities, what was paid, whether it may be returned now, and its rating link. */
export type OrderLine = S['OrderLineOut'];
/** The order's status as the shopper sees it (label, colour) and what they may do with it. */
export type OrderUtil = S['OrderUtilOut'];
/** Number, dates, amount, payment, delivery and tracking. */
export type OrderHeader = S['OrderHeaderOut'];
/** Money going back for the order; `text` is empty when nothing goes back. */
export type OrderRefundStatus = S['RefundStatusOut'];
/** An order in the history (spec 000 §3 Order): `pk` is the number people read, `encrypted_order_id` the id every call takes. */
export type Order = S['OrderOut'];
/** A filter or time-period choice of the list. */
export type OrderChoice = S['Choice'];
export type OrderStatusStyle = S['StatusStyle'];
export type OrdersData = S['OrdersData'];
/** GET /order/history/ (or /order/app/history/) with Accept: application/json and X-Requested-With: three orders a page. */
export type OrderList = S['OrderListOut'];
/** The order list's query string: page, status filter and time period, all optional. */
export type OrderListQuery = NonNullable<operations['history']['parameters']['query']>;
export type OrderPayment = S['PaymentOut'];
/** A refund owed: route wallet, source or bank; `done` once the money moved. */
export type OrderRefund = S['RefundOut'];
/** A step on the order's timeline: the status, its label and colour, when, who, and why. */
export type OrderTimelineStep = S['TimelineStep'];
/**
 * The delivery address as the order keeps it (`{}` for orders placed before addresses were kept).
 * SERVER FIX: `OrderDetailOut.address` is an untyped object in the document; a typed struct there
 * (these fields) makes this a name.
 */
export type OrderAddress = Partial<
  Pick<S['AddressOut'], 'addressee' | 'street1' | 'street2' | 'city' | 'state' | 'postal_code' | 'phone' | 'address_type'>
>;
/**
 * GET /api/v1/orders/{encrypted_order_id}/ — the order, its address, the breakup checkout showed
 * (`{}` for orders placed without one, such as the demo's seeded orders), payments, refunds and timeline.
 * SERVER FIX: `address` and `breakup` are untyped objects in the document (`Record<string, never>`);
 * `breakup` is `BreakupOut` or empty (schema.check.ts).
 */
export type OrderDetail = Omit<S['OrderDetailOut'], 'address' | 'breakup'> & {
  address: OrderAddress;
  breakup: Breakup | Record<string, never>;
};
/** POST /api/v1/order-cancel-check/ (JSON: order_id and the brand-prefixed drape_request_id, echoed). */
export type CancelCheckRequest = S['CancelCheckIn'];
/** Whether the order can be cancelled now, why not, which call cancels it (cod/prepaid), the refund routes and the reasons. */
export type CancelCheck = S['CancelCheckOut'];
/** One way the money can come back: `refundType` wallet or source, with its amount and the shopper's words. */
export type RefundOption = S['RefundOption'];
/** POST /cancel-order/ (form: reason, orderid, comment): the text 'success', else the error. */
export type CancelOrderForm = S['CancelForm'];
/** POST /cancel-prepaid-order/ (form: one = the reason, refundType, is_user, orderId, comment). */
export type CancelPrepaidOrderForm = S['CancelPrepaidForm'];
/** POST /add_to_cart_order/ (form: order_id). */
export type ReorderForm = S['ReorderForm'];
/** Its answer when not everything went in: 200 'partial' or 409 'nothing_added' ('success' text when all did). */
export type Reorder = S['ReorderOut'];
export type ReorderLeftOut = S['LeftOut'];

// ---------------------------------------------------------------- returns and exchanges
// (features/orders; spec 000 §3 Return/exchange selection, Bank details, Return/exchange form; §4, §5, §7, §8).

/** A return or exchange request of an order as the shopper follows it (the order's `returns`, oldest first). */
export type OrderReturn = S['ReturnOut'];
export type OrderReturnItem = S['ReturnItemOut'];
/**
 * POST /calculate_return_price_new/ and /sap_exchange_return_request/ (form). checked_products,
 * checked_prod_quantity, checked_prod_process and checked_prod_exchange_size are comma lists that line up
 * item by item. The app leaves out the spec's fields the server does not read (bankName: the server names
 * the bank from the IFSC list).
 */
export type ReturnForm = Omit<S['ReturnForm'], 'csrfmiddlewaretoken' | 'bankName' | 'sar' | 'password' | 'phone_number'>;
/** What the picked pieces would refund, where the refund can go, and the reasons to pick from. */
export type ReturnPrice = S['ReturnPriceOut'];
export type ReturnPriceItem = S['ReturnPriceItem'];
/** The request's 200: its id, the refund, the exchange order's number when a piece is exchanged, the message. */
export type ReturnRequested = S['ReturnRequested'];
/** GET /exchange_realtime_size/?prod_id=&exchange=exc&variation= — the sizes with pieces left, the current one left out. */
export type ExchangeSizes = S['ExchangeSizesOut'];
export type ExchangeSize = S['ExchangeSize'];
export type ExchangeSizesQuery = NonNullable<operations['exchange_sizes']['parameters']['query']>;
/** GET /showOfferProductsExchange/?orderId&pId&qty&size&color&page — other styles of the same price in the size. */
export type OfferProducts = S['OfferProductsOut'];
export type OfferProduct = S['OfferProduct'];
export type OfferProductsQuery = NonNullable<operations['offer_products']['parameters']['query']>;
/** What /calculate_return_price_new/ is asked with: the order, the four lists and the refund source. */
export type ReturnPriceForm = Pick<
  ReturnForm,
  | 'orderId'
  | 'checked_products'
  | 'checked_prod_quantity'
  | 'checked_prod_process'
  | 'checked_prod_exchange_size'
  | 'payment_type'
  | 'new_exchange_return'
>;

// ================================================================ the account pages
// (features/account; docs/api.md "The account pages"). Coupons and contact answer guests too; the rest
// need a login (401 for guests).

/** GET /api/v1/my-coupons/ — what the visitor can use now, soonest to end first. */
export type MyCoupons = S['CouponList'];
/** A coupon with its terms, minimum order, expiry ('Valid till 20 Feb 2027') and uses left (null: unlimited). */
export type MyCoupon = S['CouponOut'];
/** GET, POST (merge the device's list at login) and DELETE /api/v1/recently-viewed/ — newest first, at most 20. */
export type RecentlyViewedList = S['RecentlyViewed'];
/** POST /api/v1/recently-viewed/ — the device's list, newest first. */
export type DeviceViews = S['ViewsFromDevice'];
/** GET /api/v1/notifications/ and the answer of POST /api/v1/notifications/read/ — newest first, at most 50. */
export type NotificationList = S['NotificationList'];
/** One notification: kind order, stock or offer; `link` a path in the shop, or empty. */
export type AccountNotification = S['NotificationOut'];
/** POST /api/v1/notifications/read/ — the ids read; empty for all of them. */
export type NotificationsRead = S['NotificationsRead'];
/** GET /api/v1/contact/ — the shop's name, e-mail, phone, address and hours. */
export type ContactDetails = S['ContactDetails'];
/** POST /api/v1/contact/ — subject order, return, payment, product or other; an e-mail or a mobile is needed. */
export type ContactMessage = S['ContactMessage'];
/** Its answer: the reference to quote ('MSG12') and the message to show. */
export type ContactSent = S['ContactSent'];
/** GET /api/v1/settings/ and the answer of PATCH. */
export type AccountSettings = S['AccountSettings'];
/** PATCH /api/v1/settings/ — only the fields sent change; an empty e-mail removes it. */
export type SettingsUpdate = S['SettingsUpdate'];
/** PATCH /api/v3/deleteAccount/ — the one-time code sent to the shopper's own mobile. */
export type DeleteAccountBody = S['DeleteAccountRequest'];
/** Its answer (the session cookie is cleared with it). */
export type AccountDeleted = S['AccountDeleted'];
