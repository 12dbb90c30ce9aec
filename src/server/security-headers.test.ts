// The security headers every answer carries, and when HSTS is sent (docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp, TestClient, uniqueName } from './test/harness.js';

/** The CSP as directive -> sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clientDir: fakeClientDir() });
});
afterAll(async () => {
  await t?.close();
});

// A page, an API answer, an error, a health check: the headers do not depend on the route.
const URLS = ['/', '/items/1', '/api/items', '/api/nothing-here', '/healthz'];

describe.each(URLS)('GET %s', (url) => {
  it('has a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Scripts only from this site: no inline script, no eval, no wildcard, no data: URLs.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // The service worker, from this site only.
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    // Images may come from the map tiles; never from any host.
    expect(csp.get('img-src')).not.toContain('*');
    expect(csp.get('img-src')).not.toContain('http:');
    for (const [name, sources] of csp) {
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
  });

  it('has nosniff, a referrer policy, no framing and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
    // Plain http (no https PUBLIC_URL): no HSTS, which browsers would ignore there anyway.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('caching of personal data', () => {
  it('every API answer of a signed-in user is Cache-Control: no-store', async () => {
    const browser = new TestClient(t.app);
    await browser.register(uniqueName('headers'));
    for (const url of [
      '/api/user',
      '/api/me/settings',
      '/api/conversations',
      '/api/notes',
      '/api/me/items',
      '/api/me/export',
      '/api/csrf-token',
    ]) {
      const res = await browser.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('holds for any spelling of an API path the router accepts (percent-encoded letters)', async () => {
    const browser = new TestClient(t.app);
    await browser.register(uniqueName('headers'));
    for (const url of ['/%61pi/user', '/ap%69/me/settings', '/api/%6Eotes', '/%61%70%69/me/export']) {
      const res = await browser.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('pages are revalidated, never kept stale', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/browse' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('HSTS', () => {
  it('is sent with a year and subdomains when PUBLIC_URL is https; the CSP upgrades insecure requests, cookies are Secure', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://share.example.org' });
    try {
      for (const url of ['/api/csrf-token', '/healthz']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(parseCsp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
      }
      // And cookies are Secure, __Host- prefixed.
      const res = await secure.app.inject({ method: 'GET', url: '/api/csrf-token' });
      expect(res.cookies.find((c) => c.name === '__Host-csrf')).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await secure.close();
    }
  });

  it('is decided by PUBLIC_URL alone, not by a forwarded protocol header', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'http://share.local' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/items', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
