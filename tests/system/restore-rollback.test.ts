// Upgrade, roll back by restore, upgrade again, on PostgreSQL, as docs/operations.md (Upgrading)
// tells an operator: a newer release's migrations made a schema and objects this release does not
// know; `restore --force` of the backup taken before the upgrade must remove them all, or the next
// upgrade (or the restore's own migrations) meets them and fails.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { journal } from '../../src/server/backup/format.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../src/server/db/migrate.js';
import { createScratchDatabase, HttpClient, PG_SERVER_URL, PORT_BASE, queryDirect, runCommand, startServer } from './support.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'share-rollback-'));
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

/** This release's migrations and one of a "newer release": a schema of its own, a table and a function in public. */
function newerRelease(): string {
  const folder = path.join(dir, 'newer-migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const entries = journal();
  const tag = '9000_newer_release';
  writeFileSync(
    path.join(folder, `${tag}.sql`),
    [
      'CREATE SCHEMA future',
      'CREATE TABLE future.things (id serial PRIMARY KEY, name text NOT NULL)',
      'CREATE TABLE newer_things (id serial PRIMARY KEY)',
      "CREATE FUNCTION newer_function() RETURNS int LANGUAGE sql AS 'SELECT 1'",
    ].join(';--> statement-breakpoint\n'),
  );
  const entry = { idx: entries.length, version: '7', when: entries.at(-1)!.when + 1000, tag, breakpoints: true };
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [...entries, entry] }),
  );
  return folder;
}

async function upgrade(databaseUrl: string, folder: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateDatabase({ kind: 'postgres', pool }, folder);
  } finally {
    await pool.end();
  }
}

const schemas = async (url: string) =>
  (
    await queryDirect<{ nspname: string }>(
      url,
      `select nspname from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%' order by 1`,
    )
  ).map((r) => r.nspname);

it('restore --force of the backup taken before an upgrade removes what the newer release made; the site starts, and upgrades again', async () => {
  const db = await createScratchDatabase(PG_SERVER_URL, 'system_rollback');
  drop = db.drop;
  const env = { DATABASE_URL: db.url };

  // This release, with an account.
  const before = await startServer(PORT_BASE + 48, env);
  const name = `rollback_${Date.now() % 100000}`;
  await new HttpClient(before.url).register(name);
  await before.stop();
  const file = path.join(dir, 'before-upgrade.backup.gz');
  const backup = await runCommand('cli/backup.js', ['--out', file, '--quiet'], env);
  expect(backup.code, backup.stderr).toBe(0);
  const schemasBefore = await schemas(db.url);

  // The upgrade: the newer release's migrations.
  const newer = newerRelease();
  await upgrade(db.url, newer);
  expect(await schemas(db.url)).toContain('future');

  // The rollback: this release restores the backup over it.
  const restore = await runCommand('cli/restore.js', [file, '--force', '--quiet'], env);
  expect(restore.code, `${restore.stdout}${restore.stderr}`).toBe(0);
  expect(await schemas(db.url)).toEqual(schemasBefore);
  expect(await queryDirect(db.url, `select to_regclass('newer_things') as t, to_regprocedure('newer_function()') as f`)).toEqual([
    { t: null, f: null },
  ]);

  // This release starts on it and serves the account of before the upgrade.
  const after = await startServer(PORT_BASE + 48, env);
  try {
    expect((await new HttpClient(after.url).post('/api/login', { username: name, password: 'system-test-password' })).status).toBe(200);
  } finally {
    await after.stop();
  }

  // And the upgrade works again.
  await upgrade(db.url, newer);
  expect(await queryDirect(db.url, 'select count(*)::int as n from future.things')).toEqual([{ n: 0 }]);
});
