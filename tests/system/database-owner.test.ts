// PostgreSQL with a database owner that is not a superuser, as hosted databases and most deploys
// have it: `earthdistance` is not a trusted extension, so a superuser creates the extensions once.
// The first start says exactly what to run (and docs/deploy.md says the same); after it has been
// run the site starts, and a forced restore keeps those extensions.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { HttpClient, PG_SERVER_URL, PORT_BASE, queryDirect, runCommand, startServer } from './support.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'share-owner-'));
const role = `owner_${process.pid}_${Date.now() % 100000}`;
const dbName = `${role}_db`;
const superuserUrl = (() => {
  const u = new URL(PG_SERVER_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const ownerUrl = (() => {
  const u = new URL(superuserUrl);
  u.username = role;
  u.password = '';
  return u.toString();
})();

afterAll(async () => {
  await queryDirect(PG_SERVER_URL, `drop database if exists ${dbName} with (force)`);
  await queryDirect(PG_SERVER_URL, `drop role if exists ${role}`);
  rmSync(dir, { recursive: true, force: true });
});

const extensionCount = async () =>
  (await queryDirect<{ n: number }>(superuserUrl, `select count(*)::int as n from pg_extension where extname <> 'plpgsql'`))[0]!.n;

it('the first start as a non-superuser owner says what a superuser runs; after that the site starts, backs up and restores', async () => {
  await queryDirect(PG_SERVER_URL, `create role ${role} login nosuperuser nocreatedb nocreaterole`);
  await queryDirect(PG_SERVER_URL, `create database ${dbName} owner ${role}`);
  const env = { DATABASE_URL: ownerUrl };

  const error = await startServer(PORT_BASE + 49, env).then(
    async (server) => {
      await server.stop();
      return 'it started';
    },
    (err: Error) => err.message,
  );
  expect(error).toMatch(/server exited with 1 before it was ready/);
  const failure = error
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; err: Record<string, unknown> })
    .find((line) => line.msg.startsWith('Could not start'));
  expect(failure, error).toBeDefined();
  expect(failure!.msg).toContain(`the database role ${role} may not create the extension earthdistance`);
  expect(failure!.msg).toContain(`A superuser must run this once in the database ${dbName}`);
  expect(failure!.err).toMatchObject({ cause: { code: '42501', message: 'permission denied to create extension "earthdistance"' } });
  const statements = failure!.msg.match(/CREATE EXTENSION IF NOT EXISTS \w+;/g);
  expect(statements).toEqual([
    'CREATE EXTENSION IF NOT EXISTS cube;',
    'CREATE EXTENSION IF NOT EXISTS earthdistance;',
    'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
  ]);
  const deploy = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
  for (const statement of statements!) expect(deploy).toContain(statement);

  // What the message says, run by a superuser.
  for (const statement of statements!) await queryDirect(superuserUrl, statement);
  const first = await startServer(PORT_BASE + 49, env);
  const name = `owned_${Date.now() % 100000}`;
  try {
    await new HttpClient(first.url).register(name);
  } finally {
    await first.stop();
  }

  // A forced restore by the owner empties the database but keeps the extensions it could not make.
  const file = path.join(dir, 'owned.backup.gz');
  const backup = await runCommand('cli/backup.js', ['--out', file, '--quiet'], env);
  expect(backup.code, backup.stderr).toBe(0);
  const restore = await runCommand('cli/restore.js', [file, '--force', '--quiet'], env);
  expect(restore.code, `${restore.stdout}${restore.stderr}`).toBe(0);
  expect(await extensionCount()).toBe(3);
  const again = await startServer(PORT_BASE + 49, env);
  try {
    expect((await new HttpClient(again.url).post('/api/login', { username: name, password: 'system-test-password' })).status).toBe(200);
  } finally {
    await again.stop();
  }
});
