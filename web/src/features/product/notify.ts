import { isEmailLenient, isPhone } from '@/shared/lib/validation';

/** Spec 001 §5 and §9: notify-me ('Request your size'). */
export const NOTIFY_MESSAGES = {
  email: 'Provide a valid email address',
  phone: 'Please enter your 10 digit phone number',
} as const;
export const NOTIFY_PHONE_LENGTH = 10;
/** The size-request modal closes this long after a success (spec 001 §9). */
export const NOTIFY_CLOSE_MS = 2000;

/**
 * The newer form keeps digits only, at most 10. A pasted number with the country code or a
 * trunk zero (+91 98765 43210, 098765 43210) keeps its last ten digits.
 */
export function phoneDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > NOTIFY_PHONE_LENGTH && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length > NOTIFY_PHONE_LENGTH && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, NOTIFY_PHONE_LENGTH);
}

export interface NotifyErrors {
  email?: string;
  phone?: string;
}

/**
 * A guest, or a logged-in shopper with no e-mail on file, gives a valid e-mail (the lenient rule:
 * the spec does not say which, and a shop would rather hear from a shopper than refuse a
 * plausible address) and a 10-digit phone. A shopper with an e-mail on file skips both.
 */
export function validateNotify(input: { email: string; phone: string }, emailOnFile: boolean): NotifyErrors {
  if (emailOnFile) return {};
  const errors: NotifyErrors = {};
  if (!isEmailLenient(input.email.trim())) errors.email = NOTIFY_MESSAGES.email;
  if (!isPhone(input.phone.trim())) errors.phone = NOTIFY_MESSAGES.phone;
  return errors;
}

/**
 * The contact field a refusal of the server is about (it words them as spec 001 §5 does), so the
 * message goes under that field; null for the rest (the size, the limits, a failed call).
 */
export function refusalField(message: string): keyof NotifyErrors | null {
  if (message === NOTIFY_MESSAGES.email) return 'email';
  if (message === NOTIFY_MESSAGES.phone) return 'phone';
  return null;
}
