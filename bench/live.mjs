// npm run bench:live: live updates under load (docs/performance.md, "Live updates"). Starts the
// built server as production does (scripts/start.sh), opens STREAMS event streams on it
// (GET /api/events, 10 per user), then sends messages through the API one after another and
// times each until its event arrives on the recipient's stream. Prints and writes
// bench/results/DATE-live-DB.json: the server's RSS with the streams open, and the latency.
//   BENCH_DATABASE_URL  a PostgreSQL server: a database of its own is made and dropped; unset: PGlite
//   BENCH_PORT          first port to try (default 3500)
//   --streams=N (2000)  --messages=N (300)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openTarget } from './target.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const STREAMS = arg('streams', 2000);
const MESSAGES = arg('messages', 300);
const PER_USER = 10;
const USERS = Math.ceil(STREAMS / PER_USER);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  const first = Number(process.env.BENCH_PORT ?? 3500);
  for (let port = first; port < first + 10; port++) {
    const free = await new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${first}`);
}

const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function startServer(target, port) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '1000000',
    MESSAGE_RATE_LIMIT_MAX: '1000000',
    DATABASE_POOL_SIZE: '4',
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    DATA_DIR: target.dataDir ?? path.join(root, 'data', 'bench-live'),
  };
  const child = spawn('/bin/sh', [path.join(root, 'scripts/start.sh')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('server not ready after 60 s');
    await sleep(100);
  }
  return { base, pid: child.pid, stop: () => (child.kill('SIGTERM'), new Promise((r) => child.once('exit', r))) };
}

/** A signed-in browser over plain HTTP (cookie and CSRF token). */
async function signUp(base, username) {
  const csrfRes = await fetch(`${base}/api/csrf-token`);
  const cookies = new Map(csrfRes.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
  const { token } = await csrfRes.json();
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie() },
    body: JSON.stringify({ username, password: 'bench-live-password', isVisible: true }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0].split('=');
    cookies.set(k, v);
  }
  const { id } = await res.json();
  const post = async (url, body) => {
    const r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie() },
      body: JSON.stringify(body),
    });
    if (r.status !== 201) throw new Error(`${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  return { id, cookie, post };
}

/** Opens an event stream; `onEvent(type, data, at)` for each event. */
function openStream(base, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) onEvent(type, JSON.parse(data), at);
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const target = await openTarget({ databaseUrl: process.env.BENCH_DATABASE_URL, quick: true, root });
  const server = await startServer(target, await freePort());
  const requests = [];
  try {
    console.log(`live bench on ${target.label}: ${USERS} users, ${STREAMS} streams, ${MESSAGES} messages`);
    const idleMB = rssMB(server.pid);
    const tag = randomBytes(3).toString('hex');
    const people = [];
    for (let i = 0; i < USERS; i += 8) {
      people.push(
        ...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, j) => signUp(server.base, `live_${tag}_${i + j}`)))),
      );
    }
    // The first person is the one everybody writes to: messages to them are timed on their streams.
    const waiting = new Map(); // messageId -> resolve(at)
    const arrived = new Map(); // messageId -> at (first stream to have it)
    const onEvent = (type, data, at) => {
      if (type !== 'message' || arrived.has(data.messageId)) return;
      arrived.set(data.messageId, at);
      waiting.get(data.messageId)?.(at);
    };
    const opened = performance.now();
    for (let i = 0; i < STREAMS; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, STREAMS - i) }, (_, j) => {
          const person = people[Math.floor((i + j) / PER_USER)];
          return openStream(server.base, person.cookie(), person === people[0] ? onEvent : () => undefined).then((req) =>
            requests.push(req),
          );
        }),
      );
    }
    const openSeconds = (performance.now() - opened) / 1000;
    await sleep(2000);
    const withStreamsMB = rssMB(server.pid);

    // An item of the first person's, and messages to them from the others, one at a time.
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a5' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([png], { type: 'image/png' }), 'x.png');
    const owner = people[0];
    const csrf = await (await fetch(`${server.base}/api/csrf-token`, { headers: { cookie: owner.cookie() } })).json();
    const up = await fetch(`${server.base}/api/upload-image`, {
      method: 'POST',
      headers: { cookie: owner.cookie(), 'x-csrf-token': csrf.token },
      body: form,
    });
    if (up.status !== 201 && up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const item = await owner.post('/api/items', {
      title: 'Live bench lamp',
      description: 'A lamp to write about, for the live bench.',
      imageUrl: (await up.json()).imageUrl,
      latitude: 40.7128,
      longitude: -74.006,
      tags: ['bench'],
    });
    const latencies = [];
    for (let i = 0; i < MESSAGES; i++) {
      const sender = people[1 + (i % (people.length - 1))];
      const start = performance.now();
      const conversation = await sender.post(`/api/items/${item.id}/messages`, { body: `Message ${i}` });
      const messageId = conversation.messages.at(-1).id;
      const at =
        arrived.get(messageId) ?? (await Promise.race([new Promise((r) => waiting.set(messageId, r)), sleep(5000).then(() => NaN)]));
      latencies.push(at - start);
    }
    const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      database: target.kind,
      streams: STREAMS,
      users: USERS,
      openSeconds: Math.round(openSeconds * 10) / 10,
      rssMB: { idle: Math.round(idleMB), withStreams: Math.round(withStreamsMB), afterMessages: Math.round(rssMB(server.pid)) },
      messages: MESSAGES,
      lost: latencies.length - sorted.length,
      latencyMs: {
        p50: Math.round(percentile(sorted, 50)),
        p95: Math.round(percentile(sorted, 95)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted.at(-1)),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    const bars = [
      `RSS with ${STREAMS} streams: ${result.rssMB.withStreams} MB (bar 300 MB) ${result.rssMB.withStreams < 300 ? 'ok' : 'OVER'}`,
      `message-to-stream p99: ${result.latencyMs.p99} ms (bar 500 ms) ${result.latencyMs.p99 < 500 && result.lost === 0 ? 'ok' : 'OVER'}`,
    ];
    console.log(bars.join('\n'));
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    const file = path.join(root, 'bench', 'results', `${result.date.slice(0, 10)}-live-${target.kind}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written: ${path.relative(root, file)}`);
  } finally {
    for (const req of requests) req.destroy();
    await server.stop();
    await target.cleanup();
  }
}

await main();
