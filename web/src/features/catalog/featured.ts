/**
 * Featured-of-the-month pages: /best-{category}-design-of-{month-year}/ (spec 001 §2),
 * e.g. /best-padded-bra-design-of-may-2025/.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const FEATURED_PATH = /^\/best-([a-z0-9]+(?:-[a-z0-9]+)*)-design-of-([a-z]+)-(\d{4})\/?$/i;

export interface FeaturedPath {
  category: string;
  /** 1–12 */
  month: number;
  year: number;
}

export function parseFeaturedPath(pathname: string): FeaturedPath | null {
  const m = FEATURED_PATH.exec(pathname);
  if (!m) return null;
  const monthText = m[2]!.toLowerCase();
  const month = MONTHS.findIndex((name) => name === monthText || name.slice(0, 3) === monthText) + 1;
  if (month === 0) return null;
  return { category: m[1]!.toLowerCase(), month, year: Number(m[3]) };
}

export function featuredTitle(f: FeaturedPath): string {
  const name = f.category.replace(/-/g, ' ');
  const month = MONTHS[f.month - 1]!;
  return `Best ${name} design of ${month[0]!.toUpperCase()}${month.slice(1)} ${f.year}`;
}

/** Spec 001 §9: the bra-of-the-month blurb, shown when the server sends none. */
export const FEATURED_BLURB = 'Each month our customers get one style at a give-away price, while stocks last.';

/** The API's month-year segment: "may-2026" (full month name, lower case). */
export function featuredMonthYear(f: FeaturedPath): string {
  return `${MONTHS[f.month - 1]}-${f.year}`;
}

/** The page path of a featured month: /best-{category}-design-of-{month}-{year}/. */
export function featuredPath(f: FeaturedPath): string {
  return `/best-${f.category}-design-of-${featuredMonthYear(f)}/`;
}

/** The category whose design of the month home links to (the demo seeds bras for this month and the two before). */
export const HOME_FEATURED_CATEGORY = 'bra';

/**
 * This month's featured page of a category, by the server's calendar (UTC: the month the demo seeds as
 * this one). In India the new month's link appears at 05:30 on the 1st; until then last month's, which
 * has a page, rather than a month that may have none yet.
 */
export function currentFeatured(category: string, now: Date = new Date()): FeaturedPath {
  return { category, month: now.getUTCMonth() + 1, year: now.getUTCFullYear() };
}
