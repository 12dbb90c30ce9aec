// The database goes away for a few seconds under load: answers during the cut are quick 503s with a
// JSON message, /readyz says not ready, the app recovers by itself, and no acknowledged write is lost.
// The log says so in a couple of summarised lines (no statement, no value) and /metrics shows it.
import { expect, it } from 'vitest';
import {
  hostPort,
  queryDirect,
  runMixedLoad,
  serverOnScratchDatabase,
  sleep,
  startTcpProxy,
  twoUsersWithItems,
  PORT_BASE,
} from './support.js';

const CUT_AFTER_MS = 4000;
const CUT_MS = 5000;
const LOAD_SECONDS = 16;
/** After the restore, the pool needs a moment to open new connections. */
const RECOVERY_MS = 3000;
const METRICS_PORT = PORT_BASE + 57;

/** A metric's value in METRICS_PORT's answer. */
async function metric(name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  return Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(' ')[1],
  );
}

/** The server's log lines (pino JSON) of warnings and errors written since `since` (ms). */
const problemsSince = (output: string, since: number) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => ({ line, json: JSON.parse(line) as { level: number; time: number; msg: string; failed?: { requests?: number } } }))
    .filter(({ json }) => json.level >= 40 && json.time >= since);

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
const state = serverOnScratchDatabase('system_faults', PORT_BASE, {
  env: { METRICS_PORT: String(METRICS_PORT) },
  before: async (databaseUrl) => {
    proxy = await startTcpProxy(hostPort(databaseUrl));
    return proxy.urlFor(databaseUrl);
  },
  after: async () => proxy?.close(),
});

it('answers 503 while the database is cut, recovers by itself and loses no acknowledged write', async () => {
  const { server, db } = state;
  const { user, itemId, otherItemId } = await twoUsersWithItems(server, 'faults');

  const load = runMixedLoad({ url: server.url, client: user, itemId, otherItemId, connections: 16, seconds: LOAD_SECONDS, tag: 'faults' });

  await sleep(CUT_AFTER_MS);
  const cutAt = Date.now();
  proxy.cut();
  await sleep(1000);
  const readyDuringCut = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5000) });
  expect(readyDuringCut.status).toBe(503);
  expect(await readyDuringCut.json()).toEqual({ message: expect.any(String) });
  // The process itself is alive.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(await metric('db_up')).toBe(0);
  expect(await metric('db_unavailable_requests_total')).toBeGreaterThan(0);
  await sleep(cutAt + CUT_MS - Date.now());
  const restoredAt = Date.now();
  proxy.restore();

  const { result, responses, acknowledged } = await load;

  // Ready again without a restart.
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  expect(server.child.exitCode).toBeNull();
  expect(await metric('db_up')).toBe(1);

  // No hang and no connection error: every request got an answer within the timeout.
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);

  // Only successes and 503s, and every 503 is JSON with a message, and quick.
  expect(responses.filter((r) => r.status >= 300 && r.status !== 503)).toEqual([]);
  const unavailable = responses.filter((r) => r.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const r of unavailable) {
    expect(r.message).toEqual(expect.any(String));
    expect(r.ms).toBeLessThan(6000);
  }

  // 503 only around the cut; before it and a moment after the restore everything succeeds.
  const outsideCut = responses.filter((r) => r.at < cutAt || r.at > restoredAt + RECOVERY_MS);
  expect(outsideCut.filter((r) => r.status >= 300)).toEqual([]);
  expect(responses.filter((r) => r.at > restoredAt + RECOVERY_MS && r.status < 300).length).toBeGreaterThan(20);
  // During the cut nothing that needs the database succeeds.
  const duringCut = responses.filter((r) => r.at > cutAt + 500 && r.at < restoredAt);
  expect(duringCut.length).toBeGreaterThan(0);
  expect(duringCut.every((r) => r.status === 503)).toBe(true);

  // The cut is logged in two lines (its first failure at once, the count of the rest when its interval
  // ends: up to 10 s after the first), never one per request, each without a statement or a value.
  const deadline = Date.now() + 15_000;
  while (!problemsSince(server.output(), cutAt).some(({ json }) => json.msg === 'database still unreachable') && Date.now() < deadline)
    await sleep(200);
  const logged = problemsSince(server.output(), cutAt);
  expect(logged.map(({ json }) => json.msg)).toEqual(['database unreachable', 'database still unreachable']);
  for (const { line } of logged) {
    expect(line).not.toMatch(/\bselect\b|insert into|update "|delete from|faults (note|message)|params/i);
    expect(line.length).toBeLessThan(600);
  }
  const counted = logged.reduce((sum, { json }) => sum + (json.failed?.requests ?? 0), 0);
  expect(counted).toBe(unavailable.length);
  expect(await metric('db_unavailable_requests_total')).toBe(unavailable.length);

  // Every acknowledged write is in the database.
  expect(acknowledged.notes.length).toBeGreaterThan(10);
  expect(acknowledged.messages.length).toBeGreaterThan(10);
  const notes = await queryDirect<{ n: number }>(db.url, 'select count(*)::int as n from notes where content = any($1)', [
    acknowledged.notes,
  ]);
  expect(notes[0]!.n).toBe(acknowledged.notes.length);
  const messages = await queryDirect<{ n: number }>(db.url, 'select count(*)::int as n from messages where body = any($1)', [
    acknowledged.messages,
  ]);
  expect(messages[0]!.n).toBe(acknowledged.messages.length);

  console.log(
    `faults: ${responses.length} answers, ${unavailable.length} x 503 (slowest ${Math.max(...unavailable.map((r) => r.ms))} ms), ` +
      `${acknowledged.notes.length} notes and ${acknowledged.messages.length} messages acknowledged, all found`,
  );
});
