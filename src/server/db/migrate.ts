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
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    conn.release();
  }
}
