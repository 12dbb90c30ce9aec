import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type FolderLock, lockFolder } from './folder-lock.js';
import { SESSION_OPTIONS } from './session.js';
import { type ListenHandlers, type Unlisten, listenPglite, listenPostgres } from './listen.js';
import { migrateDatabase } from './migrate.js';
import { openReplicas, type ReplicaEvents, type ReplicaSet } from './replicas.js';
import * as schema from './schema.js';

/** One type for both drivers: repositories are written once and run on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One statement on a connection of its own: its rows. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * `snapshot`: REPEATABLE READ READ ONLY, every read sees the database as it was at the first one
 * (backups). `write`: READ COMMITTED.
 */
type TransactionMode = 'snapshot' | 'write';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the migrations in drizzle/ (serialised between processes on PostgreSQL); another folder
   * of the same layout (a backup's migration level) when given.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * Runs `fn` in one transaction on a connection of its own, committed when it resolves and rolled
   * back when it throws. On PGlite (one connection) the app's other queries wait until it ends.
   */
  transaction<T>(mode: TransactionMode, fn: (query: Query) => Promise<T>): Promise<T>;
  /**
   * Takes the advisory lock `key` if nobody holds it (PostgreSQL: across every process on the
   * database; PGlite, one process: within it): its release, or null when it is held.
   */
  tryLock(key: number): Promise<(() => Promise<void>) | null>;
  /**
   * Waits for the advisory lock `key` and answers its release (PostgreSQL: across every process on
   * the database, held on a connection of its own; PGlite, one process: within it).
   */
  lock(key: number): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The connection pool's use (PostgreSQL): connections open, idle, queries waiting for one, the most allowed. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** LISTEN on a channel (PostgreSQL: one connection of its own, outside the pool, made anew when lost). */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** PostgreSQL with DATABASE_REPLICA_URL: the read replicas (db/replicas.ts). */
  replicas?: ReplicaSet;
  /** PostgreSQL: the primary's current WAL position (after a write: a replica that has replayed it has that write). */
  currentLsn?(): Promise<string>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite folder, or `memory://` for a throw-away in-memory database. */
  pgliteDir: string;
  /** PGlite: a data folder's dump (`dumpDataDir`) to start from instead of an empty database (tests: a migrated one). */
  pgliteLoad?: Blob;
  /**
   * The folder's lock when the caller holds it already (restore: from before it empties the folder
   * until it is done), left to the caller; otherwise opening takes it, and close lets it go.
   */
  folderLock?: FolderLock;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
  /** Read replicas of `databaseUrl` (PostgreSQL only), and what the app hears of them. */
  replicaUrls?: string[];
  replicaEvents?: ReplicaEvents;
}

/** The Db objects of embedded (PGlite) databases: see isEmbedded. */
const embedded = new WeakSet<Db>();

/** The extensions the migrations create, as PGlite ships them. */
export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };

/**
 * Whether a Db is the embedded PGlite, for the few queries written differently there (the typo
 * lookup of features/items/search/words.ts: PGlite's pg_trgm index scan breaks its backend now and then).
 */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      options: SESSION_OPTIONS,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => opts.onPoolError?.(err));
    // A client checked out of the pool (a transaction, the migration lock) has no error listener of
    // the pool's: a connection lost between two of its queries would be an uncaught 'error' event and
    // end the process. The query in flight fails on its own and the pool drops the dead client.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onPoolError?.(err));
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const noEvents: ReplicaEvents = { onDown() {}, onUp() {}, onFallback() {}, onRead() {} };
    const replicas = opts.replicaUrls?.length
      ? openReplicas(opts.replicaUrls, pool, opts.poolSize ?? 10, opts.replicaEvents ?? noEvents)
      : undefined;
    return {
      db,
      kind: 'postgres',
      replicas,
      async currentLsn() {
        const { rows } = await pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        return rows[0]!.lsn;
      },
      migrate: (folder) => migrateDatabase({ kind: 'postgres', pool }, folder),
      async transaction(mode, fn) {
        const conn = await pool.connect();
        try {
          await conn.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
          try {
            const result = await fn(async (text, params) => (await conn.query(text, params)).rows as Record<string, unknown>[]);
            await conn.query('commit');
            return result;
          } catch (err) {
            await conn.query('rollback').catch(() => undefined);
            throw err;
          }
        } finally {
          conn.release();
        }
      },
      async tryLock(key) {
        const conn = await pool.connect();
        try {
          const [row] = (await conn.query('select pg_try_advisory_lock($1) as locked', [key])).rows as { locked: boolean }[];
          if (!row?.locked) {
            conn.release();
            return null;
          }
        } catch (err) {
          conn.release();
          throw err;
        }
        return async () => {
          await conn.query('select pg_advisory_unlock($1)', [key]).finally(() => conn.release());
        };
      },
      async lock(key) {
        // Outside the pool: with a pool of one, the work done under the lock would find no connection.
        const conn = new pg.Client({ connectionString: opts.databaseUrl, options: SESSION_OPTIONS, connectionTimeoutMillis: 5000 });
        conn.on('error', (err) => opts.onPoolError?.(err));
        await conn.connect();
        try {
          await conn.query('select pg_advisory_lock($1)', [key]);
        } catch (err) {
          await conn.end().catch(() => undefined);
          throw err;
        }
        return async () => {
          // A lost connection has let the lock go already.
          await conn.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
          await conn.end().catch(() => undefined);
        };
      },
      ping: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolSize ?? 10 }),
      listen: (channel, handlers) => listenPostgres(opts.databaseUrl!, channel, handlers),
      async close() {
        await replicas?.close();
        await pool.end();
      },
    };
  }

  const heldLocks = new Set<number>();
  const lockQueues = new Map<number, Promise<void>>();
  const onDisk = !opts.pgliteDir.startsWith('memory://');
  // Held from before PGlite reads the folder until it has written it back: one process per folder.
  const ownLock = onDisk && !opts.folderLock ? lockFolder(opts.pgliteDir) : undefined;
  let client: PGlite;
  try {
    if (onDisk) mkdirSync(opts.pgliteDir, { recursive: true });
    client = await PGlite.create(opts.pgliteDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: opts.pgliteLoad });
  } catch (err) {
    ownLock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => migrateDatabase({ kind: 'pglite', client }, folder),
    transaction: (mode, fn) =>
      client.transaction(async (tx) => {
        if (mode === 'snapshot') await tx.query('set transaction isolation level repeatable read, read only');
        return fn(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows);
      }),
    tryLock(key) {
      if (heldLocks.has(key)) return Promise.resolve(null);
      heldLocks.add(key);
      return Promise.resolve(() => {
        heldLocks.delete(key);
        return Promise.resolve();
      });
    },
    lock(key) {
      const before = lockQueues.get(key) ?? Promise.resolve();
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      lockQueues.set(
        key,
        before.then(() => held),
      );
      return before.then(() => () => {
        letGo();
        return Promise.resolve();
      });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    async close() {
      try {
        await client.close();
      } finally {
        ownLock?.release();
      }
    },
  };
}

/** Rows of a raw SQL query, whichever driver answered it. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Either driver's result carries the rows as `rows`; drizzle types the result only as `unknown` here.
  const result = (await db.execute<Record<string, unknown>>(query)) as { rows: T[] };
  return result.rows;
}

/** PostgreSQL's SQLSTATE of an error from either driver, if it carries one. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** An ILIKE pattern for "contains": `%`, `_` and `\` in the text are literal characters. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
