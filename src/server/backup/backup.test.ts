// Backup and restore round trips: a site with users, items with photos, messages, notes and payment
// links, backed up while a writer keeps writing; restored into PGlite and into PostgreSQL; every
// table and every image compared with what the backup's snapshot saw.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Query } from '../db/client.js';
import { createScratchDatabase, createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { imageOf } from '../test/images.js';
import { takeBackup } from './dump.js';
import { openBackupFile, readBackupLines } from './format.js';
import { loadBackup, verifyBackup } from './load.js';

const inCi = Boolean(process.env.CI);
/** The PostgreSQL server of the cross-engine round trips: the suite's own, else the usual local one. */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const pgAnswers = await postgresAnswers(PG_URL);

/** Every row of every table as JSON text (times in UTC), sorted: two equal dumps are equal databases. */
export async function dumpTables(q: Query): Promise<Record<string, string[]>> {
  await q(`set local timezone = 'UTC'`);
  const out: Record<string, string[]> = {};
  for (const { tablename } of await q(`select tablename from pg_tables where schemaname = 'public' order by tablename`)) {
    // The map's per-cell sums of coordinates are refilled by the triggers as the items load, in
    // another order: equal to the last few bits of a float8.
    const from =
      tablename === 'item_map_cells'
        ? `(select level, x, y, count, round(sum_lat::numeric, 6) as sum_lat, round(sum_lng::numeric, 6) as sum_lng from item_map_cells)`
        : `"${tablename as string}"`;
    const rows = await q(`select row_to_json(t)::text as j from ${from} t`);
    out[tablename as string] = rows.map((r) => r.j as string).sort();
  }
  return out;
}

/** SHA-256 of every file in a folder, by name. */
export function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names.filter((n) => n.endsWith('.webp')).sort()) {
    out[name] = createHash('sha256')
      .update(readFileSync(path.join(dir, name)))
      .digest('hex');
  }
  return out;
}

/** A small site: three people, items with photos, a conversation, notes, payment links. */
export async function buildSite(t: TestApp) {
  const people: TestClient[] = [];
  for (const n of ['ana', 'ben', 'cy']) {
    const c = new TestClient(t.app);
    await c.register(uniqueName(n), 'round-trip-pw');
    people.push(c);
  }
  const itemIds: number[] = [];
  for (const [i, owner] of people.entries()) {
    for (const format of ['png', 'webp'] as const) {
      const upload = await owner.upload([
        { data: await imageOf(format, 200 + i * 10, 150), type: `image/${format}`, filename: `p.${format}` },
      ]);
      expect(upload.statusCode).toBeLessThan(300);
      const { imageUrl } = upload.json<{ imageUrl: string }>();
      const res = await owner.post('/api/items', {
        title: `Round trip ${format} ${i}`,
        description: `A thing to bring back, ${format}`,
        imageUrl,
        latitude: 40.7 + i / 100,
        longitude: -74 + i / 100,
        tags: ['Books', 'Free'],
      });
      expect(res.statusCode).toBe(201);
      itemIds.push(res.json<{ id: number }>().id);
    }
  }
  const [ana, ben, cy] = people as [TestClient, TestClient, TestClient];
  expect((await ben.post(`/api/items/${itemIds[0]}/messages`, { body: 'Is it still there?' })).statusCode).toBe(201);
  expect((await cy.post(`/api/items/${itemIds[1]}/messages`, { body: 'I would love it' })).statusCode).toBe(201);
  expect((await ana.post('/api/notes', { content: 'Public note for everyone', visibility: 'public' })).statusCode).toBe(201);
  expect((await ben.post('/api/notes', { content: 'A private note', visibility: 'private' })).statusCode).toBe(201);
  expect((await ana.post('/api/me/payment-ids', { vendorId: 1, paymentId: 'ana-pays' })).statusCode).toBe(201);
  expect((await cy.post('/api/me/payment-ids', { vendorId: 2, paymentId: 'cy-pays' })).statusCode).toBe(201);
  return { people, itemIds };
}

/**
 * Backs the site up to a file while `writer` keeps adding notes; answers the file and what the
 * snapshot saw (tables and image files), recorded inside the backup's own transaction.
 */
export async function backupUnderLoad(t: TestApp, writer: TestClient, dir: string) {
  const file = path.join(dir, 'site.backup.gz');
  const out = await openBackupFile(file);
  let stop = false;
  let written = 0;
  const writing = (async () => {
    while (!stop) {
      const res = await writer.post('/api/notes', { content: `written during the backup ${written}`, visibility: 'private' });
      if (res.statusCode === 201) written++;
    }
  })();
  // Let the writer get going before the snapshot.
  while (written < 3) await new Promise((r) => setTimeout(r, 5));
  let seen: { tables: Record<string, string[]>; images: Record<string, string> } | undefined;
  const uploadsDir = path.join(t.config.dataDir, 'uploads');
  await takeBackup({
    database: t.app.database,
    uploadsDir,
    sink: out.write,
    onSnapshot: async (q) => {
      seen = { tables: await dumpTables(q), images: filesOf(uploadsDir) };
    },
  });
  await out.finish();
  const before = written;
  while (written < before + 3) await new Promise((r) => setTimeout(r, 5));
  stop = true;
  await writing;
  return { file, seen: seen!, written };
}

async function restoredState(database: Database, uploadsDir: string) {
  // The word postings are derived, not carried: the restore fills them from the items (one per word of each).
  const [postings] = await database.transaction('snapshot', (q) =>
    q(`select (select count(*) from search.postings)::int as held,
              (select count(*) from items, unnest(search_doc))::int as words,
              (select count(*) from (select word, created_at, item_id from search.postings
                 except select u.lexeme, i.created_at, i.id from items i, unnest(i.search_doc) u) d)::int as stray`),
  );
  expect(postings).toMatchObject({ stray: 0 });
  expect(postings!.held).toBe(postings!.words);
  expect(postings!.held).toBeGreaterThan(0);
  // So are the words as written that the map's search reads (migration 0039): every one of the items'.
  const [raw] = await database.transaction('snapshot', (q) =>
    q(`select count(*)::int as missing from (
         select w from items, regexp_split_to_table(lower(title || ' ' || description), '[^[:alnum:]]+') as w where length(w) >= 3
         except select word from search.raw_words) d`),
  );
  expect(raw).toMatchObject({ missing: 0 });
  return { tables: await database.transaction('snapshot', dumpTables), images: filesOf(uploadsDir) };
}

describe(`backup and restore of a site on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let dir: string;
  let backup: Awaited<ReturnType<typeof backupUnderLoad>>;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'share-backup-test-'));
    await buildSite(t);
    const writer = new TestClient(t.app);
    await writer.register(uniqueName('writer'));
    backup = await backupUnderLoad(t, writer, dir);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the file checks whole and names what it holds', async () => {
    const { header, manifest } = await verifyBackup(readBackupLines(backup.file));
    expect(header).toMatchObject({ format: 'sharenearby-backup', source: t.app.database.kind, storage: { kind: 'local' } });
    expect(header.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.tables.items!.rows).toBe(6);
    expect(manifest.tables.messages!.rows).toBe(2);
    expect(manifest.tables.user_payment_ids!.rows).toBe(2);
    // Display size and thumbnail of each of the six photos.
    expect(manifest.images.count).toBe(12);
    expect(manifest.missingImages).toEqual([]);
    // The writer went on after the snapshot: the live site has notes the backup does not.
    const live = await t.app.database.transaction('snapshot', dumpTables);
    expect(live.notes!.length).toBeGreaterThan(backup.seen.tables.notes!.length);
  });

  it('restored into PGlite: every table and image as the snapshot saw them', async () => {
    const dataDir = mkdtempSync(path.join(dir, 'pglite-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await loadBackup(database, readBackupLines(backup.file), { uploadsDir: path.join(dataDir, 'uploads') });
      const state = await restoredState(database, path.join(dataDir, 'uploads'));
      expect(state.tables).toEqual(backup.seen.tables);
      expect(state.images).toEqual(backup.seen.images);
      // New rows continue after the restored ids.
      const [row] = await database.transaction('write', (q) =>
        q(`insert into payment_vendors (name) values ('After restore') returning id`),
      );
      const ids = backup.seen.tables.payment_vendors!.map((j) => (JSON.parse(j) as { id: number }).id);
      expect(row!.id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await database.close();
    }
  });

  describe.skipIf(!pgAnswers && !inCi)(`restored into PostgreSQL${pgAnswers ? '' : ' (skipped: no PostgreSQL answers)'}`, () => {
    it('every table and image as the snapshot saw them', async () => {
      const scratch = await createScratchDatabase(PG_URL, 'restore');
      const dataDir = mkdtempSync(path.join(dir, 'pg-'));
      const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '', poolSize: 2 });
      try {
        await loadBackup(database, readBackupLines(backup.file), { uploadsDir: path.join(dataDir, 'uploads') });
        const state = await restoredState(database, path.join(dataDir, 'uploads'));
        expect(state.tables).toEqual(backup.seen.tables);
        expect(state.images).toEqual(backup.seen.images);
      } finally {
        await database.close();
        await scratch.drop();
      }
    });
  });
});
