// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseStoredList, readStoredList, writeStoredList } from './stored-list';

const isWord = (x: unknown): x is string => typeof x === 'string';

describe('a list kept in localStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('reads back what was written, keeping only the entries of the right shape', () => {
    expect(writeStoredList('k', ['a', 2, 'b'])).toBe(true);
    expect(readStoredList('k', isWord)).toEqual(['a', 'b']);
  });

  it('reads nothing from text that is missing, not JSON, or not a list', () => {
    expect(readStoredList('missing', isWord)).toEqual([]);
    expect(parseStoredList('not json', isWord)).toEqual([]);
    expect(parseStoredList('{"a":"b"}', isWord)).toEqual([]);
    expect(parseStoredList('"a"', isWord)).toEqual([]);
  });

  it('blocked storage reads nothing and keeps nothing, without throwing', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readStoredList('k', isWord)).toEqual([]);
    expect(writeStoredList('k', ['a'])).toBe(false);
  });

  it('full storage keeps nothing, without throwing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeStoredList('k', ['a'])).toBe(false);
    expect(readStoredList('k', isWord)).toEqual([]);
  });
});
