import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, FAKE_ASSET, fakeClientDir, type TestApp, TestClient, uniqueName } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clientDir: fakeClientDir() });
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
  });
});

describe('the client', () => {
  it.each(['/', '/browse', '/messages/3', '/browse/', '/browse?query=chair'])('GET %s returns the app HTML', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('test client');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/some/unknown/path', '/browsing', '/items', '/u/alice/extra', '/post-item/x', '/nope?query=chair', '/.vite/manifest.json'])(
    'GET %s, a path no page has, answers 404 with the app HTML (its not-found page)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('test client');
    },
  );

  it('a profile page answers 404 (with the app HTML) for a name nobody has, 200 for a person', async () => {
    const name = uniqueName('profile');
    await new TestClient(t.app).register(name);
    for (const url of [`/u/${name}`, `/users/${name}`, `/u/${name.toUpperCase()}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('test client');
    }
    for (const url of ['/u/nobody_by_this_name', '/users/nobody_by_this_name']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('test client');
    }
  });

  it('GET /items/5 returns the app HTML too, with 404 while there is no such item', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/items/5' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('test client');
  });

  it('sends scripts compressed (Brotli, else gzip) from the build’s copies, cached for a year', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: FAKE_ASSET.url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(FAKE_ASSET.text);
    }
    const plain = await t.app.inject({ method: 'GET', url: FAKE_ASSET.url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FAKE_ASSET.text);
  });

  it('sends the page HTML compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/browse', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('test client');
  });

  it('asks for a public page’s own chunks at once (modulepreload), beyond what index.html loads', async () => {
    const browse = (await t.app.inject({ method: 'GET', url: '/browse?query=chair' })).body;
    expect(browse).toContain('<link rel="modulepreload" crossorigin href="/assets/browse-page-abc123.js">');
    expect(browse).toContain('<link rel="modulepreload" crossorigin href="/assets/page-only-abc123.js">');
    expect(browse).not.toContain('shared-abc123.js');
    const other = (await t.app.inject({ method: 'GET', url: '/terms-of-service' })).body;
    // Another page preloads only the texts of the first render, in its language.
    expect(other.match(/modulepreload/g)).toHaveLength(1);
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/core-en-abc123.js">');
  });

  it('serves the service worker and the web app manifest unhashed, revalidated on every use (never cached for a year)', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A browser checks the worker for updates; a long cache would keep an old version alive.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/browse' });
  });

  it('links a Spanish page to the manifest in Spanish', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/browse', headers: { 'accept-language': 'es' } });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.es.webmanifest">');
    const english = await t.app.inject({ method: 'GET', url: '/browse', headers: { 'accept-language': 'en' } });
    expect(english.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.es.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({
      name: 'Test',
      start_url: '/browse',
      lang: 'es',
      description: expect.stringMatching(/^Comparte con tus vecinos/),
      screenshots: [{ src: '/s.png', form_factor: 'narrow', label: 'Cosas para compartir cerca, en un móvil' }],
    });
  });

  it('does not serve the build manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('test client');
  });

  it('a missing asset is a 404, not the HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('errors', () => {
  it('an unknown API path answers 404 JSON', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing-here' });
      // The /api rules belong to the routes: a path no route matches is simply not found.
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it.each([
    '/%61pi/nothing-here',
    '/ap%69/nothing',
    '/API/items',
    '/Api/user',
    '//api/items',
    '/x/%2e%2e/api/x',
    '/%41PI',
    '/api%2Fitems',
    '/assets/../api/x',
    '/%55ploads/x.webp',
  ])('GET %s, an API (or file) path in another spelling, answers 404 JSON, never the app page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an unexpected error is a 500 with a reference id and no stack trace', async () => {
    const boom = await createTestApp();
    const app = boom.app;
    app.get('/api/boom', () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^Something went wrong on our side \(reference [0-9a-f-]{36}\)$/);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('app.ts');
    await boom.close();
  });
});

describe('request logs', () => {
  it('do not keep the position a browser sent for nearest-first lists', async () => {
    const { Writable } = await import('node:stream');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ ...t.config, clientDir: undefined }, { logger: { level: 'info', stream }, database: t.app.database });
    try {
      await app.inject({ method: 'GET', url: '/api/items?page=1&lat=40.712345&lng=-74.006789' });
      expect(lines.join('')).toContain('/api/items?page=1&lat=redacted&lng=redacted');
      // The query parser decodes names, so the app reads these as lat and lng too.
      await app.inject({ method: 'GET', url: '/%61pi/items?l%61t=41.123456&%6Cng=-75.654321&page=1' });
      expect(lines.join('')).toContain('/%61pi/items?l%61t=redacted&%6Cng=redacted&page=1');
      for (const secret of ['40.712345', '74.006789', '41.123456', '75.654321']) expect(lines.join('')).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe('settled()', () => {
  it('resolves once the background tasks, those they start, and a worker round after them are done', async () => {
    const done: string[] = [];
    let queued = false;
    // Work the tasks leave for the notification worker.
    t.app.notifications.registerTask({
      name: 'queued by a task',
      run: () => {
        if (queued) done.push('worker');
        queued = false;
        return Promise.resolve(0);
      },
    });
    t.app.background(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      t.app.background(async () => {
        // A slow task, begun after the first ended its own work.
        await new Promise((resolve) => setTimeout(resolve, 50));
        done.push('second');
        queued = true;
      });
      done.push('first');
    });
    await t.app.settled();
    expect(done).toEqual(['first', 'second', 'worker']);
  });
});
