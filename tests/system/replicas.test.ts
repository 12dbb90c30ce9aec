// Read replicas (DATABASE_REPLICA_URL): a real streaming replica of the test PostgreSQL (pg_basebackup
// into a second cluster), made to replay a second behind on purpose. Public reads reach it; a person
// who has just posted sees their item at once all the same (read from the primary until the replica
// has it); when the replica stops under load, reads go to the primary without one failing.
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { type StreamingReplica, startStreamingReplica } from './replica.js';
import { createScratchDatabase, HttpClient, PG_SERVER_URL, PORT_BASE, queryDirect, type ServerProcess, startServer } from './support.js';

const REPLICA_PORT = PORT_BASE + 20;
const APP_PORT = PORT_BASE + 21;
/** The replica replays this far behind (recovery_min_apply_delay): reading one's own write from it would miss it. */
const APPLY_DELAY_MS = 1000;
const METRICS_TOKEN = 'replica-test-metrics-token-0123456789';

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let replica: StreamingReplica;
let app: ServerProcess;

beforeAll(async () => {
  db = await createScratchDatabase(PG_SERVER_URL, 'system_replica');
  replica = await startStreamingReplica(PG_SERVER_URL, REPLICA_PORT, { applyDelayMs: APPLY_DELAY_MS });
  app = await startServer(APP_PORT, { DATABASE_URL: db.url, DATABASE_REPLICA_URL: replica.urlFor(db.url), METRICS_TOKEN });
  // The schema the app's migrations wrote, replayed.
  await replica.catchUp(db.url);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await replica?.stop();
  await db?.drop();
});

async function reads(): Promise<Record<string, number>> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^db_public_reads_total\{target="(\w+)"\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  const up = /^db_replica_up\{[^}]*\} (\d)/m.exec(text);
  out.up = Number(up?.[1] ?? -1);
  return out;
}

/** Transactions the replica itself has run in the test's database (its own statistics). */
async function replicaTransactions(): Promise<number> {
  const name = new URL(db.url).pathname.slice(1);
  const [row] = await queryDirect<{ n: string }>(
    replica.urlFor(db.url),
    'select xact_commit::text as n from pg_stat_database where datname = $1',
    [name],
  );
  return Number(row?.n ?? 0);
}

it('public reads reach the replica; a person sees their own new item at once; a stopped replica fails no read', async () => {
  const image = await imageOf('png');
  const tag = `rep${Date.now() % 100000}`;
  const owner = new HttpClient(app.url);
  await owner.register(`${tag}_owner`);
  const firstId = await owner.postItem(image, `${tag} first lamp`);
  await replica.catchUp(db.url);
  // Past the replica's next poll, so the app knows how far it has replayed.
  await new Promise((r) => setTimeout(r, 600));

  // A visitor's reads go to the replica: its own statistics count them.
  const visitor = new HttpClient(app.url);
  const before = await replicaTransactions();
  const countsBefore = await reads();
  for (let i = 0; i < 20; i++) {
    expect((await visitor.get('/api/items?page=1')).status).toBe(200);
    expect((await visitor.get(`/api/items/${firstId}`)).status).toBe(200);
    expect((await visitor.get(`/api/users/profile/${tag}_owner`)).status).toBe(200);
  }
  // pg_stat_database is updated when a backend reports its counts: at most once a second while it
  // is busy, but an idle one may keep them up to 10 s (PostgreSQL 15's idle interval), so wait for it.
  await expect.poll(async () => (await replicaTransactions()) - before, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(50);
  const countsAfter = await reads();
  expect(countsAfter.replica! - (countsBefore.replica ?? 0)).toBeGreaterThanOrEqual(60);
  expect(countsAfter.up).toBe(1);

  // Read your own writes: right after each post its page and the newest-first list show it, though the replica is a second behind.
  for (let n = 0; n < 8; n++) {
    const id = await owner.postItem(image, `${tag} post ${n}`);
    const page = await owner.get(`/api/items/${id}`);
    expect(page.status).toBe(200);
    const list = (await (await owner.get('/api/items?page=1')).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toContain(id);
  }
  // ... while a visitor (no write of theirs to wait for) may still read the replica, a second behind.
  const lagging = (await (await visitor.get('/api/items?page=1')).json()) as { items: { title: string }[] };
  expect(lagging.items.some((i) => i.title === `${tag} post 7`)).toBe(false);

  // Under load from visitors, the replica stops (a fast shutdown cuts its connections): every read still answers.
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: app.url,
        connections: 8,
        duration: 10,
        requests: [
          { method: 'GET', path: '/api/items?page=1' },
          { method: 'GET', path: `/api/items/${firstId}` },
          { method: 'GET', path: '/api/items?page=1&lat=40.71&lng=-74.0' },
          { method: 'GET', path: `/api/users/profile/${tag}_owner` },
          { method: 'GET', path: '/api/search?query=rep' },
          { method: 'GET', path: '/api/items/clusters?bbox=-75,40,-73,41&zoom=8' },
        ],
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
  });
  await new Promise((r) => setTimeout(r, 3000));
  await replica.stop();
  const result = await load;
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(result.requests.total).toBeGreaterThan(200);

  const afterStop = await reads();
  expect(afterStop.up).toBe(0);
  expect(afterStop.primary!).toBeGreaterThan(countsAfter.primary ?? 0);
  // Still the owner's new item, now from the primary.
  expect((await owner.get(`/api/items/${firstId}`)).status).toBe(200);
}, 180_000);
