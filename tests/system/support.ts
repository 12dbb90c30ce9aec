// Helpers of the system suite: the built server as a child process, a browser stand-in over real
// HTTP, a TCP proxy that can cut the database away, and the server's memory as the kernel sees it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { createScratchDatabase, UNLIMITED_QUOTAS } from '../../src/server/test/harness.js';

export { createScratchDatabase };

/** The PostgreSQL server the system suite makes its databases on. */
export const PG_SERVER_URL =
  process.env.SYSTEM_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.SYSTEM_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Ports of the servers this suite starts: SYSTEM_PORT_BASE and the next few. */
export const PORT_BASE = Number(process.env.SYSTEM_PORT_BASE ?? 3700);
/** Length of the steady load: 15 s by default, 60 s with `npm run test:system -- --long`. */
export const LOAD_SECONDS = Number(process.env.SYSTEM_LOAD_SECONDS ?? 15);
/** How long the mail server is down in `mail-outage.test.ts`: 20 s by default, two minutes with `--long`. */
export const MAIL_OUTAGE_SECONDS = Number(process.env.SYSTEM_MAIL_OUTAGE_SECONDS ?? 20);
/** The items of the site `copy-to-postgres.test.ts` moves: 20,000 by default, 100,000 with `--long`. */
export const COPY_ITEMS = Number(process.env.SYSTEM_COPY_ITEMS ?? 20_000);

/** The production start path: `scripts/start.sh` runs `node dist/server/main.js` in its own place (same pid). */
const START = fileURLToPath(new URL('../../scripts/start.sh', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Everything it wrote so far (pino JSON lines), for assertions and failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace time; resolves when it is gone. */
  stop(): Promise<void>;
}

/**
 * Starts the built server (`npm run build:server`) as production does, through `scripts/start.sh`,
 * in production mode with limits high enough for load, and waits until /readyz says ready. The
 * script execs `node dist/server/main.js` with this test's node first on the PATH, so `pid` is the
 * server's own. `bare`: `node dist/server/main.js` itself, as a deploy that skips the script runs it.
 */
export async function startServer(port: number, env: Record<string, string>, { bare = false } = {}): Promise<ServerProcess> {
  // A server left over on the port would answer /readyz in this one's place.
  const taken = await new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
    probe.unref();
    setTimeout(() => probe.destroy(), 1000);
  });
  if (taken) throw new Error(`port ${port} is in use: set SYSTEM_PORT_BASE to a free range`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-system-'));
  let output = '';
  const child = spawn(bare ? process.execPath : '/bin/sh', [bare ? MAIN : START], {
    env: {
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      MESSAGE_RATE_LIMIT_MAX: '100000',
      ...UNLIMITED_QUOTAS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      // The server's log stays for a look after a failure.
      writeFileSync(path.join(os.tmpdir(), `share-system-${port}.log`), output);
      resolve(code ?? signal ?? -1);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const code = await Promise.race([exited, sleep(200).then(() => undefined)]);
    if (code !== undefined) throw new Error(`server exited with ${code} before it was ready:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not ready after 60 s:\n${output}`);
    }
  }
}

/** A browser over real HTTP: keeps cookies and sends the CSRF token on writes. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  csrfToken?: string;

  constructor(
    public base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown, base = this.base): Promise<Response> {
    const headers: Record<string, string> = { ...this.extraHeaders };
    if (method !== 'GET' && method !== 'HEAD') {
      if (!this.csrfToken && url !== '/api/csrf-token') await this.csrf(base);
      headers['x-csrf-token'] = this.csrfToken!;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async csrf(base = this.base): Promise<string> {
    const res = await this.request('GET', '/api/csrf-token', undefined, base);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`csrf token: ${res.status} ${text.slice(0, 500)}`);
    this.csrfToken = (JSON.parse(text) as { token: string }).token;
    return this.csrfToken;
  }

  get(url: string, base?: string) {
    return this.request('GET', url, undefined, base);
  }

  post(url: string, body?: unknown, base?: string) {
    return this.request('POST', url, body, base);
  }

  /** Registers (and so signs in) a new user. */
  async register(username: string, password = 'system-test-password'): Promise<{ id: number; username: string }> {
    const res = await this.post('/api/register', { username, password, isVisible: true });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number; username: string };
  }

  /** Uploads one image and posts an item with it; returns the item's id. */
  async postItem(image: Buffer, title: string): Promise<number> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
    if (!this.csrfToken) await this.csrf();
    const upload = await fetch(`${this.base}/api/upload-image`, {
      method: 'POST',
      headers: { ...this.extraHeaders, cookie: this.cookieHeader(), 'x-csrf-token': this.csrfToken! },
      body: form,
    });
    if (upload.status !== 200 && upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const res = await this.post('/api/items', {
      title,
      description: `${title}, in good condition, pick it up any evening`,
      imageUrl,
      latitude: 40.7128,
      longitude: -74.006,
      tags: ['system'],
    });
    if (res.status !== 201) throw new Error(`post item: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  }
}

/** The resident memory of a process in bytes, from /proc/<pid>/status (Linux). */
export function rssBytes(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** What a built command printed and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built command (`dist/server/<script>`: `cli/backup.js`, `db/migrate-cli.js`) as an operator
 * would, with only `env` (and PATH) in its environment.
 */
export function runCommand(script: string, args: string[], env: Record<string, string>): Promise<CommandRun> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(`../../dist/server/${script}`, import.meta.url)), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Rows of one query on a database, over a connection of its own (not through any proxy). */
export async function queryDirect<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A TCP proxy in front of PostgreSQL. `cut()` destroys every connection and drops new ones at once
 * (the database has gone away); `restore()` lets them through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** The same database URL, through this proxy. */
    urlFor(databaseUrl: string): string {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Host and port of a postgres:// URL. */
export function hostPort(databaseUrl: string): { host: string; port: number } {
  const u = new URL(databaseUrl);
  return { host: u.hostname, port: Number(u.port || 5432) };
}

interface LoadResponse {
  /** When the answer arrived (ms since the epoch) and how long it took. */
  at: number;
  ms: number;
  status: number;
  what: string;
  /** The `message` of a non-2xx JSON answer (undefined when the body was not such JSON). */
  message?: string;
}

export interface MixedLoad {
  result: autocannon.Result;
  responses: LoadResponse[];
  /** Contents of notes and messages the server acknowledged with a 2xx. */
  acknowledged: { notes: string[]; messages: string[] };
  /** Requests that got no answer (connection errors, timeouts): when, and why. */
  requestErrors: { at: number; message: string }[];
  /** When `until` stopped the load (its requests in flight then are cut by the load itself), if it did. */
  stoppedAt?: number;
}

/**
 * Mixed reads and writes of one signed-in user with autocannon: each connection cycles through the
 * item list, a new note, an item page, the people search and a message about another user's item.
 * Every answer is recorded with its time; every acknowledged write with its unique text.
 */
export function runMixedLoad(opts: {
  url: string;
  client: HttpClient;
  itemId: number;
  otherItemId: number;
  connections: number;
  seconds: number;
  tag: string;
  record?: boolean;
  /** Ends the load early (it runs `seconds` at most). */
  until?: Promise<unknown>;
}): Promise<MixedLoad> {
  const responses: LoadResponse[] = [];
  const acknowledged = { notes: [] as string[], messages: [] as string[] };
  let counter = 0;
  const headers = { cookie: opts.client.cookieHeader(), 'x-csrf-token': opts.client.csrfToken!, 'content-type': 'application/json' };
  type Context = { start?: number; text?: string };

  const step = (what: string, request: Partial<autocannon.Request>, onOk?: (text: string) => void): autocannon.Request => ({
    ...request,
    headers,
    setupRequest: (req, context) => {
      const ctx = context as Context;
      ctx.start = Date.now();
      if (onOk) {
        ctx.text = `${opts.tag} ${what} ${++counter}`;
        return { ...req, body: JSON.stringify(what === 'note' ? { content: ctx.text, visibility: 'private' } : { body: ctx.text }) };
      }
      return req;
    },
    onResponse: (status, body, context) => {
      const ctx = context as Context;
      const now = Date.now();
      if (status >= 200 && status < 300 && onOk && ctx.text) onOk(ctx.text);
      if (opts.record === false && status < 300) return;
      let message: string | undefined;
      if (status >= 300) {
        try {
          message = (JSON.parse(body) as { message?: string }).message;
        } catch {
          message = undefined;
        }
      }
      responses.push({ at: now, ms: now - (ctx.start ?? now), status, what, message });
    },
  });

  const requests = [
    step('list', { method: 'GET', path: '/api/items?page=1' }),
    step('note', { method: 'POST', path: '/api/notes' }, (text) => acknowledged.notes.push(text)),
    step('item', { method: 'GET', path: `/api/items/${opts.itemId}` }),
    step('search', { method: 'GET', path: '/api/search?query=sys' }),
    step('message', { method: 'POST', path: `/api/items/${opts.otherItemId}/messages` }, (text) => acknowledged.messages.push(text)),
    step('nearest', { method: 'GET', path: '/api/items?page=1&lat=40.71&lng=-74.0' }),
  ];
  const requestErrors: { at: number; message: string }[] = [];
  let stoppedAt: number | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: opts.url, connections: opts.connections, duration: opts.seconds, timeout: 10, requests },
      (err, result) => (err ? reject(err as Error) : resolve({ result, responses, acknowledged, requestErrors, stoppedAt })),
    );
    instance.on('reqError', (err: Error) => requestErrors.push({ at: Date.now(), message: String(err?.message ?? err) }));
    void opts.until?.then(() => {
      stoppedAt = Date.now();
      instance.stop();
    });
  });
}

/**
 * A database of its own and the built server on it, started before the file's tests and stopped
 * (database dropped) after them. `serverUrl(db)` says what the server connects to (a proxy, say).
 */
export function serverOnScratchDatabase(
  prefix: string,
  port: number,
  options: { env?: Record<string, string>; before?: (databaseUrl: string) => Promise<string>; after?: () => Promise<void> } = {},
) {
  const state = {} as { db: Awaited<ReturnType<typeof createScratchDatabase>>; server: ServerProcess };
  beforeAll(async () => {
    state.db = await createScratchDatabase(PG_SERVER_URL, prefix);
    const databaseUrl = options.before ? await options.before(state.db.url) : state.db.url;
    state.server = await startServer(port, { DATABASE_URL: databaseUrl, ...options.env });
  });
  afterAll(async () => {
    await state.server?.stop();
    await options.after?.();
    await state.db?.drop();
  });
  return state;
}

/** Two signed-in users with an item each: `user` will write about `otherItemId`, the owner's. */
export async function twoUsersWithItems(server: ServerProcess, tag: string) {
  const image = await imageOf('png');
  const owner = new HttpClient(server.url);
  await owner.register(`${tag}_owner_${Date.now() % 100000}`);
  const otherItemId = await owner.postItem(image, 'System chair');
  const user = new HttpClient(server.url);
  await user.register(`${tag}_user_${Date.now() % 100000}`);
  const itemId = await user.postItem(image, 'System table');
  return { owner, user, itemId, otherItemId };
}
