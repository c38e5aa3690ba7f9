import type { PaymentMode, PaymentProvider, PaymentStart, SavedCard } from './types';
import { digitsOf, isAmexNetwork, parseExpiry, validateCard, vpaError, cvvError, type CardValues } from './validators';

/*
 * The payment methods (spec 000 §4's tabs), apart from React: their order, what each needs before the
 * Pay button wakes, the mode the order is placed with, and the fields handed to the provider's
 * createPayment. Card numbers and CVVs go only into those fields.
 */

/**
 * The tabs (spec 000 §3, §4: Netbanking, UPI, Cash on Delivery, Credit card / Debit card, saved_cards;
 * app_wallet is the wallet toggle). `online` is PayU's hosted page, where the shopper picks the method.
 */
export type PaymentTab = 'upi' | 'card' | 'saved_cards' | 'netbanking' | 'online' | 'cod';

/** Each provider's online tabs, in the order they appear: with PayU every method is on its own page. */
const ONLINE_TABS: Record<PaymentProvider, readonly PaymentTab[]> = {
  RAZORPAY: ['upi', 'card', 'saved_cards', 'netbanking'],
  PAYU: ['online'],
};

/** Checkout: the provider's online tabs, then cash on delivery. */
export function checkoutTabs(provider: PaymentProvider): readonly PaymentTab[] {
  return [...ONLINE_TABS[provider], 'cod'];
}

/** Retrying an online payment: no cash on delivery (and no wallet). */
export function retryTabs(provider: PaymentProvider): readonly PaymentTab[] {
  return ONLINE_TABS[provider];
}

export const TAB_LABELS: Record<PaymentTab, string> = {
  upi: 'UPI',
  card: 'Credit card / Debit card',
  saved_cards: 'Saved cards',
  netbanking: 'Netbanking',
  online: 'Pay online',
  cod: 'Cash on Delivery',
};

/** The line under the Pay online tab. */
export const ONLINE_NOTE = "UPI, cards, net banking and wallets on PayU's secure page";

export const TAB_MODES: Record<PaymentTab, PaymentMode> = {
  upi: 'UPI',
  card: 'CARD',
  saved_cards: 'SAVED_CARD',
  netbanking: 'NETBANKING',
  online: 'ONLINE',
  cod: 'COD',
};

/** The contract's six banks, by their provider codes. */
export const BANKS = [
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
  { code: 'YESB', name: 'Yes Bank' },
] as const;

/** The UPI ID checked with the shop, and its answer. */
export type VpaVerdict = { vpa: string; success: boolean; name: string | null };

/** Everything the shopper has put into the payment forms. */
export type PaymentChoice = {
  open: PaymentTab | null;
  vpa: string;
  verdict: VpaVerdict | null;
  card: CardValues;
  saved: { token: string | null; cvv: string };
  bank: string | null;
};

/** Spec 000 §4: every tab starts closed. */
export const initialChoice = (card: CardValues): PaymentChoice => ({
  open: null,
  vpa: '',
  verdict: null,
  card,
  saved: { token: null, cvv: '' },
  bank: null,
});

/** Opening one tab closes the rest; opening the open one closes it. */
export function toggleTab(open: PaymentTab | null, tab: PaymentTab): PaymentTab | null {
  return open === tab ? null : tab;
}

/** A UPI ID the shop said does not exist blocks paying until it is changed. */
export function vpaRefused(choice: Pick<PaymentChoice, 'vpa' | 'verdict'>): boolean {
  return choice.verdict !== null && choice.verdict.vpa === choice.vpa.trim() && !choice.verdict.success;
}

export function savedCvvError(cvv: string, card: SavedCard | undefined): string | null {
  return cvvError(cvv, card ? isAmexNetwork(card.network) : false);
}

/** Whether the open tab's form is complete and valid (cash on delivery needs nothing). */
export function choiceReady(choice: PaymentChoice, savedCards: SavedCard[], now: Date = new Date()): boolean {
  switch (choice.open) {
    case null:
      return false;
    case 'upi':
      return vpaError(choice.vpa) === null && !vpaRefused(choice);
    case 'card':
      return Object.keys(validateCard(choice.card, now)).length === 0;
    case 'saved_cards': {
      const card = savedCards.find((c) => c.token === choice.saved.token);
      return card !== undefined && savedCvvError(choice.saved.cvv, card) === null;
    }
    case 'netbanking':
      return choice.bank !== null;
    case 'online':
    case 'cod':
      return true;
  }
}

/** The method's own fields for createPayment (the provider's Custom Checkout protocol). */
export type MethodFields =
  | { method: 'upi'; vpa: string }
  | {
      method: 'card';
      'card[number]': string;
      'card[expiry_month]': string;
      'card[expiry_year]': string;
      'card[cvv]': string;
      'card[name]': string;
      save: 0 | 1;
    }
  | { method: 'card'; token: string; 'card[cvv]': string }
  | { method: 'netbanking'; bank: string };

/** How a placed order is paid: the method's fields for createPayment, or `online` for the provider's hosted page (no fields). */
export type PayMethod = MethodFields | { method: 'online' };

/** The open online tab's fields, or null (cash on delivery, nothing chosen). */
export function methodFields(choice: PaymentChoice): PayMethod | null {
  switch (choice.open) {
    case 'online':
      return { method: 'online' };
    case 'upi':
      return { method: 'upi', vpa: choice.vpa.trim() };
    case 'card': {
      const expiry = parseExpiry(choice.card.expiry);
      if (!expiry) return null;
      return {
        method: 'card',
        'card[number]': digitsOf(choice.card.number),
        'card[expiry_month]': expiry.month,
        'card[expiry_year]': expiry.year,
        'card[cvv]': choice.card.cvv,
        'card[name]': choice.card.name.trim(),
        save: choice.card.save ? 1 : 0,
      };
    }
    case 'saved_cards':
      return choice.saved.token ? { method: 'card', token: choice.saved.token, 'card[cvv]': choice.saved.cvv } : null;
    case 'netbanking':
      return choice.bank ? { method: 'netbanking', bank: choice.bank } : null;
    default:
      return null;
  }
}

/** What createPayment is given: the provider order, who pays, and the method's fields. */
export function createPaymentData(start: PaymentStart, fields: MethodFields): Record<string, string | number> {
  const data: Record<string, string | number> = {
    amount: start.amount,
    currency: start.currency,
    order_id: start.provider_order_id,
    email: start.prefill.email,
    contact: start.prefill.contact,
  };
  if (start.customer_id) data.customer_id = start.customer_id;
  Object.assign(data, fields);
  // the provider saves a card only for a known customer
  if (fields.method === 'card' && 'save' in fields && !start.customer_id) data.save = 0;
  return data;
}

// ------------------------------------------------------------------ the sandbox

/** Whose sandbox a key is (Razorpay's rzp_test_…, PayU's payu_test_…); null for a live key. Only then does the page list the test values. */
export function sandboxOf(key: string | null | undefined): PaymentProvider | null {
  if (typeof key !== 'string') return null;
  if (key.startsWith('rzp_test_')) return 'RAZORPAY';
  if (key.startsWith('payu_test_')) return 'PAYU';
  return null;
}

export const SANDBOX_VALUES = [
  { label: 'UPI, succeeds', value: 'success@razorpay' },
  { label: 'UPI, fails', value: 'failure@razorpay' },
  { label: 'Card, succeeds', value: '4111 1111 1111 1111' },
  { label: 'Card, declined', value: '4000 0000 0000 0002' },
  { label: 'Card, asks for an OTP', value: '5104 0600 0000 0008' },
] as const;

/** PayU's test page takes the values itself: one line. */
export const PAYU_SANDBOX_NOTE =
  'Sandbox: on the PayU test page, UPI success@payu succeeds and failure@payu fails; card 5123 4567 8901 2346 succeeds, 4000 0000 0000 0002 is declined.';

const KEY_STORE = 'drape:payment-key';

/**
 * The provider's publishable key, kept for the visit: the retry page learns it only from a payment
 * start, so the checkout's key (or the last start's) tells it whether to show the sandbox values.
 */
export function rememberPaymentKey(key: string): void {
  try {
    sessionStorage.setItem(KEY_STORE, key);
  } catch {
    // storage refused (private mode): the hint simply waits for the next start
  }
}

export function knownPaymentKey(): string | null {
  try {
    return sessionStorage.getItem(KEY_STORE);
  } catch {
    return null;
  }
}

/** How the thank-you page names a payment mode. */
export function paymentModeLabel(mode: string): string {
  const labels: Record<string, string> = {
    COD: 'Cash on Delivery',
    UPI: 'UPI',
    CARD: 'Card',
    SAVED_CARD: 'Saved card',
    NETBANKING: 'Netbanking',
    ONLINE: 'Online',
    PAYU: 'Online (PayU)',
    WALLET: 'Drape wallet',
  };
  return labels[mode.toUpperCase()] ?? mode;
}
