/** Suggestions start at the second character (spec 000 §4). */
export const SUGGEST_FROM = 2;
/** The pause after typing before suggestions are asked. */
export const SUGGEST_DELAY_MS = 150;

/** The results page of a search: a listing of its matches (`/search/?q=`). */
export function resultsPath(q: string): string {
  return `/search/?q=${encodeURIComponent(q.trim())}`;
}
