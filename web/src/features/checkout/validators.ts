/*
 * The payment forms' checks, apart from React: each answers the message to show under its field, or
 * null when the value is good. Card numbers and CVVs are only checked here; they never leave the
 * browser except inside the payment provider's script.
 */

export const CARD_MESSAGES = {
  numberRequired: 'Please enter your card number',
  number: 'Please enter a valid card number',
  expiryRequired: 'Please enter the expiry date',
  expiry: 'Please enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvvRequired: 'Please enter the CVV',
  cvv3: 'Please enter the 3 digit CVV',
  cvv4: 'Please enter the 4 digit CVV',
  nameRequired: 'Please enter the name on the card',
  name: 'Please enter the name as it appears on the card',
} as const;

export const VPA_MESSAGES = {
  required: 'Please enter your UPI ID',
  /** the server's Vpa::MESSAGE */
  invalid: 'Please enter a valid UPI ID',
} as const;

/** name@handle (the checkout brief's rule). */
export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;

export const CARD_MIN_DIGITS = 12;
export const CARD_MAX_DIGITS = 19;
export const CARD_NAME_MAX = 50;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum over a string of digits (12 to 19 of them). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < CARD_MIN_DIGITS || digits.length > CARD_MAX_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** American Express numbers start 34 or 37 and take a 4 digit CVV. */
export function isAmex(cardDigits: string): boolean {
  return /^3[47]/.test(cardDigits);
}

/** A saved card's network as the provider names it ('Amex', 'American Express'). */
export function isAmexNetwork(network: string): boolean {
  return /amex|american\s*express/i.test(network);
}

/** What the number field shows: digits only, at most 19, a space after every 4. */
export function formatCardNumber(raw: string): string {
  return digitsOf(raw)
    .slice(0, CARD_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardNumberError(value: string): string | null {
  const digits = digitsOf(value);
  if (digits === '') return CARD_MESSAGES.numberRequired;
  return luhnValid(digits) ? null : CARD_MESSAGES.number;
}

/** What the expiry field shows: 'MM/YY', the slash added after the month; a lone 2–9 is that month. */
export function formatExpiry(raw: string): string {
  let digits = digitsOf(raw);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** 'MM/YY' → month and two-digit year, or null. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month: m[1]!, year: m[2]! };
}

/** A card is good through the last day of its expiry month. */
export function expiryError(value: string, now: Date = new Date()): string | null {
  if (value.trim() === '') return CARD_MESSAGES.expiryRequired;
  const parsed = parseExpiry(value);
  if (!parsed) return CARD_MESSAGES.expiry;
  const year = 2000 + Number(parsed.year);
  const month = Number(parsed.month);
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return CARD_MESSAGES.expired;
  return null;
}

/** 3 digits, or 4 for American Express. */
export function cvvError(cvv: string, amex: boolean): string | null {
  if (cvv === '') return CARD_MESSAGES.cvvRequired;
  const wanted = amex ? 4 : 3;
  return new RegExp(`^\\d{${wanted}}$`).test(cvv) ? null : amex ? CARD_MESSAGES.cvv4 : CARD_MESSAGES.cvv3;
}

/** Letters (any script), spaces and . ' - ; at most 50. */
export function cardNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return CARD_MESSAGES.nameRequired;
  if ([...trimmed].length > CARD_NAME_MAX || !/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(trimmed)) return CARD_MESSAGES.name;
  return null;
}

export function vpaError(vpa: string): string | null {
  const v = vpa.trim();
  if (v === '') return VPA_MESSAGES.required;
  return VPA_PATTERN.test(v) ? null : VPA_MESSAGES.invalid;
}

// ------------------------------------------------------------------ the card form as a whole

export type CardValues = { number: string; expiry: string; cvv: string; name: string; save: boolean };
export type CardField = 'number' | 'expiry' | 'cvv' | 'name';
export type CardErrors = Partial<Record<CardField, string>>;
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'name'];

export const emptyCard = (): CardValues => ({ number: '', expiry: '', cvv: '', name: '', save: false });

export function validateCard(card: CardValues, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const put = (f: CardField, m: string | null) => {
    if (m) errors[f] = m;
  };
  put('number', cardNumberError(card.number));
  put('expiry', expiryError(card.expiry, now));
  put('cvv', cvvError(card.cvv, isAmex(digitsOf(card.number))));
  put('name', cardNameError(card.name));
  return errors;
}
