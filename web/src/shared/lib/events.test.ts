// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushEcommerce, recordEvent, requestDevice } from './events';

describe('shopper events', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'csrftoken=tok9; path=/';
    window.dataLayer = undefined;
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('posts the form field `data` as JSON, with the XHR marker and the CSRF token', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ product: null, cart: null })));
    await recordEvent({ event_name: 'product_viewed', product_id: 12, source: 'pdp', cart_updated: false });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/get-event-data/');
    expect(init!.method).toBe('POST');
    const headers = init!.headers as Record<string, string>;
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-CSRFToken']).toBe('tok9');
    const form = new URLSearchParams(String(init!.body));
    expect(JSON.parse(form.get('data')!)).toEqual({
      event_name: 'product_viewed',
      product_id: 12,
      source: 'pdp',
      cart_updated: false,
      request_device: 'dt',
    });
    expect(form.get('csrfmiddlewaretoken')).toBe('tok9');
  });

  it('says mob from a phone and dt otherwise', () => {
    const agent = vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari');
    expect(requestDevice()).toBe('mob');
    agent.mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/120');
    expect(requestDevice()).toBe('dt');
    agent.mockRestore();
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('{"error":"x","message":"nope"}', { status: 500 }));
    await expect(recordEvent({ event_name: 'notify_me', product_id: 1, source: 'pdp', cart_updated: false })).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('pushes ecommerce events to window.dataLayer after clearing the previous one', () => {
    pushEcommerce('view_item', { currency: 'INR', value: 799, items: [] });
    expect(window.dataLayer).toEqual([{ ecommerce: null }, { event: 'view_item', ecommerce: { currency: 'INR', value: 799, items: [] } }]);
  });
});
