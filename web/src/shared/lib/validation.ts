/**
 * Validation rules shared with the server (spec 000 §5, 001 §5). Both sides are tested against
 * the same vectors: testdata/validation_vectors.json. Keep the two in step.
 */

/** Mobile number: exactly 10 digits, the first 6, 7, 8 or 9. */
export function isMobile(value: string): boolean {
  return /^[6-9][0-9]{9}$/.test(value);
}

/** Phone (general): 10 digits, optionally after one leading zero; the first of the ten is 1–9. */
export function isPhone(value: string): boolean {
  return /^0?[1-9][0-9]{9}$/.test(value);
}

/** What a code or number field keeps of what was typed or pasted: its digits, at most `max`. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Digits only (at least one). */
export function isNumeric(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

/** Lenient e-mail: letters, digits, _ . - + before the @; dotted domain labels; last label 2–4 letters or digits. */
export function isEmailLenient(value: string): boolean {
  return /^[A-Za-z0-9_.+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,4}$/.test(value);
}

const STRICT_TLDS = ['com', 'co', 'in', 'org', 'net', 'edu', 'info', 'gov'];

/**
 * Strict e-mail: the local part starts with a letter; one domain label, then a known top-level
 * domain (or `extraTld`), optionally followed by a second known one (mail.co.in, state.gov.in).
 */
export function isEmailStrict(value: string, extraTld?: string): boolean {
  const first = [...STRICT_TLDS];
  if (extraTld && /^[A-Za-z0-9]+$/.test(extraTld)) first.push(extraTld);
  const re = new RegExp(`^[A-Za-z][A-Za-z0-9_.+-]*@[A-Za-z0-9-]+\\.(?:${first.join('|')})(?:\\.(?:${STRICT_TLDS.join('|')}))?$`, 'i');
  return re.test(value);
}

/** Indian pincode: 6 digits, not starting with 0. */
export function isPincode(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value);
}

/** IFSC: 4 capital letters (the bank), a 0, then 6 capital letters or digits (the branch). */
export function isIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

/** UPI VPA: handle of 2+ letters, digits, . _ - ; an @; a provider of 2+ letters. */
export function isVpa(value: string): boolean {
  return /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/.test(value);
}

export const REVIEW_LIMITS = { headline: 60, comment: 100, publicName: 40 } as const;

export const REVIEW_MESSAGES = {
  headlineRequired: 'Please enter headline',
  headlineTooLong: 'Max 60 characters allowed in heading',
  commentRequired: 'Please enter review',
  commentTooLong: 'Max 100 characters allowed in review',
  publicNameTooLong: 'Max 40 characters allowed in public name',
} as const;

export interface ReviewInput {
  headline: string;
  comment: string;
  public_name: string;
}

/** Characters as a shopper counts them (code points, so Hindi and emoji count once each). */
function charCount(s: string): number {
  return Array.from(s).length;
}

/**
 * The message for the first failing field (headline, comment, public name), or null.
 * Builds the evident intent of spec 001 §5: each field checked against its own limit.
 */
export function validateReview(input: ReviewInput): string | null {
  const headline = input.headline.trim();
  const comment = input.comment.trim();
  const publicName = input.public_name.trim();
  if (headline === '') return REVIEW_MESSAGES.headlineRequired;
  if (charCount(headline) > REVIEW_LIMITS.headline) return REVIEW_MESSAGES.headlineTooLong;
  if (comment === '') return REVIEW_MESSAGES.commentRequired;
  if (charCount(comment) > REVIEW_LIMITS.comment) return REVIEW_MESSAGES.commentTooLong;
  if (charCount(publicName) > REVIEW_LIMITS.publicName) return REVIEW_MESSAGES.publicNameTooLong;
  return null;
}

export const MOBILE_MESSAGE = 'Please enter a valid 10 digit mobile number';
