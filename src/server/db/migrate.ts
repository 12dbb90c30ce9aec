import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

// src/server/db and dist/server/db are both three levels below the project root.
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

// Any fixed number: the key of the advisory lock that lets one process migrate at a time.
export const MIGRATION_LOCK_KEY = 727_001;

type Target = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

/** PostgreSQL's insufficient_privilege. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** A migration the database refused for want of a right, said with what to do; the database's error is the cause. */
class DatabaseSetupError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseSetupError';
  }
}

/** The extensions the migrations of `folder` create, in the order they do. */
function requiredExtensions(folder = MIGRATIONS_FOLDER): string[] {
  const { entries } = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const names: string[] = [];
  for (const { tag } of entries) {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    for (const [, name] of text.matchAll(/CREATE EXTENSION IF NOT EXISTS "?(\w+)"?/gi)) if (!names.includes(name!)) names.push(name!);
  }
  return names;
}

/** The error in `err`'s chain (Drizzle wraps the driver's) that carries PostgreSQL's SQLSTATE `code`. */
function withCode(err: unknown, code: string): Error | undefined {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === code) return e;
    e = e.cause;
  }
  return undefined;
}

/**
 * A database owner that is not a superuser may not create `earthdistance` (not a trusted
 * extension): the error says what a superuser runs once, as docs/deploy.md does.
 */
async function extensionRefused(conn: pg.PoolClient, err: unknown, folder: string): Promise<DatabaseSetupError | undefined> {
  const refused = withCode(err, INSUFFICIENT_PRIVILEGE);
  const extension = refused && /permission denied to create extension "([^"]+)"/.exec(refused.message)?.[1];
  if (!extension) return undefined;
  const { rows } = await conn
    .query<{ role: string; database: string }>('select current_user as role, current_database() as database')
    .catch(() => ({ rows: [{ role: '(this role)', database: '(this database)' }] }));
  const statements = requiredExtensions(folder).map((name) => `CREATE EXTENSION IF NOT EXISTS ${name};`);
  return new DatabaseSetupError(
    `the database role ${rows[0]!.role} may not create the extension ${extension} (only a superuser may). ` +
      `A superuser must run this once in the database ${rows[0]!.database}, then start again: ${statements.join(' ')} ` +
      '(docs/deploy.md, The database).',
    { cause: err },
  );
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so that app processes starting together do not race. */
export async function migrateDatabase(target: Target, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (target.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: target.client }), { migrationsFolder });
    return;
  }
  const conn = await target.pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: conn }), { migrationsFolder });
    } catch (err) {
      throw (await extensionRefused(conn, err, migrationsFolder)) ?? err;
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    conn.release();
  }
}
