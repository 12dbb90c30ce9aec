// Where the bench's data lives: a PostgreSQL database (BENCH_DATABASE_URL) or a PGlite folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

async function onServer(serverUrl, sql) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * The quick mode always works in a database of its own, named uniquely and dropped afterwards, so
 * runs in parallel (CI, other people) never meet. A full run uses the URL's database, except the
 * maintenance database `postgres`, for which it uses (and keeps, for reuse) `share_bench`.
 */
export async function openTarget({ databaseUrl, quick, root }) {
  if (!databaseUrl) {
    const dataDir = quick ? mkdtempSync(path.join(os.tmpdir(), 'share-bench-')) : path.join(root, 'data', 'bench');
    return {
      kind: 'pglite',
      dataDir,
      pgliteDir: path.join(dataDir, 'pglite'),
      label: quick ? 'PGlite (temporary)' : `PGlite in ${dataDir}`,
      cleanup: async () => {
        if (quick) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = new URL(databaseUrl);
  let name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  let dropAfter = false;
  if (quick) {
    name = `bench_quick_${process.pid}_${randomBytes(4).toString('hex')}`;
    dropAfter = true;
  } else if (name === 'postgres') {
    name = 'share_bench';
  }
  const exists = await onServer(databaseUrl, { text: 'SELECT 1 FROM pg_database WHERE datname = $1', values: [name] });
  if (!exists.rowCount) await onServer(databaseUrl, `CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    label: `PostgreSQL database ${name}`,
    cleanup: async () => {
      if (dropAfter) await onServer(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
