/**
 * A short list the browser keeps for the shopper in localStorage as JSON (recently viewed products,
 * orders whose purchase event was sent). Read tolerantly: storage that is blocked (private modes,
 * strict settings), text that is not JSON or not a list, and entries of another shape (old formats,
 * hand edits) read as nothing. Written best-effort: full or blocked storage keeps nothing, and the
 * feature carries on without it.
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The entries of `raw` (the stored text) that `keep` accepts, in their order. */
export function parseStoredList<T>(raw: string | null, keep: (x: unknown) => x is T): T[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(keep) : [];
  } catch {
    return [];
  }
}

/** The list stored under `key`: the entries `keep` accepts. */
export function readStoredList<T>(key: string, keep: (x: unknown) => x is T): T[] {
  try {
    return parseStoredList(storage()?.getItem(key) ?? null, keep);
  } catch {
    return [];
  }
}

/** Stores `list` under `key`; false when the browser would not keep it. */
export function writeStoredList(key: string, list: readonly unknown[]): boolean {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(key, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}
