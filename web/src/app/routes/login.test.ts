import { describe, expect, it } from 'vitest';
import { safeNext } from './login';

describe('safeNext', () => {
  it('keeps same-site paths', () => {
    expect(safeNext('/order/history/')).toBe('/order/history/');
    expect(safeNext('/product/x?y=1')).toBe('/product/x?y=1');
  });
  it('refuses other sites and loops', () => {
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example/')).toBe('/');
    expect(safeNext('/login?next=/x')).toBe('/');
  });
});
