import type { Address, Me } from '@/shared/api/types';
import type { Breakup, Checkout, CheckoutComplete, OrderStatus, PaymentStart, PlacedOrder } from './types';
import { meFixture } from '@/test/fixtures';
import { json } from '@/test/fake-api';

/** Test fixtures shaped like the checkout contract's answers. */

export const shopper: Me = {
  is_authenticated: true,
  user: { id: 5, mobile: '9876543210', email: 'riya@example.com', name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 2,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};
export const guest: Me = meFixture();

/** The shop's refusal to take an online payment (PayU) from a shopper without an e-mail address. */
export const EMAIL_REQUIRED_MESSAGE =
  'Add your e-mail address in Settings to pay online: our payment partner sends your receipt there. Cash on delivery needs none.';
export const emailRequired = () => json({ error: 'email_required', message: EMAIL_REQUIRED_MESSAGE }, 409);

export function addressFixture(over: Partial<Address> = {}): Address {
  return {
    id: 11,
    addressee: 'Riya Sharma',
    street1: 'Flat 4B, Sunrise Apartments',
    street2: 'Near Hill Road',
    address_type: 'Home',
    state: 'Maharashtra',
    city: 'Mumbai',
    postal_code: '400050',
    phone: '9876543210',
    alt_phone: '',
    is_default_shipping: true,
    is_pickup: false,
    pickup_available_data: { reverse_pickup_available: true },
    ...over,
  };
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

/** Amounts in paise; every `*_ui` twin is written from its amount (any given is ignored). */
export function breakupFixture(over: Partial<Breakup> = {}): Breakup {
  const b = {
    mrp_total: 230000,
    discount: 70200,
    bundle_discount: 0,
    coupon_discount: 0,
    upgrade_discount: 0,
    affiliate_discount: 0,
    gifts: 0,
    gift_wrap: 0,
    shipping: 0,
    cod_fee: 0,
    order_total: 159800,
    wallet_used: 0,
    to_pay: 159800,
    ...Object.fromEntries(Object.entries(over).filter(([k]) => !k.endsWith('_ui'))),
  } as Record<string, number>;
  const withUi = Object.fromEntries(
    Object.entries(b).flatMap(([k, v]) => [
      [k, v],
      [`${k}_ui`, rupees(v)],
    ]),
  );
  return withUi as Breakup;
}

export function checkoutFixture(over: Partial<Checkout> = {}): Checkout {
  return {
    cart_id: 7,
    pieces: 2,
    items: [
      { name: 'Everyday Padded T-Shirt Bra', size: '34B', quantity: 1, img: '/media/a.svg', line_total: 79900, line_total_ui: '₹799' },
      { name: 'Lace Hipster Panty', size: 'M', quantity: 1, img: '/media/b.svg', line_total: 79900, line_total_ui: '₹799' },
    ],
    address: addressFixture(),
    delivery: {
      deliverable: true,
      cod: true,
      estimated_delivery: '2026-11-26',
      estimated_delivery_ui: 'Thu, 26 Nov',
      message: 'Cash on delivery available.',
    },
    cod: { allowed: true, reason: null, fee: 4900, fee_ui: '₹49' },
    breakup: breakupFixture(),
    coupon_code: '',
    wallet: { balance: 0, balance_ui: '₹0' },
    payment: { paymentSDK: 'RAZORPAY', key: 'rzp_live_abc', checkout_js: '/sandbox/razorpay/v1/checkout.js' },
    API_RETRY_LIMIT_IN_MINUTES: 15,
    ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: 24,
    ...over,
  };
}

export function placedFixture(over: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    order_id: 'ord_9f2c',
    order_ref: 'DRP0000123',
    status: 'Pending Payment',
    payment_mode: 'UPI',
    to_pay: 159800,
    to_pay_ui: '₹1,598',
    next: 'pay',
    ...over,
  };
}

export function paymentStartFixture(over: Partial<PaymentStart> = {}): PaymentStart {
  return {
    provider: 'RAZORPAY',
    key: 'rzp_test_123',
    provider_order_id: 'order_P1',
    amount: 159800,
    currency: 'INR',
    checkout_js: '/sandbox/razorpay/v1/checkout.js',
    name: 'Drape',
    prefill: { name: 'Riya', contact: '9876543210', email: 'riya@example.com' },
    customer_id: 'cust_1',
    payu: null,
    ...over,
  };
}

/** A PayU start: no script, the hosted page's form instead. */
export function payuStartFixture(over: Partial<PaymentStart> = {}): PaymentStart {
  return paymentStartFixture({
    provider: 'PAYU',
    key: 'payu_test_abc',
    provider_order_id: 'DRP0000123-a1b2c3',
    checkout_js: '',
    customer_id: null,
    payu: {
      action: 'https://test.payu.in/_payment',
      fields: { key: 'payu_test_abc', txnid: 'DRP0000123-a1b2c3', amount: '1598.00', productinfo: 'Drape order DRP0000123', hash: 'f00d' },
    },
    ...over,
  });
}

export function orderStatusFixture(over: Partial<OrderStatus> = {}): OrderStatus {
  return {
    order_id: 'ord_9f2c',
    order_ref: 'DRP0000123',
    status: 'Payment Failed',
    status_label: 'Payment Failed',
    payment_mode: 'UPI',
    to_pay: 159800,
    to_pay_ui: '₹1,598',
    total: 159800,
    total_ui: '₹1,598',
    placed_at: '2026-11-23T10:05:00Z',
    provider: 'RAZORPAY',
    retry: { allowed: true, reason: null, opens_at: '2026-11-23T10:20:00Z', closes_at: '2026-11-24T10:05:00Z' },
    API_RETRY_LIMIT_IN_MINUTES: 15,
    ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: 24,
    ...over,
  };
}

export function completeFixture(over: Partial<CheckoutComplete> = {}): CheckoutComplete {
  return {
    order_id: 'ord_9f2c',
    order_ref: 'DRP0000123',
    status: 'Verified',
    addressee: 'Riya Sharma',
    ship_street1: 'Flat 4B, Sunrise Apartments',
    ship_street2: 'Near Hill Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    ship_postal_code: '400050',
    total_value: 164700,
    total_value_ui: '₹1,647',
    cart_items_count: 2,
    cartdetails: [
      {
        name: 'Everyday Padded T-Shirt Bra',
        sku: 'BR1001-BLK',
        size: '34B',
        quantity: 1,
        price: 79900,
        price_ui: '₹799',
        img: '/media/a.svg',
      },
      { name: 'Lace Hipster Panty', sku: 'PN2001-RED', size: 'M', quantity: 2, price: 79900, price_ui: '₹799', img: '' },
    ],
    txnid: 'DRP0000123',
    payment_mode: 'COD',
    productname: 'Everyday Padded T-Shirt Bra',
    price: 164700,
    delivery_date: '2026-11-26',
    delivery_date_ui: 'Thu, 26 Nov',
    ...over,
  };
}
