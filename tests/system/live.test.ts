// Live updates across two app processes on one PostgreSQL database: a message sent through one
// process reaches an event stream open on the other (LISTEN/NOTIFY), also after the listening
// connection was cut, and open streams do not hold up a shutdown.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { openSse } from '../../src/server/test/sse.js';
import { createScratchDatabase, HttpClient, PG_SERVER_URL, PORT_BASE, queryDirect, type ServerProcess, startServer } from './support.js';

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let owner: HttpClient;
let asker: HttpClient;
let itemId: number;

beforeAll(async () => {
  db = await createScratchDatabase(PG_SERVER_URL, 'system_live');
  const env = { DATABASE_URL: db.url };
  [a, b] = await Promise.all([startServer(PORT_BASE + 2, env), startServer(PORT_BASE + 3, env)]);
  owner = new HttpClient(b.url);
  asker = new HttpClient(a.url);
  const tag = Date.now() % 100000;
  await owner.register(`live_owner_${tag}`);
  await asker.register(`live_asker_${tag}`);
  itemId = await owner.postItem(await imageOf('png'), 'Live bookshelf');
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

/** Sends a message through process A and answers how long until the owner's stream on B had it. */
async function messageLatency(stream: Awaited<ReturnType<typeof openSse>>, body: string): Promise<number> {
  const before = stream.events.length;
  const start = performance.now();
  const res = await asker.post(`/api/items/${itemId}/messages`, { body });
  expect(res.status).toBe(201);
  const event = await stream.next('message', 2000, before);
  return event.at - start;
}

it('a message sent through process A reaches a stream open on process B in under a second', async () => {
  const stream = await openSse(`${b.url}/api/events`, { cookie: owner.cookieHeader() });
  expect(stream.status).toBe(200);
  try {
    const ms = await messageLatency(stream, 'Is the bookshelf still there?');
    expect(ms).toBeLessThan(1000);
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread: 1 });
  } finally {
    stream.close();
  }
});

it('after its listening connection is cut, B listens again, tells its streams to fetch anew, and events flow again', async () => {
  const stream = await openSse(`${b.url}/api/events`, { cookie: owner.cookieHeader() });
  try {
    const name = new URL(db.url).pathname.slice(1);
    const cut = await queryDirect<{ ok: boolean }>(
      PG_SERVER_URL,
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
      [name],
    );
    // One LISTEN connection per process, outside the pool.
    expect(cut).toHaveLength(2);
    await stream.next('resync', 10_000);
    expect(await messageLatency(stream, 'Still there after the cut?')).toBeLessThan(1000);
  } finally {
    stream.close();
  }
});

it('open streams end at a shutdown and do not hold it up', async () => {
  const stream = await openSse(`${b.url}/api/events`, { cookie: owner.cookieHeader() });
  expect(stream.status).toBe(200);
  const start = Date.now();
  await b.stop();
  await stream.ended;
  expect(await b.exited).toBe(0);
  expect(Date.now() - start).toBeLessThan(10_000);
});
