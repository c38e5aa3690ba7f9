/**
 * Recently viewed products, kept by the browser (docs/api.md: the server only turns ids into cards).
 * localStorage holds the ids, most recent first, at most 12.
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

export function readViewed(): number[] {
  return tidy(readStoredList(RECENTLY_VIEWED_KEY, isId));
}

/** Full or blocked storage keeps nothing: the section simply stays empty. */
export function writeViewed(list: number[]): void {
  writeStoredList(RECENTLY_VIEWED_KEY, list.slice(0, RECENTLY_VIEWED_MAX));
}
