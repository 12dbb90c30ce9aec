import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CSRF_HEADER } from '#shared/constants.js';
import { loadEnglish } from '../test/english';
import { isOffline, reportResponse } from './connectivity';
import { ApiError, apiRequest, getErrorMessage, getQueryFn, OfflineError, resetCsrfToken, urlFromQueryKey } from './request';

beforeAll(loadEnglish);

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

/** A fake server: the CSRF endpoint answers with the next token, other URLs with `handler`. */
function mockFetch(handler: (url: string, init: RequestInit) => Response, tokens = ['tok-1', 'tok-2']) {
  const calls: Call[] = [];
  let tokenIndex = 0;
  // The client fetches by URL string; like a real fetch, a handler that throws is a rejected promise.
  const fn = vi.fn((url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return new Promise<Response>((resolve) =>
      resolve(url === '/api/csrf-token' ? json(200, { token: tokens[tokenIndex++] }) : handler(url, init)),
    );
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name];

function queryContext(queryKey: readonly unknown[]) {
  // Only queryKey and signal are read by the query function.
  return { queryKey, signal: new AbortController().signal, meta: undefined, client: new QueryClient() } as never;
}

beforeEach(() => {
  resetCsrfToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('fetches the CSRF token once, without caching, and sends it on every write', async () => {
    const calls = mockFetch(() => json(200, { ok: true }));

    await apiRequest('POST', '/api/login', { username: 'ann', password: 'secret1' });
    await apiRequest('DELETE', '/api/items/1');
    await apiRequest('PATCH', '/api/users/2/verify', { isVerified: true });

    const tokenCalls = calls.filter((c) => c.url === '/api/csrf-token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.init.cache).toBe('no-store');
    expect(tokenCalls[0]?.init.credentials).toBe('include');
    const writes = calls.filter((c) => c.url !== '/api/csrf-token');
    expect(writes.map((c) => c.init.method)).toEqual(['POST', 'DELETE', 'PATCH']);
    for (const write of writes) {
      expect(header(write, CSRF_HEADER)).toBe('tok-1');
      expect(write.init.credentials).toBe('include');
      expect(header(write, 'Accept')).toBe('application/json');
    }
  });

  it('shares one token request between concurrent writes', async () => {
    const calls = mockFetch(() => json(200, {}));
    await Promise.all([apiRequest('POST', '/api/a', {}), apiRequest('POST', '/api/b', {})]);
    expect(calls.filter((c) => c.url === '/api/csrf-token')).toHaveLength(1);
  });

  it('sends JSON with a Content-Type only when there is a body', async () => {
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/login', { username: 'ann', password: 'secret1', rememberMe: true });
    await apiRequest('POST', '/api/logout');

    const [login, logout] = calls.filter((c) => c.url !== '/api/csrf-token');
    expect(header(login, 'Content-Type')).toBe('application/json');
    expect(login?.init.body).toBe(JSON.stringify({ username: 'ann', password: 'secret1', rememberMe: true }));
    expect(header(logout, 'Content-Type')).toBeUndefined();
    expect(logout?.init.body).toBeUndefined();
  });

  it('does not fetch or send the CSRF token on GETs', async () => {
    const calls = mockFetch(() => json(200, { id: 1 }));
    const res = await apiRequest('GET', '/api/items/1');
    expect(await res.json()).toEqual({ id: 1 });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], CSRF_HEADER)).toBeUndefined();
  });

  it('goes on without the header when the token cannot be fetched, and only logs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        calls.push({ url, init });
        return url === '/api/csrf-token' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(json(201, { id: 1 }));
      }),
    );
    const res = await apiRequest('POST', '/api/register', { username: 'ann', password: 'secret1', isVisible: true });
    expect(res.status).toBe(201);
    expect(header(calls[1], CSRF_HEADER)).toBeUndefined();
    expect(error).toHaveBeenCalled();
  });

  it('refetches the token and retries a write once after 403 with the code of a refused CSRF token, in any language', async () => {
    let attempts = 0;
    const calls = mockFetch(() => {
      attempts += 1;
      return attempts === 1 ? json(403, { message: 'Token CSRF no válido', code: 'invalid_csrf' }, 'Forbidden') : json(200, { id: 7 });
    });
    const res = await apiRequest('POST', '/api/items', { title: 'Chair' });
    expect(await res.json()).toEqual({ id: 7 });
    const writes = calls.filter((c) => c.url === '/api/items');
    expect(writes.map((c) => header(c, CSRF_HEADER))).toEqual(['tok-1', 'tok-2']);
  });

  it('retries a CSRF refusal only once', async () => {
    const calls = mockFetch(() => json(403, { message: 'Invalid CSRF token', code: 'invalid_csrf' }, 'Forbidden'));
    await expect(apiRequest('POST', '/api/items', {})).rejects.toThrow('403: {"message":"Invalid CSRF token","code":"invalid_csrf"}');
    expect(calls.filter((c) => c.url === '/api/items')).toHaveLength(2);
  });

  it('does not retry other 403s', async () => {
    const calls = mockFetch(() => json(403, { message: 'Admin access required' }, 'Forbidden'));
    await expect(apiRequest('DELETE', '/api/users/3')).rejects.toThrow('403: {"message":"Admin access required"}');
    expect(calls.filter((c) => c.url === '/api/users/3')).toHaveLength(1);
  });

  it('throws "<status>: <body>" for a non-OK response', async () => {
    mockFetch(() => json(401, { message: 'Invalid username or password' }, 'Unauthorized'));
    const error = await apiRequest('POST', '/api/login', { username: 'ann', password: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('GET', '/api/items')).rejects.toThrow(/^500: Internal Server Error$/);
  });
});

describe('offline (docs/product.md, Installable app and offline)', () => {
  it('a write made while the browser is offline is not sent, and says so', async () => {
    const calls = mockFetch(() => json(201, { id: 1 }));
    vi.stubGlobal('navigator', { onLine: false });
    const error = await apiRequest('POST', '/api/items/3/messages', { body: 'Hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(getErrorMessage(error)).toBe('You are offline: this was not sent');
    // Nothing left the device, and nothing waits to be sent later.
    expect(calls).toEqual([]);
  });

  it('a write whose request finds no network says it was not sent; the state turns offline', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const error = await apiRequest(method, '/api/items/3', { status: 'taken' }).catch((e: unknown) => e);
      expect(getErrorMessage(error)).toBe('You are offline: this was not sent');
    }
    expect(isOffline()).toBe(true);
    reportResponse(json(200, {}));
    expect(isOffline()).toBe(false);
  });

  it('a read answered from the device’s saved copy turns the state offline; a real answer turns it back', async () => {
    mockFetch(() => new Response('{"items":[]}', { status: 200, headers: { 'x-offline-copy': '1' } }));
    await getQueryFn({ on401: 'throw' })(queryContext(['/api/items']));
    expect(isOffline()).toBe(true);
    mockFetch(() => json(200, { items: [] }));
    await getQueryFn({ on401: 'throw' })(queryContext(['/api/items']));
    expect(isOffline()).toBe(false);
  });
});

describe('getQueryFn', () => {
  it('returns null on 401 with on401 returnNull', async () => {
    mockFetch(() => json(401, { message: 'You must be signed in' }, 'Unauthorized'));
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    await expect(fn(queryContext(['/api/user']))).resolves.toBeNull();
  });

  it('throws on 401 with on401 throw', async () => {
    mockFetch(() => json(401, { message: 'You must be signed in' }, 'Unauthorized'));
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    await expect(fn(queryContext(['/api/user']))).rejects.toThrow('401: {"message":"You must be signed in"}');
  });

  it('reads JSON from the URL of the query key, with cookies and no CSRF token', async () => {
    const calls = mockFetch(() => json(200, { id: 1, username: 'ann', isAdmin: false }));
    const fn = getQueryFn<unknown>({ on401: 'throw' });
    await expect(fn(queryContext(['/api/user']))).resolves.toEqual({ id: 1, username: 'ann', isAdmin: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/user');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[0], CSRF_HEADER)).toBeUndefined();
  });
});

describe('urlFromQueryKey', () => {
  it('joins path parts and turns a trailing object into the query string', () => {
    expect(urlFromQueryKey(['/api/items', 5])).toBe('/api/items/5');
    expect(urlFromQueryKey(['/api/items', { page: 2, limit: 12, lat: undefined, query: '' }])).toBe('/api/items?page=2&limit=12');
    expect(urlFromQueryKey(['/api/users/profile', 'a b'])).toBe('/api/users/profile/a%20b');
  });
});

describe('getErrorMessage', () => {
  it('takes the message out of a JSON body', () => {
    expect(getErrorMessage(new Error('401: {"message":"Invalid username or password"}'))).toBe('Invalid username or password');
    expect(getErrorMessage(new ApiError(400, '{"message":"Username already exists"}', 'Bad Request'))).toBe('Username already exists');
  });

  it("never shows a bare status text or a body without a message: the caller's text instead", () => {
    expect(getErrorMessage(new ApiError(500, '', 'Internal Server Error'), 'Failed to fetch user profile')).toBe(
      'Failed to fetch user profile',
    );
    expect(getErrorMessage(new ApiError(503, '', 'Service Unavailable'))).toBe('Something went wrong. Please try again.');
    expect(getErrorMessage(new ApiError(502, 'Bad Gateway', 'Bad Gateway'), 'Search failed')).toBe('Search failed');
    expect(getErrorMessage(new ApiError(500, '{"error":"x"}', 'Internal Server Error'), 'Try again')).toBe('Try again');
    expect(getErrorMessage(new Error('500: Internal Server Error'), 'Try again')).toBe('Try again');
  });

  it("says a suspension's end as the app's dates are said (the viewer's zone), not the API's UTC minute", () => {
    // Noon UTC: the same calendar day in every zone from UTC-11 to UTC+11.
    const body = JSON.stringify({
      message: 'Your account is suspended until 2026-12-04 12:00 UTC: you can still read. Reason: Spam',
      code: 'suspended',
      until: '2026-12-04T12:00:00.000Z',
      reason: 'Spam',
    });
    expect(getErrorMessage(new ApiError(403, body, 'Forbidden'))).toBe(
      'Your account is suspended until Dec 4, 2026: you can still read, export your data, ask the team for help (on the Help page), delete your account and sign out. Reason: Spam',
    );
    // Without the fields (another server, an older one), its message as it is.
    expect(getErrorMessage(new ApiError(403, JSON.stringify({ message: 'Suspended', code: 'suspended' }), 'Forbidden'))).toBe('Suspended');
  });

  it('explains network failures and falls back for anything else', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/);
    expect(getErrorMessage(new Error('502: <html>Bad gateway</html>'), 'Try again')).toBe('Try again');
    expect(getErrorMessage(undefined, 'Try again')).toBe('Try again');
  });
});
