/**
 * A listing's state lives in the URL (spec 000 §9): filters as comma-joined values, the price range,
 * discount, in-stock, sort and page. A link reproduces the page; a reload or Back restores it.
 * Defaults are left out of the URL so the plain category link stays `/{slug}/`.
 */

export interface ListingState {
  /** the search words (results pages only) */
  q: string;
  size: string[];
  color: string[];
  style: string[];
  /** a range in rupees: `500-1000`, `-800`, `1000-`; empty for none */
  price: string;
  /** 10–50: that percent off and above; empty for none */
  discount: string;
  inStock: boolean;
  /** empty: the server's default (popularity, or relevance for a search) */
  sort: string;
  page: number;
}

export type ListFilter = 'size' | 'color' | 'style';

export const EMPTY_LISTING: ListingState = {
  q: '',
  size: [],
  color: [],
  style: [],
  price: '',
  discount: '',
  inStock: false,
  sort: '',
  page: 1,
};

function list(v: string | null): string[] {
  if (!v) return [];
  const seen = new Set<string>();
  for (const part of v.split(',')) {
    const t = part.trim();
    if (t) seen.add(t);
  }
  return [...seen];
}

export function readListing(params: URLSearchParams): ListingState {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    size: list(params.get('size')),
    color: list(params.get('color')),
    style: list(params.get('style')),
    price: (params.get('price') ?? '').trim(),
    discount: (params.get('discount') ?? '').trim(),
    inStock: params.get('in_stock') === '1',
    sort: (params.get('sort') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Each value is encoded on its own and joined with a bare comma, as spec §9 writes them. */
function pair(name: string, value: string | string[]): string {
  const v = Array.isArray(value) ? value.map(encodeURIComponent).join(',') : encodeURIComponent(value);
  return `${name}=${v}`;
}

/** The query string of a state (with its `?`, or '' when everything is at its default). */
export function listingSearch(state: ListingState): string {
  const parts: string[] = [];
  if (state.q) parts.push(pair('q', state.q));
  if (state.size.length) parts.push(pair('size', state.size));
  if (state.color.length) parts.push(pair('color', state.color));
  if (state.style.length) parts.push(pair('style', state.style));
  if (state.price) parts.push(pair('price', state.price));
  if (state.discount) parts.push(pair('discount', state.discount));
  if (state.inStock) parts.push('in_stock=1');
  if (state.sort) parts.push(pair('sort', state.sort));
  if (state.page > 1) parts.push(`page=${state.page}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** What the listing API is asked (GET /web/api/v1/products/); a category by its slug. */
export function listingApiQuery(state: ListingState, categorySlug?: string): Record<string, string | number | undefined> {
  return {
    category_slug: categorySlug || undefined,
    q: state.q || undefined,
    size: state.size.join(',') || undefined,
    color: state.color.join(',') || undefined,
    style: state.style.join(',') || undefined,
    price: state.price || undefined,
    discount: state.discount || undefined,
    in_stock: state.inStock ? 1 : undefined,
    sort: state.sort || undefined,
    page: state.page > 1 ? state.page : undefined,
  };
}

/** Any change of filter or sort starts again at page 1 (the old page may not exist any more). */
export function withChange(state: ListingState, change: Partial<Omit<ListingState, 'page'>>): ListingState {
  return { ...state, ...change, page: 1 };
}

export function toggled(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** How many filters are chosen (each value counts), for the Filter button's badge. */
export function chosenCount(state: ListingState): number {
  return (
    state.size.length + state.color.length + state.style.length + (state.price ? 1 : 0) + (state.discount ? 1 : 0) + (state.inStock ? 1 : 0)
  );
}

export function clearedFilters(state: ListingState): ListingState {
  return { ...EMPTY_LISTING, q: state.q, sort: state.sort };
}

/**
 * The price range typed in rupees, as the URL writes it; null when it cannot be one
 * (a negative or non-whole number, or a minimum above the maximum).
 */
export function priceRange(min: string, max: string): string | null {
  const lo = min.trim();
  const hi = max.trim();
  const whole = /^\d{1,7}$/;
  if ((lo && !whole.test(lo)) || (hi && !whole.test(hi))) return null;
  if (lo && hi && Number(lo) > Number(hi)) return null;
  if (!lo && !hi) return '';
  return `${lo ? Number(lo) : ''}-${hi ? Number(hi) : ''}`;
}

/** The two ends of a range from the URL, for the form's fields. */
export function priceEnds(price: string): [string, string] {
  const m = /^(\d*)-(\d*)$/.exec(price);
  return m ? [m[1] ?? '', m[2] ?? ''] : ['', ''];
}

/** How a range reads on its chip. */
export function priceLabel(price: string): string {
  const [lo, hi] = priceEnds(price);
  if (lo && hi) return `₹${lo} – ₹${hi}`;
  if (lo) return `₹${lo} and above`;
  if (hi) return `Up to ₹${hi}`;
  return price;
}
