// Start-up on PostgreSQL as a deploy meets it: any number of processes starting at the same instant
// on a fresh database all become ready (the start tasks that write run one process at a time), and
// a start that fails says PostgreSQL's own words in a JSON log line, never a statement's parameters.
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../../src/server/db/migrate.js';
import {
  createScratchDatabase,
  HttpClient,
  PG_SERVER_URL,
  PORT_BASE,
  queryDirect,
  type ServerProcess,
  sleep,
  startServer,
} from './support.js';

const ADMIN_PASSWORD = 'a-long-admin-password';
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The JSON lines of a process's output that parse as such. */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Starts four servers that all reach the migrations at the same instant: the test holds the
 * migration lock until every one of them waits for it (as they wait for the first one's migrations
 * on a fresh database), then lets go.
 */
async function startFourTogether(databaseUrl: string, env: Record<string, string>): Promise<PromiseSettledResult<ServerProcess>[]> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const starting = [0, 1, 2, 3].map((n) => startServer(PORT_BASE + 43 + n, { DATABASE_URL: databaseUrl, ...env }));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await queryDirect<{ n: number }>(
        databaseUrl,
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
        [MIGRATION_LOCK_KEY],
      );
      if (row!.n === 4) break;
      if (Date.now() > deadline) throw new Error(`only ${row!.n} of 4 servers reached the migrations in 60 s`);
      await sleep(100);
    }
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    return await Promise.allSettled(starting);
  } finally {
    await holder.end();
  }
}

it('four processes starting at the same instant all become ready, on a fresh database and on a migrated one, with one admin account each time', async () => {
  const db = await createScratchDatabase(PG_SERVER_URL, 'system_together');
  cleanups.push(() => db.drop());
  for (const admin of ['first_admin', 'second_admin']) {
    const started = await startFourTogether(db.url, { ADMIN_USERNAME: admin, ADMIN_PASSWORD });
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []))).toEqual([]);
      const admins = await queryDirect<{ username: string }>(db.url, 'select username from users where is_admin order by id');
      expect(admins.map((a) => a.username)).toEqual(admin === 'first_admin' ? ['first_admin'] : ['first_admin', 'second_admin']);
      for (const server of servers) {
        const res = await new HttpClient(server.url).post('/api/login', { username: admin, password: ADMIN_PASSWORD });
        expect(res.status).toBe(200);
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
});

it('a start refused by the database logs one JSON line with PostgreSQL’s message and code, and none of the statement’s values', async () => {
  // A database migrated by its owner, and a role for the app whose grants lack INSERT on users.
  const db = await createScratchDatabase(PG_SERVER_URL, 'system_start_fail');
  cleanups.push(() => db.drop());
  const owner = await startServer(PORT_BASE + 47, { DATABASE_URL: db.url });
  await owner.stop();
  const role = `app_${process.pid}_${Date.now() % 100000}`;
  const dbName = new URL(db.url).pathname.slice(1);
  await queryDirect(PG_SERVER_URL, `create role ${role} login`);
  cleanups.push(() => queryDirect(PG_SERVER_URL, `drop role if exists ${role}`));
  for (const statement of [
    `grant connect, create on database ${dbName} to ${role}`,
    `grant usage, create on schema drizzle to ${role}`,
    `grant usage on schema public, search to ${role}`,
    `grant select, insert, update, delete on all tables in schema public, search, drizzle to ${role}`,
    `grant usage, select on all sequences in schema public, search, drizzle to ${role}`,
    `revoke insert on users from ${role}`,
  ])
    await queryDirect(db.url, statement);
  cleanups.push(() => queryDirect(db.url, `drop owned by ${role}`));

  const url = new URL(db.url);
  url.username = role;
  const error = await startServer(PORT_BASE + 47, { DATABASE_URL: url.toString(), ADMIN_USERNAME: 'site_admin', ADMIN_PASSWORD }).then(
    async (server) => {
      await server.stop();
      return 'it started';
    },
    (err: Error) => err.message,
  );
  expect(error).toMatch(/server exited with 1 before it was ready/);
  const output = error.slice(error.indexOf('\n') + 1);
  const failure = jsonLines(output).find((line) => String(line.msg).startsWith('Could not start'));
  expect(failure, output).toBeDefined();
  expect(failure!.msg).toBe('Could not start: permission denied for table users');
  expect(failure!.err).toMatchObject({ message: 'permission denied for table users', code: '42501' });
  // Not the insert's parameters (the admin's argon2id hash), not its SQL text, anywhere in the output.
  expect(output).not.toContain('$argon2id');
  expect(output).not.toContain(ADMIN_PASSWORD);
  expect(output).not.toMatch(/params|insert into/i);
});
