import { describe, expect, it } from 'vitest';
import { currentFeatured, featuredMonthYear, featuredPath, featuredTitle, parseFeaturedPath } from './featured';

describe('featured-of-the-month paths', () => {
  it('reads /best-{category}-design-of-{month-year}/', () => {
    expect(parseFeaturedPath('/best-bra-design-of-may-2025/')).toEqual({ category: 'bra', month: 5, year: 2025 });
    expect(parseFeaturedPath('/best-padded-bra-design-of-december-2024')).toEqual({ category: 'padded-bra', month: 12, year: 2024 });
    expect(parseFeaturedPath('/best-bra-design-of-sep-2025/')).toEqual({ category: 'bra', month: 9, year: 2025 });
  });
  it('rejects other paths', () => {
    expect(parseFeaturedPath('/best-bra-design-of-smarch-2025/')).toBeNull();
    expect(parseFeaturedPath('/best--design-of-may-2025/')).toBeNull();
    expect(parseFeaturedPath('/best-bra-design-of-may-25/')).toBeNull();
    expect(parseFeaturedPath('/x/best-bra-design-of-may-2025/')).toBeNull();
    expect(parseFeaturedPath('/nope')).toBeNull();
  });
  it('titles the page', () => {
    expect(featuredTitle({ category: 'padded-bra', month: 5, year: 2025 })).toBe('Best padded bra design of May 2025');
  });
  it('names the month for the API and for links', () => {
    const f = parseFeaturedPath('/best-bra-design-of-sep-2025/')!;
    expect(featuredMonthYear(f)).toBe('september-2025');
    expect(featuredPath(f)).toBe('/best-bra-design-of-september-2025/');
  });
  it("names this month's page by the server's calendar (UTC), in the form the route reads back", () => {
    const now = currentFeatured('bra', new Date(Date.UTC(2026, 10, 21)));
    expect(now).toEqual({ category: 'bra', month: 11, year: 2026 });
    expect(featuredPath(now)).toBe('/best-bra-design-of-november-2026/');
    expect(parseFeaturedPath(featuredPath(now))).toEqual(now);
    expect(featuredPath(currentFeatured('bra', new Date(Date.UTC(2027, 0, 1))))).toBe('/best-bra-design-of-january-2027/');
    // 1 January 2027, 03:00 in India, is still December in UTC
    expect(featuredPath(currentFeatured('bra', new Date('2027-01-01T03:00:00+05:30')))).toBe('/best-bra-design-of-december-2026/');
  });
});
