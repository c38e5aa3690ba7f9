import { describe, expect, it } from 'vitest';
import { vectors } from '@/test/vectors';
import { formatINR } from './money';

describe('formatINR', () => {
  it.each(vectors.inr.cases)('%i paise → %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text);
  });
});
