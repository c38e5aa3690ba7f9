import { describe, expect, it } from 'vitest';
import { vectors } from '@/test/vectors';
import { formatCount, formatINR } from './money';

// What the formatter replaces (money.ts): Node's Intl has the full locale data.
const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const counts = new Intl.NumberFormat('en-IN');

/** Paise worth checking: every length of number, both signs, round rupees and not. */
function samples(): number[] {
  const out = [0, 1, 5, 10, 99, 100, 101, 150, 999, 1000, 99999, 100000, 129900, 9999999, 10000000, 123456789012, 2 ** 52];
  let seed = 7;
  for (let digits = 1; digits <= 15; digits++) {
    for (let i = 0; i < 40; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      out.push(Math.floor((seed / 2 ** 31) * 10 ** digits));
    }
  }
  return [...out, ...out.map((n) => -n).filter((n) => n !== 0)];
}

describe('formatINR', () => {
  it.each(vectors.inr.cases)('%i paise → %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text);
  });

  it('writes every amount exactly as Intl.NumberFormat en-IN INR does', () => {
    for (const p of samples()) {
      const intl = p % 100 === 0 ? whole.format(p / 100) : withPaise.format(p / 100);
      expect(formatINR(p), `${p} paise`).toBe(intl);
    }
  });

  it('rounds fractions of a paisa and shows nothing for what is not a number', () => {
    expect(formatINR(149.6)).toBe('₹1.50');
    expect(formatINR(NaN)).toBe('');
    expect(formatINR(Infinity)).toBe('');
  });
});

describe('formatCount', () => {
  it('groups every count exactly as Intl.NumberFormat en-IN does', () => {
    for (const n of samples()) expect(formatCount(n), String(n)).toBe(counts.format(n));
  });

  it('shows nothing for what is not a number', () => {
    expect(formatCount(NaN)).toBe('');
  });
});
