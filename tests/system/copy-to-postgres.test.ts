// Moving a PGlite site to PostgreSQL with `npm run db:copy-to-postgres`, and the backup of a running
// PGlite server restored into PostgreSQL and back, all as real processes: nothing lost, the same
// answers from the API before and after. 20,000 items per push (every batch size of the copy and
// the restore is crossed many times over), 100,000 with `npm run test:system -- --long`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_WORD, ensureSeeded, PASSWORD, RARE_WORD, SEARCH_TAG } from '../../bench/seed.mjs';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { hashPassword } from '../../src/server/features/auth/passwords.js';
import { COPY_ITEMS as ITEMS, createScratchDatabase, HttpClient, PG_SERVER_URL, PORT_BASE, queryDirect, startServer } from './support.js';

const USERS = 2_000;
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let dataDir: string;
const scratches: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];

/** Runs a built command (`dist/server/cli/NAME.js`) as an operator would; its exit code and output. */
function command(name: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, 'dist/server/cli', `${name}.js`), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr, seconds: (Date.now() - started) / 1000 };
}

/**
 * An answer as two engines give it for the same rows: a planner's estimated total is left out (the
 * statistics differ), distances rounded to the millimetre (PGlite's WebAssembly floating point
 * differs from native PostgreSQL's in the last digits).
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const estimate = (value as { totalIsEstimate?: boolean }).totalIsEstimate === true;
  for (const [key, v] of Object.entries(value)) {
    if (estimate && (key === 'total' || key === 'totalPages')) continue;
    out[key] = key === 'distance' && typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : comparable(v);
  }
  return out;
}

/** What a visitor sees: lists (newest, nearest, searched, tagged, a deep page), an item, a profile. */
async function answers(url: string): Promise<unknown[]> {
  const browser = new HttpClient(url);
  const paths = [
    '/api/items?page=1',
    '/api/items?page=40',
    '/api/items?page=1&lat=40.71&lng=-74.0',
    '/api/items?page=3&lat=34.05&lng=-118.24',
    `/api/items?page=1&query=${RARE_WORD}`,
    `/api/items?page=2&query=${COMMON_WORD}`,
    `/api/items?page=1&tag=${SEARCH_TAG}`,
    '/api/items/1',
    `/api/items/${ITEMS}`,
  ];
  const out: unknown[] = [];
  for (const p of paths) {
    const res = await browser.get(p);
    out.push({ path: p, status: res.status, body: comparable(await res.json()) });
  }
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'share-copy-'));
  dataDir = path.join(dir, 'data');
  mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { cube, earthdistance, pg_trgm } });
  await migrateDatabase({ kind: 'pglite', client });
  await ensureSeeded((sql, params) => client.query(sql, params), {
    seed: 17,
    items: ITEMS,
    users: USERS,
    passwordHash: await hashPassword(PASSWORD),
    log: () => undefined,
  });
  await client.close();
}, 300_000);

afterAll(async () => {
  for (const s of scratches) await s.drop();
  rmSync(dir, { recursive: true, force: true });
});

it(`copies a PGlite site of ${ITEMS.toLocaleString('en')} items into an empty PostgreSQL database: the same answers after`, async () => {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  const before = await startServer(PORT_BASE + 4, env);
  let expected: unknown[];
  try {
    expected = await answers(before.url);
  } finally {
    await before.stop();
  }

  const target = await createScratchDatabase(PG_SERVER_URL, 'system_copy');
  scratches.push(target);
  const copy = command('copy-to-postgres', ['--to', target.url], env);
  expect(copy.stderr).toMatch(/items [\d,]+ rows/);
  expect(copy.stdout).toContain(`DATABASE_URL=${target.url}`);
  expect(copy.code).toBe(0);
  console.log(`copy of ${ITEMS} items: ${copy.seconds.toFixed(1)} s`);
  const [counts] = await queryDirect<{ items: number; users: number }>(
    target.url,
    'select (select count(*) from items)::int as items, (select count(*) from users)::int as users',
  );
  expect(counts).toEqual({ items: ITEMS, users: USERS });
  // The indexes were built again, the sequences set past the largest ids.
  const [indexes] = await queryDirect<{ n: number }>(target.url, `select count(*)::int as n from pg_indexes where tablename = 'items'`);
  expect(indexes!.n).toBeGreaterThanOrEqual(10);
  const [next] = await queryDirect<{ id: number }>(target.url, `select nextval('items_id_seq')::int as id`);
  expect(next!.id).toBe(ITEMS + 1);

  // A second copy into the same database is refused.
  const again = command('copy-to-postgres', ['--to', target.url], env);
  expect(again.code).toBe(1);
  expect(again.stderr.trim()).toMatch(/^db:copy-to-postgres: the target is not empty/);

  const after = await startServer(PORT_BASE + 4, { ...env, DATABASE_URL: target.url });
  try {
    expect(await answers(after.url)).toEqual(expected);
  } finally {
    await after.stop();
  }
});

it('a backup of the running PGlite server restores into PostgreSQL, and that one back into PGlite, with the same answers', async () => {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  const server = await startServer(PORT_BASE + 4, env);
  const file = path.join(dir, 'running.backup.gz');
  let expected: unknown[];
  try {
    expected = await answers(server.url);
    const backup = command('backup', ['--out', file], env);
    expect(backup.stdout).toMatch(/from the running server/);
    expect(backup.code).toBe(0);
  } finally {
    await server.stop();
  }

  const target = await createScratchDatabase(PG_SERVER_URL, 'system_restore');
  scratches.push(target);
  const pgDataDir = path.join(dir, 'pg-data');
  const restore = command('restore', [file, '--quiet'], { DATA_DIR: pgDataDir, DATABASE_URL: target.url });
  console.log(`restore of ${ITEMS} items into PostgreSQL: ${restore.seconds} s`);
  expect(restore.stdout).toMatch(/^Restored /);
  expect(restore.code).toBe(0);
  const onPg = await startServer(PORT_BASE + 4, { DATA_DIR: pgDataDir, DATABASE_URL: target.url, SEED_DEMO: 'false' });
  const back = path.join(dir, 'from-postgres.backup.gz');
  try {
    expect(await answers(onPg.url)).toEqual(expected);
    expect(command('backup', ['--out', back, '--quiet'], { DATA_DIR: pgDataDir, DATABASE_URL: target.url }).code).toBe(0);
  } finally {
    await onPg.stop();
  }

  const pgliteAgain = path.join(dir, 'pglite-again');
  const again = command('restore', [back, '--quiet'], { DATA_DIR: pgliteAgain });
  console.log(`restore of ${ITEMS} items into PGlite: ${again.seconds} s`);
  expect(again.code).toBe(0);
  expect(readdirSync(pgliteAgain)).toContain('pglite');
  const last = await startServer(PORT_BASE + 4, { DATA_DIR: pgliteAgain, SEED_DEMO: 'false' });
  try {
    expect(await answers(last.url)).toEqual(expected);
  } finally {
    await last.stop();
  }
  // Three servers, a backup and two restores of 100,000 items: each restore refills the typo
  // vocabulary and the map's cell counts through their triggers (migrations 0025, 0029), so it
  // takes minutes on a two-core machine.
}, 420_000);
