// GET /metrics: refused without the token, and with it in Prometheus' format showing a request just
// made; on METRICS_PORT, served on 127.0.0.1 without a token; not served at all unless configured.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../test/harness.js';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a request without the token, or with a wrong one, with 401 and a message', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ message: 'A valid metrics token is required' });
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('with the token shows a request just made, its latency, the process and the rate-limit refusals', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/items?page=1&limit=12')).statusCode).toBe(200);
    expect((await visitor.get('/api/items/99999999')).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    // One series per route as registered, never per raw URL.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/items",status_code="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/items\/:id",status_code="404"\} [1-9]\d*$/m);
    // The raw id is never a label (a float sample may hold the same digits, so look at labels only).
    expect(text).not.toMatch(/\{[^}]*99999999[^}]*\}/);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/items",status_code="200"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toContain('# TYPE rate_limit_refusals_total counter');
    expect(text).toContain('# TYPE upload_request_bytes histogram');
    // The notification queue: outbox events waiting and given up, counted by the database.
    expect(text).toMatch(/^notification_queue\{queue="events",state="pending"\} \d+$/m);
    expect(text).toMatch(/^notification_queue\{queue="events",state="failed"\} 0$/m);
    // The metrics' own requests are not counted.
    expect(text).not.toContain('route="/metrics"');
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('serves no metrics', async () => {
    const t = await createTestApp({});
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('GET /metrics on METRICS_PORT', () => {
  it('is served on 127.0.0.1 without a token, and not on the app port', async () => {
    const port = await freePort();
    const t = await createTestApp({ METRICS_PORT: String(port) });
    try {
      await t.app.ready();
      expect((await new TestClient(t.app).get('/api/config')).statusCode).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^http_requests_total\{method="GET",route="\/api\/config",status_code="200"\} [1-9]\d*$/m);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
