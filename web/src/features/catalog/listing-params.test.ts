import { describe, expect, it } from 'vitest';
import {
  chosenCount,
  clearedFilters,
  EMPTY_LISTING,
  listingApiQuery,
  listingSearch,
  priceEnds,
  priceLabel,
  priceRange,
  readListing,
  toggled,
  withChange,
} from './listing-params';

describe('the listing state in the URL', () => {
  it('reads comma-joined filters, the range, discount, in-stock, sort and page', () => {
    const s = readListing(
      new URLSearchParams('size=34B,36C&color=Black&style=Padded&price=500-1000&discount=20&in_stock=1&sort=newest&page=3'),
    );
    expect(s).toEqual({
      q: '',
      size: ['34B', '36C'],
      color: ['Black'],
      style: ['Padded'],
      price: '500-1000',
      discount: '20',
      inStock: true,
      sort: 'newest',
      page: 3,
    });
  });

  it('writes the same URL back, defaults left out, values joined with a bare comma', () => {
    const url = '?size=34B,36C&color=Wine%20Red&price=-800&in_stock=1&sort=price_asc&page=2';
    expect(listingSearch(readListing(new URLSearchParams(url)))).toBe(url);
    expect(listingSearch(EMPTY_LISTING)).toBe('');
  });

  it('ignores a bad page, empty and repeated values', () => {
    expect(readListing(new URLSearchParams('page=0')).page).toBe(1);
    expect(readListing(new URLSearchParams('page=abc')).page).toBe(1);
    expect(readListing(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readListing(new URLSearchParams('size=,34B,,34B')).size).toEqual(['34B']);
    expect(readListing(new URLSearchParams('in_stock=yes')).inStock).toBe(false);
  });

  it('asks the API with the category slug and only the chosen filters', () => {
    const s = { ...EMPTY_LISTING, size: ['M', 'L'], inStock: true, page: 2 };
    expect(listingApiQuery(s, 'panties')).toEqual({
      category_slug: 'panties',
      q: undefined,
      size: 'M,L',
      color: undefined,
      style: undefined,
      price: undefined,
      discount: undefined,
      in_stock: 1,
      sort: undefined,
      page: 2,
    });
  });

  it('goes back to page 1 on any change of filter or sort', () => {
    const s = { ...EMPTY_LISTING, page: 4 };
    expect(withChange(s, { sort: 'newest' }).page).toBe(1);
    expect(withChange(s, { size: ['M'] })).toMatchObject({ size: ['M'], page: 1 });
  });

  it('toggles a value, counts what is chosen and clears filters but keeps the search and sort', () => {
    expect(toggled(['M'], 'L')).toEqual(['M', 'L']);
    expect(toggled(['M', 'L'], 'M')).toEqual(['L']);
    const s = { ...EMPTY_LISTING, q: 'bra', sort: 'newest', size: ['M', 'L'], color: ['Red'], price: '-500', inStock: true };
    expect(chosenCount(s)).toBe(5);
    expect(clearedFilters(s)).toEqual({ ...EMPTY_LISTING, q: 'bra', sort: 'newest' });
  });

  it('builds a price range from rupees typed, refusing what cannot be one', () => {
    expect(priceRange('500', '1000')).toBe('500-1000');
    expect(priceRange('', '800')).toBe('-800');
    expect(priceRange('1000', '')).toBe('1000-');
    expect(priceRange(' ', '')).toBe('');
    expect(priceRange('900', '100')).toBeNull();
    expect(priceRange('-5', '')).toBeNull();
    expect(priceRange('12.5', '')).toBeNull();
    expect(priceEnds('500-1000')).toEqual(['500', '1000']);
    expect(priceEnds('asc')).toEqual(['', '']);
    expect(priceLabel('-800')).toBe('Up to ₹800');
    expect(priceLabel('1000-')).toBe('₹1000 and above');
    expect(priceLabel('500-1000')).toBe('₹500 – ₹1000');
  });
});
