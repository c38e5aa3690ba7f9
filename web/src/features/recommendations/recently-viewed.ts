/**
 * Recently viewed products, kept by the browser (docs/api.md: the server only turns ids into cards).
 * localStorage holds the ids, most recent first, at most 12.
 */
export const RECENTLY_VIEWED_KEY = 'drape:recently-viewed';
export const RECENTLY_VIEWED_MAX = 12;

const isId = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** The stored list, tolerating anything (old formats, hand edits): valid ids, no repeats, capped. */
export function parseViewed(raw: string | null): number[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return [...new Set(parsed.filter(isId))].slice(0, RECENTLY_VIEWED_MAX);
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

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // blocked storage (private modes, strict settings)
  }
}

export function readViewed(): number[] {
  try {
    return parseViewed(storage()?.getItem(RECENTLY_VIEWED_KEY) ?? null);
  } catch {
    return [];
  }
}

export function writeViewed(list: number[]): void {
  try {
    storage()?.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list.slice(0, RECENTLY_VIEWED_MAX)));
  } catch {
    // full or blocked storage: the section simply stays empty
  }
}
