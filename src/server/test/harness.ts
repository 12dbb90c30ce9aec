import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { multipart } from './images.js';

/**
 * The server suite runs on an in-memory PGlite by default; with TEST_DATABASE_URL (any database on
 * a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres) each test app gets its own
 * freshly created database, dropped when the app closes.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A new database on the PostgreSQL server of `serverUrl`, empty or a copy of the database
 * `template`; `drop` removes it again.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The script in fakeClientDir's assets, written with its .br and .gz copies as the build does. */
export const FAKE_ASSET = { url: '/assets/app-abc123.js', text: `console.log(${JSON.stringify('test client '.repeat(200))});` };

/**
 * A client folder laid out like the build: a recognisable index.html, a hashed script with its
 * compressed copies, and the build manifest (an entry and a /browse page chunk); so page routes
 * can be tested without a build.
 */
export function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'client-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    // The description over three lines and the manifest link, as the build writes them.
    '<!doctype html><html lang="en"><head><meta\n      name="description"\n      content="Test description"\n    /><title>Test</title><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root">test client</div></body></html>',
  );
  const asset = path.join(dir, FAKE_ASSET.url);
  mkdirSync(path.dirname(asset), { recursive: true });
  writeFileSync(asset, FAKE_ASSET.text);
  writeFileSync(`${asset}.br`, brotliCompressSync(FAKE_ASSET.text));
  writeFileSync(`${asset}.gz`, gzipSync(FAKE_ASSET.text));
  // The service worker and the web app manifest (vite-plugin-pwa) sit beside index.html.
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'Test',
      start_url: '/browse',
      lang: 'en',
      description: 'Test',
      screenshots: [{ src: '/s.png', form_factor: 'narrow', label: 'Test' }],
    }),
  );
  mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: FAKE_ASSET.url.slice(1), isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-abc123.js' },
    '_page-only.js': { file: 'assets/page-only-abc123.js' },
    'pages/browse-page.tsx': { file: 'assets/browse-page-abc123.js', imports: ['index.html', '_shared.js', '_page-only.js'] },
    // The texts of the first render, one module per language (scripts/vite-locales.mjs).
    '../../virtual:catalogue/en/core': { file: 'assets/core-en-abc123.js', isDynamicEntry: true },
    '../../virtual:catalogue/es/core': { file: 'assets/core-es-abc123.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** Rate quotas no test meets by accident (a test of a quota sets its own value). */
export const UNLIMITED_QUOTAS = {
  UPLOAD_LIMIT_PER_HOUR: '1000000',
  UPLOAD_LIMIT_PER_DAY: '1000000',
  ITEM_LIMIT_PER_DAY: '1000000',
  NOTE_LIMIT_PER_DAY: '1000000',
  SUPPORT_LIMIT_PER_DAY: '1000000',
};

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The migrated PGlite that the test run's global setup made (src/server/test/global-setup.ts), read once a test file. */
let pgliteTemplate: Blob | undefined;
function migratedPglite(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * Builds the real app, exactly as main does, on a database of its own: a copy of a database that
 * has every migration applied (the app's start finds nothing to migrate), unless `overrides` names
 * a database.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  buildOptions: Omit<BuildOptions, 'database' | 'logger' | 'pgliteLoad'> = {},
): Promise<TestApp> {
  const ownDatabase = 'databaseUrl' in overrides || 'pgliteDir' in overrides;
  const scratch =
    serverUrl && !ownDatabase ? await createScratchDatabase(serverUrl, 'test', inject('postgresTemplate') || undefined) : undefined;
  // Uploads of each test app go to a folder of its own, removed on close.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-test-data-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_MAX: '1000',
      ACCOUNT_RATE_LIMIT_MAX: '1000',
      // Per-user quotas out of the way of suites about other things; the quota tests set their own.
      ...UNLIMITED_QUOTAS,
      DATA_DIR: dataDir,
      SMS_OUTBOX_FILE: path.join(dataDir, 'sms-outbox.jsonl'),
      ...env,
    }),
    databaseUrl: scratch?.url,
    pgliteDir: 'memory://',
    databasePoolSize: 4,
    ...overrides,
  };
  const app = await buildApp(config, { ...buildOptions, logger: false, pgliteLoad: ownDatabase ? undefined : migratedPglite() });
  return {
    app,
    config,
    async close() {
      await app.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser stand-in: keeps cookies, fetches and sends the CSRF token like the real client does. */
export class TestClient {
  cookies = new Map<string, string>();
  private csrfToken?: string;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  /** A copy of this browser (same cookies and CSRF token, here or at another address) whose cookie changes do not reach this one. */
  async fork(ip = this.ip): Promise<TestClient> {
    const token = await this.csrf();
    const copy = new TestClient(this.app, ip);
    copy.cookies = new Map(this.cookies);
    copy.csrfToken = token;
    return copy;
  }

  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const res = await this.request({ method: 'GET', url: '/api/csrf-token' });
      this.csrfToken = res.json<{ token: string }>().token;
    }
    return this.csrfToken;
  }

  /** Sends a request as this browser; writes carry the CSRF token unless `csrf: false`. */
  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...inject } = opts;
    const method = (inject.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string>) };
    if (csrf && method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] ??= await this.csrf();
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({ ...inject, headers, remoteAddress: this.ip });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown, extra: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
  }

  /** Uploads files as multipart (field `image` unless named otherwise). */
  upload(files: { field?: string; filename?: string; type?: string; data: Buffer }[]) {
    const { payload, headers } = multipart(
      files.map((f) => ({ field: f.field ?? 'image', filename: f.filename ?? 'photo.jpg', type: f.type ?? 'image/jpeg', data: f.data })),
    );
    return this.request({ method: 'POST', url: '/api/upload-image', payload, headers });
  }

  /** Signs in an existing user; returns the session user. */
  async login(username: string, password: string) {
    const res = await this.post('/api/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number; username: string; isAdmin: boolean }>();
  }

  /** Registers (and so signs in) a new user; returns the session user. */
  async register(username: string, password = 'secret-pw') {
    const res = await this.post('/api/register', { username, password, isVisible: true });
    if (res.statusCode !== 201) throw new Error(`register ${username}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number; username: string; isAdmin: boolean }>();
  }
}

/** A unique, valid username for a test. */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** The SMS the console sender wrote to the test app's outbox, oldest first. */
export function smsOutbox(t: TestApp): { to: string; body: string }[] {
  const file = t.config.sms.provider === 'console' ? t.config.sms.outboxFile : undefined;
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string });
}

/**
 * The 6-digit code of the last SMS to this number (waiting briefly: some are sent after the answer);
 * with `about` ('password reset', 'verification'), of the last SMS whose text has it.
 */
export async function lastCode(t: TestApp, phone: string, about = ''): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const message = smsOutbox(t)
      .filter((m) => m.to === phone && m.body.includes(about))
      .at(-1);
    const code = message?.body.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
