import { takeDrawnAnswer } from './drawn-answers';
import type { ApiErrorBody } from './types';

/**
 * The app's only door to the server: same origin, cookies included, the headers the spec's
 * clients send, the CSRF header on every call once the cookie exists, and one error type whose
 * message the UI shows as is.
 */

export const APP_HEADERS = {
  appsource: 'Web',
  appversion: '1',
  version: '1.4',
} as const;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const REQUEST_TIMEOUT_MS = 20_000;

/** Shown when the server's answer carries no usable message. */
export const FALLBACK_MESSAGE = 'Something Went Wrong';
export const NETWORK_MESSAGE = 'Network Error: please check your connection and try again.';

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived (network failure, timeout, abort). */
  readonly status: number;
  /** The server's machine code (`error`), or network_error / timeout / aborted. */
  readonly code: string;
  /** Per-field messages for form errors. */
  readonly fields: Record<string, string>;
  /** The answer's parsed JSON body (null when none): a refusal that carries data, such as a re-order's left-out items. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The message to show for any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return FALLBACK_MESSAGE;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** 'text' for the legacy endpoints that answer a bare value (e.g. /iteminstock/). */
  as?: 'json' | 'text';
  timeoutMs?: number;
  /**
   * A form post (application/x-www-form-urlencoded) instead of a JSON body: the spec's ajax
   * calls. `csrfmiddlewaretoken` and the XHR marker header are added.
   */
  form?: Record<string, QueryValue>;
  /**
   * A GET that changes something (the cart's coupon and code queries): the server refuses it
   * without `X-CSRFToken`, so the cookie is fetched first when there is none, as for a POST.
   */
  changes?: boolean;
  /** Extra request headers (e.g. an order's Idempotency-Key); the app and CSRF headers still apply. */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return path + (path.includes('?') ? '&' : '?') + qs;
}

function isBody(x: unknown): x is ApiErrorBody {
  return typeof x === 'object' && x !== null && typeof (x as ApiErrorBody).message === 'string';
}

async function toApiError(res: Response): Promise<ApiError> {
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // not JSON (a proxy's HTML page, an empty body): fall through to the generic message
  }
  if (isBody(parsed) && parsed.message.trim() !== '') {
    return new ApiError(res.status, typeof parsed.error === 'string' ? parsed.error : 'error', parsed.message, parsed.fields ?? {}, parsed);
  }
  return new ApiError(res.status, res.status === 404 ? 'not_found' : 'error', FALLBACK_MESSAGE, {}, parsed);
}

let csrfBootstrap: Promise<unknown> | null = null;

/** The server sets `csrftoken` on the first response that lacks it; make sure one has happened. */
async function ensureCsrfCookie(): Promise<void> {
  if (readCookie(CSRF_COOKIE)) return;
  csrfBootstrap ??= fetch('/api/v1/me/', { credentials: 'same-origin', headers: APP_HEADERS })
    .catch(() => undefined)
    .finally(() => {
      csrfBootstrap = null;
    });
  await csrfBootstrap;
}

/** The CSRF token for calls that carry it in the query or a form (e.g. GET /addproductrequest/). */
export async function csrfToken(): Promise<string> {
  await ensureCsrfCookie();
  return readCookie(CSRF_COOKIE) ?? '';
}

export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
/** The ajax marker the spec's form calls send. */
export const XHR_HEADER = { 'X-Requested-With': 'XMLHttpRequest' } as const;

export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  // A page drawn whole carries the answers it was drawn from: the first ask of each is answered from it.
  if (method === 'GET' && opts.as !== 'text') {
    const drawn = takeDrawnAnswer(buildUrl(path, opts.query));
    if (drawn) return drawn.value as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers, ...APP_HEADERS };
  // Every call carries the token once the cookie exists (the spec's clients do, GETs included);
  // only calls the server would refuse without it wait for the cookie, so a first page load
  // stays one request.
  if (method !== 'GET' || opts.changes) await ensureCsrfCookie();
  const token = readCookie(CSRF_COOKIE);
  if (token) headers[CSRF_HEADER] = token;
  let body: string | undefined;
  if (opts.form !== undefined) {
    const fields = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) {
      if (v === undefined || v === null) continue;
      fields.set(k, String(v));
    }
    fields.set(CSRF_FORM_FIELD, readCookie(CSRF_COOKIE) ?? '');
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    Object.assign(headers, XHR_HEADER);
    body = fields.toString();
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  // One controller for the caller's abort and our timeout (AbortSignal.any is too new for
  // the older phones many shoppers carry).
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  if (opts.signal?.aborted) controller.abort();

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    if (timedOut) throw new ApiError(0, 'timeout', `timeout of ${timeoutMs}ms exceeded`);
    if (opts.signal?.aborted) throw new ApiError(0, 'aborted', 'Request aborted');
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  if (!res.ok) throw await toApiError(res);
  if (opts.as === 'text') return (await res.text()) as T;
  if (res.status === 204) return undefined as T;
  try {
    return (await res.json()) as T;
  } catch {
    throw new ApiError(res.status, 'bad_response', FALLBACK_MESSAGE);
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** An ajax form post: urlencoded `fields` + csrfmiddlewaretoken + X-Requested-With. */
  postForm: <T>(path: string, fields: Record<string, QueryValue>, opts?: Omit<RequestOptions, 'form' | 'body'>) =>
    request<T>('POST', path, { ...opts, form: fields }),
};
