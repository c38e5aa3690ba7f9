import { describe, expect, it } from 'vitest';
import { vectors } from '@/test/vectors';
import {
  digitsOnly,
  isEmailLenient,
  isEmailStrict,
  isIfsc,
  isMobile,
  isNumeric,
  isPhone,
  isPincode,
  isVpa,
  validateReview,
} from './validation';

const simple: [keyof typeof vectors, (v: string) => boolean][] = [
  ['mobile', isMobile],
  ['phone', isPhone],
  ['numeric', isNumeric],
  ['email_lenient', isEmailLenient],
  ['pincode', isPincode],
  ['ifsc', isIfsc],
  ['vpa', isVpa],
];

describe.each(simple)('%s vectors', (name, check) => {
  const table = vectors[name] as { valid: string[]; invalid: string[] };
  it.each(table.valid)('accepts %j', (v) => expect(check(v)).toBe(true));
  it.each(table.invalid)('rejects %j', (v) => expect(check(v)).toBe(false));
});

describe('email_strict vectors', () => {
  const { valid, invalid, extra_tld } = vectors.email_strict;
  it.each(valid)('accepts %j', (v) => expect(isEmailStrict(v, extra_tld)).toBe(true));
  it.each(invalid)('rejects %j', (v) => expect(isEmailStrict(v, extra_tld)).toBe(false));
  it('needs the extra top-level domain to accept it', () => {
    expect(isEmailStrict('n@store.shop')).toBe(false);
  });
});

describe('review vectors', () => {
  it.each(vectors.review.cases)('$headline / $comment / $public_name', (c) => {
    expect(validateReview(c)).toBe(c.expected);
  });
});

describe('digitsOnly', () => {
  it('keeps the digits of what was typed or pasted, at most max', () => {
    expect(digitsOnly('98 765-43210', 10)).toBe('9876543210');
    expect(digitsOnly('12a3456789', 6)).toBe('123456');
    expect(digitsOnly('abc', 6)).toBe('');
  });
});
