// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildUrl, FALLBACK_MESSAGE, NETWORK_MESSAGE, readCookie } from './client';
import { postFormLegacy } from './legacy-form';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'csrftoken=tok123; path=/';
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the app headers on every call, and X-CSRFToken on a GET when the cookie exists', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: 1 }));
    await api.get('/api/v1/me/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init!.headers as Record<string, string>;
    expect(url).toBe('/api/v1/me/');
    expect(headers).toMatchObject({ appsource: 'Web', appversion: '1', version: '1.4' });
    expect(headers['X-CSRFToken']).toBe('tok123');
    expect(init!.credentials).toBe('same-origin');
  });

  it('a plain GET without the cookie sends no CSRF header and asks nothing first (one request)', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: 1 }));
    await api.get('/web/api/v1/products/', { query: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/web/api/v1/products/?page=1');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBeUndefined();
  });

  it('a cart GET with a coupon (a GET that changes something) carries X-CSRFToken', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/api/v4/carts-new/7', { query: { coupon_code: 'WELCOME10' }, changes: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v4/carts-new/7?coupon_code=WELCOME10');
    expect((init!.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
  });

  it('a GET that changes something fetches the cookie first when there is none, then sends it', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'csrftoken=fresh; path=/';
      return jsonResponse(200, {});
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await api.get('/api/v4/carts-new/7', { query: { coupon_code: 'WELCOME10' }, changes: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/me/');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v4/carts-new/7?coupon_code=WELCOME10');
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['X-CSRFToken']).toBe('fresh');
  });

  it.each(['post', 'put', 'patch'] as const)('%s carries the csrftoken cookie as X-CSRFToken and a JSON body', async (m) => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    await api[m]('/x/', { a: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe(m.toUpperCase());
    expect(headers['X-CSRFToken']).toBe('tok123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('DELETE carries the CSRF header too', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api.delete('/api/v1/address-book/3/');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('tok123');
  });

  it('fetches a page first when there is no csrftoken cookie yet', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'csrftoken=fresh; path=/';
      return jsonResponse(200, {});
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await api.post('/mobile_logout/');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/me/');
    const headers = fetchMock.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('fresh');
  });

  it('turns the one error shape into an ApiError with the server message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: 'invalid_otp', message: 'The OTP is wrong.', fields: { otp: 'The OTP is wrong.' } }),
    );
    const err = await api.post('/api/v1/auth/login/', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_otp', message: 'The OTP is wrong.', fields: { otp: 'The OTP is wrong.' } });
  });

  it('falls back to a generic message when the body is not the error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const err = (await api.get('/x/').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe(FALLBACK_MESSAGE);
  });

  it('marks 404s', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: 'not_found', message: 'No such product.' }));
    const err = (await api.get('/web/api/v1/product-mobile/nope/').catch((e: unknown) => e)) as ApiError;
    expect(err.isNotFound).toBe(true);
    expect(err.message).toBe('No such product.');
  });

  it('reports network failures with a message a shopper understands', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = (await api.get('/x/').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_MESSAGE });
  });

  it('reads text answers (legacy endpoints)', async () => {
    fetchMock.mockResolvedValue(new Response('3', { status: 200 }));
    expect(await api.get<string>('/iteminstock/1/32B/', { as: 'text' })).toBe('3');
  });

  it('legacy form posts: the text success is done, other 200s are data, a refusal keeps its body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('success', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
    expect(await postFormLegacy('/cancel-order/', { orderid: 'o1', reason: 'Other', comment: 'x' })).toEqual({ done: true });
    const [, init] = fetchMock.mock.calls[0]!;
    const body = new URLSearchParams(init!.body as string);
    expect(Object.fromEntries(body)).toEqual({ orderid: 'o1', reason: 'Other', comment: 'x', csrfmiddlewaretoken: 'tok123' });
    expect((init!.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'partial', message: 'Added 1 to your bag.' }));
    expect(await postFormLegacy('/add_to_cart_order/', { order_id: 'o1' })).toEqual({
      done: false,
      data: { status: 'partial', message: 'Added 1 to your bag.' },
    });

    const refusal = { status: 'nothing_added', message: 'None of these items can be ordered again now.', left_out: [{ name: 'Bra' }] };
    fetchMock.mockResolvedValueOnce(jsonResponse(409, refusal));
    const err = (await postFormLegacy('/add_to_cart_order/', { order_id: 'o1' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 409, message: refusal.message, body: refusal });
  });

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/p/', { category: undefined, page: 2, q: '' })).toBe('/p/?page=2');
    expect(buildUrl('/p/', { a: 'x y' })).toBe('/p/?a=x+y');
  });

  it('reads cookies by exact name', () => {
    document.cookie = 'xcsrftoken=wrong; path=/';
    expect(readCookie('csrftoken')).toBe('tok123');
  });
});
