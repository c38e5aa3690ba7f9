/**
 * Recently viewed products, kept by the browser (docs/api.md: the server only turns ids into cards).
 * localStorage holds the ids, most recent first, at most 12.
 *
 * Opening a product notes the view in this page's memory (`noteViewed`) and stores it when the page
 * is hidden or left: the first use of localStorage in a page opens the device's storage, a wait on
 * the main thread (8-18 ms in Lighthouse's runs, session 35) that a product page's start need not
 * have. Everything that reads the list here sees the noted views too.
 */
import { parseStoredList, readStoredList, writeStoredList } from '@/shared/lib/stored-list';

export const RECENTLY_VIEWED_KEY = 'drape:recently-viewed';
export const RECENTLY_VIEWED_MAX = 12;

const isId = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** Ids without repeats, at most the maximum. */
const tidy = (ids: number[]) => [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);

/** The stored list, tolerating anything (old formats, hand edits): valid ids, no repeats, capped. */
export function parseViewed(raw: string | null): number[] {
  return tidy(parseStoredList(raw, isId));
}

/** The list after viewing `id`: it moves to the front; the oldest falls off beyond the maximum. */
export function recordViewed(list: number[], id: number, max = RECENTLY_VIEWED_MAX): number[] {
  if (!isId(id)) return list.slice(0, max);
  return [id, ...list.filter((x) => x !== id)].slice(0, max);
}

/** What the section shows on product `id`: everything viewed before, except the product itself. */
export function viewedExcept(list: number[], id: number, max = RECENTLY_VIEWED_MAX): number[] {
  return list.filter((x) => x !== id).slice(0, max);
}

/** Views noted in this page and not stored yet, most recent first. */
let unsaved: number[] = [];
let listening = false;

/** The list: this page's views not stored yet, then the stored ones. */
export function readViewed(): number[] {
  return tidy([...unsaved, ...readStoredList(RECENTLY_VIEWED_KEY, isId)]);
}

/**
 * The list is now `list`, stored. Full or blocked storage keeps it in this page's memory only (the
 * section then shows it until the page goes).
 */
export function writeViewed(list: number[]): void {
  const kept = tidy(list);
  unsaved = [];
  if (!writeStoredList(RECENTLY_VIEWED_KEY, kept)) unsaved = kept;
}

/**
 * Product `id` was viewed: first in the list from now on, stored when the page is hidden (another
 * tab, another app, the screen off) or left, the moments a page is last sure to run.
 */
export function noteViewed(id: number): void {
  if (!isId(id)) return;
  unsaved = recordViewed(unsaved, id);
  if (listening || typeof window === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveViewed();
  });
  window.addEventListener('pagehide', saveViewed);
  // Another tab emptied the list (logging out there, or clearing it): the views noted here go with it,
  // rather than coming back when this page is hidden.
  window.addEventListener('storage', (e) => {
    if (e.key === null || (e.key === RECENTLY_VIEWED_KEY && parseViewed(e.newValue).length === 0)) unsaved = [];
  });
}

/** Stores the views noted in this page, if any. */
export function saveViewed(): void {
  if (unsaved.length > 0) writeViewed(readViewed());
}
