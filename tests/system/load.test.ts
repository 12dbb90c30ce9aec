// Steady mixed load (32 connections, reads and writes of a signed-in user): no request fails and the
// server's memory levels off. 15 s by default; `npm run test:system -- --long` runs the full 60 s.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import {
  createScratchDatabase,
  HttpClient,
  LOAD_SECONDS,
  PG_SERVER_URL,
  PORT_BASE,
  queryDirect,
  rssBytes,
  runMixedLoad,
  type ServerProcess,
  sleep,
  startServer,
} from './support.js';

const CONNECTIONS = 32;
const WARM_UP_SECONDS = 5;
const MB = 1024 * 1024;

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let server: ServerProcess;

beforeAll(async () => {
  db = await createScratchDatabase(PG_SERVER_URL, 'system_load');
  server = await startServer(PORT_BASE + 4, { DATABASE_URL: db.url });
});

afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

/** Least-squares slope of (seconds, bytes) samples, in MB per minute. */
function slopeMbPerMinute(samples: { t: number; rss: number }[]): number {
  const n = samples.length;
  const mt = samples.reduce((s, p) => s + p.t, 0) / n;
  const mr = samples.reduce((s, p) => s + p.rss, 0) / n;
  const num = samples.reduce((s, p) => s + (p.t - mt) * (p.rss - mr), 0);
  const den = samples.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return ((num / den) * 60) / MB;
}

it(`serves ${CONNECTIONS} connections of mixed reads and writes for ${LOAD_SECONDS} s without a failure or growing memory`, async () => {
  const image = await imageOf('png');
  const owner = new HttpClient(server.url);
  await owner.register(`load_owner_${Date.now() % 100000}`);
  const otherItemId = await owner.postItem(image, 'System sofa');
  const user = new HttpClient(server.url);
  await user.register(`load_user_${Date.now() % 100000}`);
  const itemId = await user.postItem(image, 'System desk');
  const run = (seconds: number, tag: string) =>
    runMixedLoad({ url: server.url, client: user, itemId, otherItemId, connections: CONNECTIONS, seconds, tag, record: false });

  const warm = await run(WARM_UP_SECONDS, 'warm-up');
  expect(warm.result.errors + warm.result.timeouts + warm.result.non2xx).toBe(0);

  const samples: { t: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, rss: rssBytes(server.pid) }), 500);
  samples.push({ t: 0, rss: rssBytes(server.pid) });
  const { result, responses, acknowledged } = await run(LOAD_SECONDS, 'load');
  clearInterval(sampler);
  await sleep(200);

  // No failure of any kind: every answer 2xx, no socket error, no timeout.
  expect(responses).toEqual([]);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(result.requests.total).toBeGreaterThan(LOAD_SECONDS * 20);
  expect(server.child.exitCode).toBeNull();

  // Every acknowledged note is there.
  const notes = await queryDirect<{ n: number }>(db.url, 'select count(*)::int as n from notes where content = any($1)', [acknowledged.notes]);
  expect(notes[0]!.n).toBe(acknowledged.notes.length);

  // Memory levels off. RSS is a sawtooth (the heap grows, a major GC gives it back, about once a
  // minute here), so the floor is compared: the lowest RSS of the last third against that of the
  // first third. A leak raises the floor; a busy heap only raises the peaks.
  const start = samples[0]!.rss;
  const end = samples.at(-1)!.rss;
  const peak = Math.max(...samples.map((s) => s.rss));
  const third = LOAD_SECONDS / 3;
  const floorOf = (from: number, to: number) => Math.min(...samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.rss));
  const floorGrowth = floorOf(LOAD_SECONDS - third, LOAD_SECONDS) - floorOf(0, third);
  const slope = slopeMbPerMinute(samples.filter((s) => s.t >= LOAD_SECONDS / 2));
  console.log(
    `load: ${result.requests.total} requests in ${LOAD_SECONDS} s (${Math.round(result.requests.average)}/s, ` +
      `p99 ${result.latency.p99} ms); RSS ${Math.round(start / MB)} -> ${Math.round(end / MB)} MB (peak ${Math.round(peak / MB)}), ` +
      `floor +${Math.round(floorGrowth / MB)} MB, second-half slope ${slope.toFixed(1)} MB/min`,
  );
  if (process.env.SYSTEM_RSS_SERIES) console.log(samples.filter((_, i) => i % 10 === 0).map((s) => `${Math.round(s.t)}s ${Math.round(s.rss / MB)}MB`).join(', '));
  expect(floorGrowth).toBeLessThan(48 * MB);
  expect(peak - start).toBeLessThan(160 * MB);
});
