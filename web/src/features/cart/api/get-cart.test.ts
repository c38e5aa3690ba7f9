// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { asksChange, getCart } from './get-cart';

const header = (i: number) => (calls[i]!.init.headers as Record<string, string>)['X-CSRFToken'];
const noCookie = () => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

// The server refuses (403 csrf_failed) a cart GET whose query asks a change unless X-CSRFToken
// equals the csrftoken cookie.
describe('getCart and the CSRF header', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    noCookie();
  });

  it('knows which queries ask a change (0 takes an upgrade off: a change too)', () => {
    expect(asksChange({})).toBe(false);
    expect(asksChange({ coupon_code: '' })).toBe(false);
    expect(asksChange({ coupon_code: 'WELCOME10' })).toBe(true);
    expect(asksChange({ iscouponremove: 1 })).toBe(true);
    expect(asksChange({ affiliation_code: 'RIYASTYLE' })).toBe(true);
    expect(asksChange({ isaffiliateremove: 1 })).toBe(true);
    expect(asksChange({ upgrade_selected_option: 0 })).toBe(true);
  });

  it('a coupon GET carries the cookie as X-CSRFToken', async () => {
    serve({ 'GET /api/v4/carts-new/7': () => json({}) });
    await getCart(7, { coupon_code: 'WELCOME10' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.search).toBe('?coupon_code=WELCOME10');
    expect(header(0)).toBe('tok123');
  });

  it('without a cookie yet, a coupon GET fetches one first, then sends it', async () => {
    noCookie();
    serve({
      'GET /api/v1/me/': () => {
        document.cookie = 'csrftoken=fresh; path=/';
        return json({});
      },
      'GET /api/v4/carts-new/7': () => json({}),
    });
    await getCart(7, { iscouponremove: 1 });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/v1/me/', '/api/v4/carts-new/7']);
    expect(header(1)).toBe('fresh');
  });

  it('a plain cart GET does not wait for a cookie', async () => {
    noCookie();
    serve({ 'GET /api/v4/carts-new/7': () => json({}) });
    await getCart(7);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/v4/carts-new/7']);
    expect(header(0)).toBeUndefined();
  });
});
