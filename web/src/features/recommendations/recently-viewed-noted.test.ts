// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteViewed, readViewed, RECENTLY_VIEWED_KEY, saveViewed, writeViewed } from './recently-viewed';

const stored = () => JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? 'null');

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
}

// A view is noted in the page's memory and stored when the page is hidden or left (issue 14: the
// first use of localStorage opens the device's storage, a wait a product page's start need not have).
describe('a view noted in the page, stored when it goes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    writeViewed([]);
    localStorage.clear();
  });

  it('touches no storage when noted, yet every reader sees it first', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5, 31]));
    const get = vi.spyOn(Storage.prototype, 'getItem');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    noteViewed(31);
    noteViewed(8);
    expect(get).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
    expect(readViewed()).toEqual([8, 31, 5]);
    expect(stored()).toEqual([5, 31]);
  });

  it('is stored when the page is hidden, and when it is left', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5]));
    noteViewed(31);
    hide();
    expect(stored()).toEqual([31, 5]);
    noteViewed(9);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual([9, 31, 5]);
    // nothing new noted: hiding again writes nothing
    const set = vi.spyOn(Storage.prototype, 'setItem');
    hide();
    expect(set).not.toHaveBeenCalled();
  });

  it('is forgotten with the list (logging out clears it)', () => {
    noteViewed(31);
    writeViewed([]);
    expect(readViewed()).toEqual([]);
    saveViewed();
    expect(stored()).toEqual([]);
  });

  it('goes when another tab empties the list (logging out there), and stays when it only changes it', () => {
    noteViewed(31);
    window.dispatchEvent(new StorageEvent('storage', { key: RECENTLY_VIEWED_KEY, oldValue: '[3]', newValue: '[3,4]' }));
    expect(readViewed()).toEqual([31]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'drape:other', newValue: '[]' }));
    expect(readViewed()).toEqual([31]);
    window.dispatchEvent(new StorageEvent('storage', { key: RECENTLY_VIEWED_KEY, oldValue: '[3]', newValue: '[]' }));
    expect(readViewed()).toEqual([]);
    noteViewed(8);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    saveViewed();
    expect(stored()).toBeNull();
  });

  it('stays in the page when the browser will not store it', () => {
    noteViewed(31);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    saveViewed();
    expect(readViewed()).toEqual([31]);
  });

  it('ignores a bad id', () => {
    noteViewed(Number.NaN);
    noteViewed(-3);
    expect(readViewed()).toEqual([]);
  });
});
