// Draining (plugins/drain.ts): after SIGTERM a node answers new requests 503 without acting on them,
// says it is not ready, stays alive, and ends its live streams; requests already in flight finish.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('draining before shutdown', () => {
  it('answers every new request 503 with Retry-After and changes nothing; /healthz stays 200 and /readyz says 503', async () => {
    t = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const alice = new TestClient(t.app);
    await alice.register(uniqueName('drain'));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const started = Date.now();
    const drained = t.app.drain();
    expect(t.app.draining).toBe(true);

    const note = await alice.post('/api/notes', { content: 'written while draining', visibility: 'private' });
    expect(note.statusCode).toBe(503);
    expect(note.headers['retry-after']).toBe('1');
    expect(note.headers.connection).toBe('close');
    expect(note.json()).toEqual({ message: 'The service is temporarily unavailable, please try again shortly' });

    const spanish = await t.app.inject({ method: 'GET', url: '/api/items?page=1', headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(503);
    expect(spanish.json<{ message: string }>().message).toBe(
      'El servicio no está disponible por el momento; inténtalo de nuevo en un rato',
    );

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await drained;
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // Nothing was written: the note never reached its route.
    const rows = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from notes`);
    expect(rows[0]!.n).toBe(0);
  });

  it('resolves at once with the default of 0 seconds', async () => {
    t = await createTestApp();
    const started = Date.now();
    await t.app.drain();
    expect(Date.now() - started).toBeLessThan(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/items?page=1' })).statusCode).toBe(503);
  });
});
