// Read replicas (DATABASE_REPLICA_URL, docs/decisions/028-read-replicas.md). Public reads (lists,
// search, clusters, profiles, item pages) may go to a streaming replica; a person who has just
// written reads from a replica only once it has replayed their write (its WAL position, carried in
// a cookie), otherwise from the primary. A replica that does not answer is left out until it does,
// and a read it fails for want of a connection is answered by the primary instead.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';
import * as schema from './schema.js';
import { SESSION_OPTIONS } from './session.js';

/** How often each replica is asked how far it has replayed (also its health check). */
const REPLICA_POLL_MS = 250;

/** A WAL position ("16/B374D848") as a number, or undefined when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** SQLSTATEs after which a read is answered by the primary instead: the replica is gone, starting, full, or cancelled the read. */
const RETRY_ON_PRIMARY = new Set(['57P01', '57P02', '57P03', '53300', '40001']);

function replicaCannotAnswer(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  // No SQLSTATE: the connection itself failed (refused, reset, timed out).
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || RETRY_ON_PRIMARY.has(code);
}

interface Replica {
  /** For logs and metrics: host:port/database, no password. */
  name: string;
  pool: pg.Pool;
  db: Db;
  up: boolean;
  /** How far it has replayed the primary's WAL, at the last poll. */
  replayed: bigint;
  /** Counts it as down (told once) until a poll answers. */
  markDown(err: unknown): void;
}

export interface ReplicaEvents {
  onDown(name: string, err: unknown): void;
  onUp(name: string): void;
  /** A read of a replica answered by the primary instead. */
  onFallback(name: string): void;
  /** Where a read went. */
  onRead(target: 'replica' | 'primary'): void;
}

export interface ReplicaSet {
  /** A replica's Db that has replayed at least `minLsn` (any up one when undefined), else undefined. */
  pick(minLsn: bigint | undefined): Db | undefined;
  /** Each replica: up, and how far it had replayed at its last poll. */
  status(): { name: string; up: boolean; replayed: bigint }[];
  close(): Promise<void>;
}

const displayName = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/**
 * Opens a pool per replica URL and polls each. Queries of a replica's Db that fail for want of a
 * connection are sent to `primary` (the primary's pool) and the replica counts as down until its
 * next poll answers.
 */
export function openReplicas(urls: string[], primary: pg.Pool, poolSize: number, events: ReplicaEvents): ReplicaSet {
  const replicas: Replica[] = urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      options: SESSION_OPTIONS,
      max: poolSize,
      connectionTimeoutMillis: 1000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const replica = { name: displayName(url), pool, up: false, replayed: 0n } as Replica;
    replica.markDown = (err) => {
      if (replica.up) events.onDown(replica.name, err);
      replica.up = false;
    };
    // What drizzle calls on its client: query(config, values). A read the replica cannot answer goes to the primary.
    const client = {
      async query(config: unknown, values?: unknown[]) {
        if (replica.up) {
          try {
            return await (pool.query as (c: unknown, v?: unknown[]) => Promise<pg.QueryResult>)(config, values);
          } catch (err) {
            if (!replicaCannotAnswer(err)) throw err;
            replica.markDown(err);
            events.onFallback(replica.name);
          }
        }
        return (primary.query as (c: unknown, v?: unknown[]) => Promise<pg.QueryResult>)(config, values);
      },
    };
    replica.db = drizzle({ client: client as unknown as pg.Pool, schema });
    return replica;
  });

  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ lsn: string | null }>(
            // A server that is not in recovery (a primary named by mistake, or a promoted replica) is as far as it says it wrote.
            `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`,
          );
          replica.replayed = parseLsn(rows[0]?.lsn) ?? 0n;
          if (!replica.up) events.onUp(replica.name);
          replica.up = true;
        } catch (err) {
          replica.markDown(err);
        }
      }),
    );
    polling = false;
  };
  void poll();
  const timer = setInterval(() => void poll(), REPLICA_POLL_MS);
  timer.unref();

  let next = 0;
  return {
    pick(minLsn) {
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!;
        if (replica.up && (minLsn === undefined || replica.replayed >= minLsn)) {
          next = (next + i + 1) % replicas.length;
          events.onRead('replica');
          return replica.db;
        }
      }
      events.onRead('primary');
      return undefined;
    },
    status: () => replicas.map((r) => ({ name: r.name, up: r.up, replayed: r.replayed })),
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
}
