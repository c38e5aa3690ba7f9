import { ApiError, FALLBACK_MESSAGE, request, type QueryValue, type RequestOptions } from './client';

/*
 * The spec's legacy form posts that answer a bare text (000 §7 /cancel-order/, /cancel-prepaid-order/,
 * /add_to_cart_order/: "'success' text means done, otherwise the response data is returned"). Kept
 * apart from client.ts so that the first load (home, product) does not carry it.
 */

export type LegacyAnswer<T> = { done: true } | { done: false; data: T };

export const LEGACY_SUCCESS = 'success';

/**
 * An ajax form post (urlencoded fields + csrfmiddlewaretoken + X-Requested-With) answered by the text
 * 'success' when done, otherwise by data. A 4xx still throws its ApiError, whose `body` keeps any data
 * the refusal carries.
 */
export async function postFormLegacy<T>(
  path: string,
  fields: Record<string, QueryValue>,
  opts?: Omit<RequestOptions, 'form' | 'body' | 'as'>,
): Promise<LegacyAnswer<T>> {
  const text = await request<string>('POST', path, { ...opts, form: fields, as: 'text' });
  if (text.trim() === LEGACY_SUCCESS) return { done: true };
  try {
    return { done: false, data: JSON.parse(text) as T };
  } catch {
    throw new ApiError(200, 'bad_response', FALLBACK_MESSAGE);
  }
}
