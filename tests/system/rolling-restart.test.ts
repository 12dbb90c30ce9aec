// Several app nodes behind a real load balancer: nginx (with deploy/nginx's own rules) in front of
// three app processes on one PostgreSQL and one Redis, uploads in one shared folder. Under steady
// mixed load (reads, notes, messages, posts with photos, live-update streams) each process in turn
// gets SIGTERM and is started again: no request fails, no acknowledged write is lost, the streams of
// a stopped process reconnect to another one, and the login rate limit counts across processes and
// restarts (it lives in Redis).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { openSse, type SseStream } from '../../src/server/test/sse.js';
import { type Nginx, startNginx } from './nginx.js';
import {
  createScratchDatabase,
  HttpClient,
  type MixedLoad,
  PG_SERVER_URL,
  PORT_BASE,
  queryDirect,
  REDIS_URL,
  runMixedLoad,
  type ServerProcess,
  sleep,
  startServer,
} from './support.js';

const APP_PORTS = [PORT_BASE + 10, PORT_BASE + 11, PORT_BASE + 12];
const NGINX_PORT = PORT_BASE + 13;
const AUTH_LIMIT = 5;
const DRAIN_SECONDS = 2;
/** The upstream's fail_timeout (deploy/nginx/sharenearby.conf): a restarted process gets requests again after it. */
const FAIL_TIMEOUT_MS = 5000;
const STREAMS = 6;
const CONNECTIONS = 8;

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let uploads: string;
let env: Record<string, string>;
let nodes: ServerProcess[] = [];
let nginx: Nginx;

beforeAll(async () => {
  db = await createScratchDatabase(PG_SERVER_URL, 'system_rolling');
  // The shared storage of the uploads (a network folder on real hosts; S3_BUCKET is the other way).
  uploads = mkdtempSync(path.join(os.tmpdir(), 'share-rolling-'));
  env = {
    DATABASE_URL: db.url,
    REDIS_URL,
    DATA_DIR: uploads,
    PUBLIC_URL: `http://127.0.0.1:${NGINX_PORT}`,
    // nginx on 127.0.0.1 appends the address it sees: the test's own X-Forwarded-For names each client.
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    RATE_LIMIT_NAMESPACE: `rolling-${process.pid}-${Date.now()}:`,
    LIVE_HEARTBEAT_SECONDS: '5',
  };
  nodes = await Promise.all(APP_PORTS.map((port) => startServer(port, env)));
  // After the processes: a request while none answers would leave them all out for fail_timeout.
  nginx = await startNginx(NGINX_PORT, APP_PORTS);
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await nginx?.stop();
  await db?.drop();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

let addressCounter = 0;
const someAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

interface Segment {
  upstream: string;
  opened: number;
  ended?: number;
}

/** The process that gave the answer: the last of the addresses nginx tried ("a, b" after a retry, "a : b" after error_page). */
const answeredBy = (header: string | string[] | undefined | null) =>
  String(header)
    .match(/\d+\.\d+\.\d+\.\d+:\d+/g)
    ?.at(-1) ?? String(header);

/** A live-update stream through nginx that reconnects as a browser's EventSource does (after `retry:` ms, with Last-Event-ID). */
function reconnectingStream(client: HttpClient) {
  const segments: Segment[] = [];
  const refused: number[] = [];
  let current: SseStream | undefined;
  let closed = false;
  let lastId: string | undefined;
  const loop = (async () => {
    while (!closed) {
      const headers: Record<string, string> = { cookie: client.cookieHeader() };
      if (lastId) headers['last-event-id'] = lastId;
      let stream: SseStream;
      try {
        stream = await openSse(`${nginx.url}/api/events`, headers);
      } catch {
        refused.push(0);
        await sleep(1000);
        continue;
      }
      if (stream.status !== 200) {
        refused.push(stream.status);
        await sleep(1000);
        continue;
      }
      current = stream;
      const segment: Segment = { upstream: answeredBy(stream.headers['x-upstream']), opened: Date.now() };
      segments.push(segment);
      await stream.ended;
      segment.ended = Date.now();
      lastId = stream.events.at(-1)?.id ?? lastId;
      if (!closed) await sleep(stream.retry ?? 3000);
    }
  })();
  return {
    segments,
    refused,
    get current() {
      return current;
    },
    async close() {
      closed = true;
      current?.close();
      await loop;
    },
  };
}

it('a rolling restart of three processes behind nginx under mixed load fails no request and loses no write', async () => {
  const image = await imageOf('png');
  const tag = `roll${Date.now() % 100000}`;
  const owner = new HttpClient(nginx.url, { 'x-forwarded-for': someAddress() });
  await owner.register(`${tag}_owner`);
  const otherItemId = await owner.postItem(image, 'Rolling chair');
  const user = new HttpClient(nginx.url, { 'x-forwarded-for': someAddress() });
  await user.register(`${tag}_user`);
  const itemId = await user.postItem(image, 'Rolling table');
  await user.csrf();
  const poster = new HttpClient(nginx.url, { 'x-forwarded-for': someAddress() });
  await poster.register(`${tag}_poster`);

  // The owner's pages follow messages about the chair live.
  const streams = Array.from({ length: STREAMS }, () => reconnectingStream(owner));

  // Sign-in attempts of one address with a wrong password, before and after the restarts.
  const attacker = new HttpClient(nginx.url, { 'x-forwarded-for': someAddress() });
  const attempts: { status: number; upstream: string }[] = [];
  const failedLogin = async () => {
    const res = await attacker.post('/api/login', { username: `${tag}_owner`, password: 'not-the-password' });
    attempts.push({ status: res.status, upstream: answeredBy(res.headers.get('x-upstream')) });
  };
  for (let i = 0; i < AUTH_LIMIT - 2; i++) await failedLogin();

  // Posts with photos, one after another, for the whole load.
  const posts: { status: number; id?: number; title: string; error?: string }[] = [];
  let restartsDone!: () => void;
  const restarted = new Promise<void>((resolve) => (restartsDone = resolve));
  let loadOver = false;
  const posting = (async () => {
    for (let n = 1; !loadOver; n++) {
      const title = `${tag} photo post ${n}`;
      try {
        posts.push({ status: 201, id: await poster.postItem(image, title), title });
      } catch (err) {
        posts.push({
          status: Number(/: (\d{3}) /.exec(String(err))?.[1] ?? 0),
          title,
          error: `${Date.now()} ${String(err).slice(0, 300)}`,
        });
      }
      await sleep(200);
    }
  })();

  const load: Promise<MixedLoad> = runMixedLoad({
    url: nginx.url,
    client: user,
    itemId,
    otherItemId,
    connections: CONNECTIONS,
    seconds: 240,
    tag,
    until: restarted.then(() => sleep(8000)),
  });

  // The rolling restart: each process in turn drains, exits, starts again, and is back in nginx's rotation.
  const exits: (number | string)[] = [];
  const stopped: ServerProcess[] = [];
  const restartedAt: number[] = [];
  const leftInMs: number[] = [];
  await sleep(6000);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const signalled = Date.now();
    node.child.kill('SIGTERM');
    const code = await node.exited;
    leftInMs.push(Date.now() - signalled);
    exits.push(code);
    // Why a process did not leave cleanly: its last lines (the forced exit, or the error while closing).
    if (code !== 0) console.log(`process ${i + 1} exited with ${code}:\n${node.output().split('\n').slice(-30).join('\n')}`);
    stopped.push(node);
    nodes[i] = await startServer(APP_PORTS[i]!, env);
    restartedAt.push(Date.now());
    await sleep(FAIL_TIMEOUT_MS + 1000);
  }
  restartsDone();
  const mixed = await load;
  loadOver = true;
  await posting;

  // Every process left cleanly (after draining) and came back.
  expect(exits).toEqual([0, 0, 0]);

  // No request failed: every answer of the mixed load was a 2xx, with no error or timeout.
  const failed = mixed.responses.filter((r) => r.status < 200 || r.status >= 300);
  const early = mixed.requestErrors.filter((e) => mixed.stoppedAt === undefined || e.at < mixed.stoppedAt);
  if (failed.length || early.length || posts.some((p) => p.status !== 201)) {
    console.log(JSON.stringify(posts.filter((p) => p.status !== 201)));
    console.log(JSON.stringify({ failed: failed.slice(0, 10), early, stoppedAt: mixed.stoppedAt, restartedAt }, null, 1));
    for (const n of [...stopped, ...nodes])
      console.log(
        n
          .output()
          .split('\n')
          .filter((l) => /"level":50/.test(l))
          .slice(-10)
          .join('\n'),
      );
    console.log(
      nginx
        .errorLog()
        .split('\n')
        .filter((l) => !/connect\(\) failed \(111|temporarily disabled/.test(l))
        .slice(-40)
        .join('\n'),
    );
  }
  expect(failed.slice(0, 10)).toEqual([]);
  // No request went unanswered; only those the test cut itself when it stopped the load are left out.
  expect(mixed.requestErrors.filter((e) => mixed.stoppedAt === undefined || e.at < mixed.stoppedAt)).toEqual([]);
  expect(mixed.result.timeouts).toBe(0);
  expect(mixed.responses.length).toBeGreaterThan(500);
  expect(posts.filter((p) => p.status !== 201)).toEqual([]);
  expect(posts.length).toBeGreaterThan(10);

  // No write lost: every acknowledged note, message and post is in the database.
  // Beyond them, at most one write per connection: those in flight when the load stopped, done but never answered.
  const notes = await queryDirect<{ content: string }>(db.url, 'select content from notes where content like $1', [`${tag} %`]);
  const messages = await queryDirect<{ body: string }>(db.url, 'select body from messages where body like $1', [`${tag} %`]);
  for (const [stored, acknowledged] of [
    [notes.map((n) => n.content), mixed.acknowledged.notes],
    [messages.map((m) => m.body), mixed.acknowledged.messages],
  ] as const) {
    expect(acknowledged.filter((text) => !stored.includes(text))).toEqual([]);
    expect(stored.length - acknowledged.length).toBeLessThanOrEqual(CONNECTIONS);
    expect(new Set(stored).size).toBe(stored.length);
  }
  const items = await queryDirect<{ title: string }>(db.url, 'select title from items where title like $1', [`${tag} photo post %`]);
  expect(items.map((i) => i.title).sort()).toEqual(posts.map((p) => p.title).sort());
  // ... and every photo is served, whichever process answers (one shared folder).
  const served = await Promise.all(
    posts.slice(-5).map(async (p) => {
      const item = (await (await fetch(`${nginx.url}/api/items/${p.id}`)).json()) as { imageUrl: string };
      return (await fetch(`${nginx.url}${item.imageUrl}`)).status;
    }),
  );
  expect(served).toEqual([200, 200, 200, 200, 200]);

  // The streams: each one that a stopped process ended reconnected, to another process; all are open now.
  for (const s of streams) {
    expect(s.segments.length).toBeGreaterThan(1);
    for (let k = 0; k + 1 < s.segments.length; k++) expect(s.segments[k + 1]!.upstream).not.toBe(s.segments[k]!.upstream);
    expect(s.refused).toEqual([]);
  }
  const usedUpstreams = new Set(streams.flatMap((s) => s.segments.map((seg) => seg.upstream)));
  expect(usedUpstreams.size).toBe(3);
  // A message after the restarts reaches every stream, wherever it is now.
  const counts = streams.map((s) => s.current!.events.length);
  const res = await user.post(`/api/items/${otherItemId}/messages`, { body: `${tag} after the restarts` });
  expect(res.status).toBe(201);
  await Promise.all(streams.map((s, k) => s.current!.next('message', 3000, counts[k])));
  await Promise.all(streams.map((s) => s.close()));

  // The login limit counted across processes and through every restart: AUTH_LIMIT attempts, then 429.
  for (let i = 0; i < 3; i++) await failedLogin();
  expect(attempts.map((a) => a.status)).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429]);
  expect(new Set(attempts.map((a) => a.upstream)).size).toBeGreaterThan(1);

  console.log(
    `rolling restart: ${mixed.responses.length} requests (${mixed.requestErrors.length} cut when the load stopped), ${posts.length} photo posts, ` +
      `${streams.reduce((n, s) => n + s.segments.length - 1, 0)} stream reconnects, restarts at +${restartedAt.map((t) => t - restartedAt[0]!).join('/+')} ms, ` +
      `each process left ${leftInMs.join('/')} ms after SIGTERM (${DRAIN_SECONDS} s of drain)`,
  );
}, 240_000);
