import type { Address } from '@/shared/api/types';

/*
 * The checkout API's shapes, written by hand from the checkout contract until the server's handlers
 * land in docs/openapi.json; then each becomes a name for a generated entry in shared/api/types.ts and
 * this file goes. Amounts are integer paise; each has a `*_ui` twin to show ('₹1,299').
 */

/**
 * What the shop answers once a payment method is chosen; `ONLINE` on the provider's hosted page (PayU);
 * `WALLET` when the wallet covers everything.
 */
export type PaymentMode = 'UPI' | 'CARD' | 'NETBANKING' | 'SAVED_CARD' | 'ONLINE' | 'COD' | 'WALLET';

/** Who takes online payments, as the store operator chose (spec 000 §3's paymentSDK). */
export type PaymentProvider = 'RAZORPAY' | 'PAYU';

// ------------------------------------------------------------------ GET /api/v1/checkout/

export type CheckoutQuery = {
  /** the server's default shipping address when absent */
  address_id?: number;
  /** UPI when absent; COD adds the cash handling fee */
  payment_mode?: PaymentMode;
  use_wallet?: 0 | 1;
};

export type CheckoutItem = {
  name: string;
  size: string;
  quantity: number;
  img: string;
  line_total: number;
  line_total_ui: string;
};

export type CheckoutDelivery = {
  deliverable: boolean;
  cod: boolean;
  /** '2026-11-26' */
  estimated_delivery: string | null;
  /** 'Thu, 26 Nov' */
  estimated_delivery_ui: string | null;
  message: string;
};

export type CheckoutCod = {
  allowed: boolean;
  reason: string | null;
  fee: number;
  fee_ui: string;
};

export type Breakup = {
  mrp_total: number;
  mrp_total_ui: string;
  discount: number;
  discount_ui: string;
  bundle_discount: number;
  bundle_discount_ui: string;
  coupon_discount: number;
  coupon_discount_ui: string;
  upgrade_discount: number;
  upgrade_discount_ui: string;
  affiliate_discount: number;
  affiliate_discount_ui: string;
  /** paid gifts: a charge */
  gifts: number;
  gifts_ui: string;
  gift_wrap: number;
  gift_wrap_ui: string;
  shipping: number;
  shipping_ui: string;
  cod_fee: number;
  cod_fee_ui: string;
  order_total: number;
  order_total_ui: string;
  wallet_used: number;
  wallet_used_ui: string;
  to_pay: number;
  to_pay_ui: string;
};

export type PaymentSetup = {
  paymentSDK: PaymentProvider;
  /** the provider's publishable key; 'rzp_test_…' / 'payu_test_…' in the sandbox */
  key: string;
  /** the URL of the provider's script; '' for PayU (its page is hosted) */
  checkout_js: string;
};

export type Checkout = {
  cart_id: number;
  pieces: number;
  items: CheckoutItem[];
  address: Address | null;
  delivery: CheckoutDelivery;
  cod: CheckoutCod;
  breakup: Breakup;
  coupon_code: string;
  wallet: { balance: number; balance_ui: string };
  payment: PaymentSetup;
  API_RETRY_LIMIT_IN_MINUTES: number;
  ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: number;
};

// ------------------------------------------------------------------ POST /api/v3/order/ (header Idempotency-Key)

export type PlaceOrderBody = {
  address_id: number;
  payment_mode: PaymentMode;
  use_wallet: boolean;
  /** breakup.to_pay as shown: the server refuses (409) when the cart changed since */
  expected_to_pay: number;
};

export type PlacedOrder = {
  /** opaque; used in every URL */
  order_id: string;
  /** 'DRP0000123' */
  order_ref: string;
  status: string;
  payment_mode: PaymentMode;
  to_pay: number;
  to_pay_ui: string;
  next: 'pay' | 'confirm_cod' | 'done';
};

// ------------------------------------------------------------------ POST /api/v1/orders/{id}/payment/

/** PayU's hosted page: the browser posts these fields (hash included) to `action`. */
export type HostedPaymentForm = { action: string; fields: Record<string, string> };

export type PaymentStart = {
  provider: PaymentProvider;
  key: string;
  provider_order_id: string;
  amount: number;
  currency: 'INR';
  checkout_js: string;
  name: string;
  prefill: { name: string; contact: string; email: string };
  customer_id: string | null;
  /** PayU's form; null for Razorpay */
  payu: HostedPaymentForm | null;
};

/** POST /api/v1/payments/razorpay/callback/ */
export type PaymentCallbackBody = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};
export type PaymentConfirmed = { order_id: string; status: string };

/** POST /api/v1/payments/razorpay/failure/ */
export type PaymentFailureBody = { razorpay_order_id: string; code: string; description: string };

// ------------------------------------------------------------------ saved cards, UPI check

export type SavedCard = {
  token: string;
  last4: string;
  network: string;
  expiry_month: string;
  expiry_year: string;
  name: string;
};
export type SavedCards = { customer_id: string | null; cards: SavedCard[] };

export type VpaCheck = { vpa: string; success: boolean; customer_name: string | null };

// ------------------------------------------------------------------ GET /api/v1/orders/{id}/status/

export type RetryWindow = {
  allowed: boolean;
  reason: string | null;
  /** ISO */
  opens_at: string | null;
  /** ISO */
  closes_at: string | null;
};

export type OrderStatus = {
  order_id: string;
  order_ref: string;
  status: string;
  status_label: string;
  payment_mode: string;
  to_pay: number;
  to_pay_ui: string;
  total: number;
  total_ui: string;
  /** ISO */
  placed_at: string;
  /** who takes a retried payment now */
  provider: PaymentProvider;
  retry: RetryWindow;
  API_RETRY_LIMIT_IN_MINUTES: number;
  ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: number;
};

// ------------------------------------------------------------------ cash on delivery code

export type CodConfirmed = { order_id: string; status: string };
export type CodCodeSent = { sent: boolean };

// ------------------------------------------------------------------ POST /get-checkout-complete-data/ (spec 000 §3, §7)

export type CompleteItem = {
  name: string;
  sku: string;
  size: string;
  quantity: number;
  price: number;
  price_ui: string;
  img: string;
};

export type CheckoutComplete = {
  order_id: string;
  order_ref: string;
  status: string;
  ship_street1: string;
  ship_street2: string;
  city: string;
  state: string;
  ship_postal_code: string;
  total_value: number;
  total_value_ui: string;
  cart_items_count: number;
  cartdetails: CompleteItem[];
  txnid: string;
  payment_mode: string;
  productname: string;
  price: number;
  /** '2026-11-26' */
  delivery_date: string;
  delivery_date_ui: string;
};
