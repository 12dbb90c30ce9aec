// The one way the browser talks to the API (docs/product.md, API and Messages): same origin, cookies
// included, JSON in and out, the CSRF token on every write.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { CSRF_HEADER, CSRF_INVALID_CODE } from '#shared/constants.js';
import { browserOffline, reportNetworkFailure, reportResponse } from './connectivity';
import { formatShortDate } from './format-date';
import { say, translate } from './i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const CSRF_URL = '/api/csrf-token';

/**
 * A non-OK response. `message` keeps docs/product.md's format, `${status}: ${bodyText || statusText}`,
 * so callers that only look at `message` see exactly what docs/product.md describes.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A write that was not sent because the device is offline (or the request never reached the
 * server). Writes are never queued to be sent later: the person is told, and tries again.
 */
export class OfflineError extends Error {
  constructor() {
    super('core.offline.notSent');
    this.name = 'OfflineError';
  }
}

/** fetch(), telling the connectivity state (lib/connectivity.ts) whether an answer came. */
async function fetchTracked(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    // An abort (a query no longer needed) says nothing about the network.
    if (error instanceof TypeError) reportNetworkFailure();
    throw error;
  }
  reportResponse(res);
  return res;
}

let csrfToken: string | null = null;
let csrfTokenRequest: Promise<string | null> | null = null;

async function fetchCsrfToken(): Promise<string | null> {
  try {
    const res = await fetch(CSRF_URL, {
      method: 'GET',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    const data: unknown = await res.json();
    const token = (data as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || token === '') throw new Error('The CSRF response has no token');
    return token;
  } catch (error) {
    // A missing token must not block the request (docs/product.md): log it and go on without it.
    console.error('Could not fetch the CSRF token', error);
    return null;
  }
}

/**
 * The cached CSRF token, fetched on the first write. Concurrent writes share one request; a
 * failed fetch is not cached, so the next write tries again.
 */
function getCsrfToken(): Promise<string | null> {
  if (csrfToken) return Promise.resolve(csrfToken);
  csrfTokenRequest ??= fetchCsrfToken().then((token) => {
    csrfToken = token;
    csrfTokenRequest = null;
    return token;
  });
  return csrfTokenRequest;
}

/** Forgets the cached token, e.g. after the session changed (sign-in, sign-out). */
export function resetCsrfToken(): void {
  csrfToken = null;
  csrfTokenRequest = null;
}

/** Throws an {@link ApiError} for any non-OK response. */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    // An unreadable body falls back to the status text.
  }
  throw new ApiError(res.status, text, res.statusText);
}

async function isCsrfRejection(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  try {
    const body: unknown = await res.clone().json();
    return (body as { code?: unknown } | null)?.code === CSRF_INVALID_CODE;
  } catch {
    return false;
  }
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

async function send(method: string, url: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart Content-Type with its boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers[CSRF_HEADER] = token;
  return fetchTracked(url, { method, headers, body: payload, credentials: 'include' });
}

/**
 * Sends one API call and returns the OK response (callers read `.json()` when there is a body).
 * Writes carry the CSRF token. Safety net: when a write is refused with 403 and `code: 'invalid_csrf'`
 * (the server rotated the token, e.g. with a new session after sign-in), the token is fetched
 * again and the write is retried exactly once; a second refusal is thrown like any error.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const write = isWrite(method);
  // Offline, a write is not even tried: it fails at once with a clear message, never queued.
  if (write && browserOffline()) throw new OfflineError();
  let res: Response;
  try {
    res = await send(method, url, body, write ? await getCsrfToken() : null);
  } catch (error) {
    if (write && error instanceof TypeError) throw new OfflineError();
    throw error;
  }
  if (write && (await isCsrfRejection(res))) {
    await res.text().catch(() => '');
    resetCsrfToken();
    res = await send(method, url, body, await getCsrfToken());
  }
  await throwIfResNotOk(res);
  return res;
}

/** {@link apiRequest} plus JSON parsing; a 204 or an empty body gives `undefined`. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Builds the URL of a query key: string and number parts are joined with '/', a trailing plain
 * object becomes the query string (empty values left out). ['/api/items', 5] -> '/api/items/5';
 * ['/api/items', { page: 2, query: 'chair' }] -> '/api/items?page=2&query=chair'.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      parts.push(String(part));
    } else if (part && typeof part === 'object' && !Array.isArray(part)) {
      for (const [key, value] of Object.entries(part as QueryParams)) {
        if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
      }
    }
  }
  const path = parts.map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join('/');
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A TanStack Query function reading JSON from the URL of the query key. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetchTracked(urlFromQueryKey(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) {
      // Read the small body anyway so the connection is released at once.
      await res.text().catch(() => '');
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The human part of an error, for toasts: the JSON body's `message` when the text after
 * "<status>: " is JSON with one, else that text; network failures get a plain sentence.
 */
export function getErrorMessage(error: unknown, fallback = translate('core.common.somethingWrong')): string {
  if (!(error instanceof Error)) return typeof error === 'string' && error ? say(error) : fallback;
  if (error instanceof OfflineError) return translate('core.offline.notSent');
  // fetch() rejects with a TypeError when the network fails ("Failed to fetch", "Load failed").
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return translate('core.common.networkError');
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  // The app's own errors carry message ids (e.g. the geolocation one): said in the page's language.
  if (!match) return error.message ? say(error.message) : fallback;
  const rest = (match[2] ?? '').trim();
  if (rest.startsWith('{')) {
    try {
      const parsed = JSON.parse(rest) as { message?: unknown; code?: unknown; until?: unknown; reason?: unknown } | null;
      // A suspension's refusal names its end in UTC; the app says it as the rest of its pages do, in the viewer's zone.
      if (parsed?.code === 'suspended' && typeof parsed.until === 'string' && typeof parsed.reason === 'string')
        return translate('core.common.suspended', { date: formatShortDate(parsed.until), reason: parsed.reason });
      const message = parsed?.message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // Not JSON after all: show the text as it is.
    }
  }
  // Only the API's own JSON message is shown: an empty body leaves the bare status text ("Internal
  // Server Error"), and a proxy's text or HTML page is no use to a person either; the caller's text is.
  return fallback;
}
