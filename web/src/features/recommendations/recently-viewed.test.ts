import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX, parseViewed, recordViewed, viewedExcept } from './recently-viewed';

describe('recently viewed list', () => {
  it('puts the viewed product first, without repeats', () => {
    expect(recordViewed([], 5)).toEqual([5]);
    expect(recordViewed([3, 9, 5], 5)).toEqual([5, 3, 9]);
    expect(recordViewed([3, 9], 9)).toEqual([9, 3]);
  });
  it('keeps at most 12, dropping the oldest', () => {
    const full = Array.from({ length: 12 }, (_, i) => i + 1);
    const next = recordViewed(full, 99);
    expect(RECENTLY_VIEWED_MAX).toBe(12);
    expect(next).toHaveLength(12);
    expect(next[0]).toBe(99);
    expect(next).not.toContain(12);
  });
  it('shows everything except the current product', () => {
    expect(viewedExcept([12, 5, 7], 12)).toEqual([5, 7]);
    expect(viewedExcept([5, 12, 7], 12)).toEqual([5, 7]);
    expect(viewedExcept([], 12)).toEqual([]);
  });
  it('reads only valid ids from storage', () => {
    expect(parseViewed(null)).toEqual([]);
    expect(parseViewed('not json')).toEqual([]);
    expect(parseViewed('{"a":1}')).toEqual([]);
    expect(parseViewed('[3,"4",3,-1,2.5,0,8]')).toEqual([3, 8]);
    expect(parseViewed(JSON.stringify(Array.from({ length: 20 }, (_, i) => i + 1)))).toHaveLength(12);
  });
  it('ignores a bad id', () => {
    expect(recordViewed([3], Number.NaN)).toEqual([3]);
  });
});
