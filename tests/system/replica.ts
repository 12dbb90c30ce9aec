// A streaming replica of the test PostgreSQL server: pg_basebackup of it into a second cluster in a
// temporary folder, started on its own port as a hot standby (as the `postgres` user when the tests
// run as root: PostgreSQL refuses to run as root). Needs the server's own binaries on this machine
// (Debian: /usr/lib/postgresql/<major>/bin) and replication connections allowed from 127.0.0.1.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryDirect, sleep } from './support.js';

export interface StreamingReplica {
  /** `primaryDatabaseUrl` with the replica's host and port. */
  urlFor(primaryDatabaseUrl: string): string;
  /** Waits until the replica has replayed everything the primary had written when called. */
  catchUp(primaryUrl: string, ms?: number): Promise<void>;
  /** Fast shutdown (open connections are cut); resolves when it has exited. */
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
/** A command as the `postgres` user when this is root, as is otherwise. */
const asPostgres = (cmd: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

async function binDir(primaryUrl: string): Promise<string> {
  const [row] = await queryDirect<{ v: string }>(primaryUrl, "select current_setting('server_version_num') as v");
  const major = Math.floor(Number(row!.v) / 10000);
  const dir = process.env.PG_BINDIR ?? `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(path.join(dir, 'pg_basebackup')) || !existsSync(path.join(dir, 'postgres')))
    throw new Error(`the replica test needs PostgreSQL ${major}'s own binaries (pg_basebackup, postgres) in ${dir}: set PG_BINDIR`);
  return dir;
}

async function primaryLimits(primaryUrl: string): Promise<string[]> {
  const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
  const rows = await queryDirect<{ name: string; setting: string }>(
    primaryUrl,
    'select name, setting from pg_settings where name = any($1)',
    [names],
  );
  return rows.flatMap((r) => ['-c', `${r.name}=${r.setting}`]);
}

/**
 * Lets replication connections in from 127.0.0.1 when the server's pg_hba.conf has no such line
 * (Debian's has one for local sockets only): one `host replication all 127.0.0.1/32 trust` line,
 * then a reload. Only for a server on this machine whose file this process may write.
 */
async function allowReplication(primaryUrl: string): Promise<void> {
  const rules = await queryDirect<{ n: number }>(
    primaryUrl,
    `select count(*)::int as n from pg_hba_file_rules where type = 'host' and 'replication' = any(database) and (address is null or address in ('127.0.0.1', 'all', 'samehost'))`,
  );
  if (rules[0]!.n > 0) return;
  const [hba] = await queryDirect<{ hba_file: string }>(primaryUrl, 'show hba_file');
  const file = hba!.hba_file;
  if (!existsSync(file) || !isRoot())
    throw new Error(`replication connections from 127.0.0.1 are not allowed: add "host replication all 127.0.0.1/32 trust" to ${file}`);
  console.log(`Allowing replication connections from 127.0.0.1 in ${file} (for the replica test)`);
  appendFileSync(file, `\n# Added by ShareNearby's replica test (tests/system/replica.ts)\nhost replication all 127.0.0.1/32 trust\n`);
  await queryDirect(primaryUrl, 'select pg_reload_conf()');
}

/** pg_basebackup of the server of `primaryUrl` into a new cluster on `port`, started; `applyDelayMs` delays its replay (a replica behind). */
export async function startStreamingReplica(primaryUrl: string, port: number, { applyDelayMs = 0 } = {}): Promise<StreamingReplica> {
  const bin = await binDir(primaryUrl);
  await allowReplication(primaryUrl);
  const primary = new URL(primaryUrl);
  const root = mkdtempSync(path.join(os.tmpdir(), 'share-replica-'));
  const data = path.join(root, 'data');
  const owner = isRoot()
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : undefined;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const [cmd, args] = asPostgres(path.join(bin, 'pg_basebackup'), [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    decodeURIComponent(primary.username || 'postgres'),
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  const backup = spawnSync(cmd, args, { encoding: 'utf8' });
  if (backup.status !== 0) throw new Error(`pg_basebackup failed (${backup.status}): ${backup.stderr}`);
  // Debian keeps the configuration outside the data folder, so the copy has none: its own, minimal.
  for (const [name, text] of [
    ['postgresql.conf', "# the replica test's cluster: settings are on the command line\n"],
    ['pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n'],
    ['pg_ident.conf', ''],
  ] as const) {
    const file = path.join(data, name);
    if (existsSync(file)) continue;
    writeFileSync(file, text, { mode: 0o600 });
    if (owner) chownSync(file, owner.uid, owner.gid);
  }

  const [pcmd, pargs] = asPostgres(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${root}`,
    '-c',
    'hot_standby=on',
    '-c',
    'hot_standby_feedback=on',
    '-c',
    'fsync=off',
    // A hot standby needs at least the primary's connection and worker limits.
    ...(await primaryLimits(primaryUrl)),
    '-c',
    `recovery_min_apply_delay=${applyDelayMs}ms`,
  ]);
  let output = '';
  const child: ChildProcess = spawn(pcmd, pargs, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const urlFor = (databaseUrl: string) => {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const postmasterPid = () => {
    try {
      return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const pid = postmasterPid();
    // SIGINT: fast shutdown, sessions cut at once.
    if (pid) process.kill(pid, 'SIGINT');
    else child.kill('SIGINT');
    const killer = setTimeout(() => (pid ? process.kill(pid, 'SIGKILL') : child.kill('SIGKILL')), 20_000);
    await exited;
    clearTimeout(killer);
  };
  const replica: StreamingReplica = {
    urlFor,
    async catchUp(primaryUrlNow, ms = 20_000) {
      const [row] = await queryDirect<{ lsn: string }>(primaryUrlNow, 'select pg_current_wal_lsn()::text as lsn');
      const deadline = Date.now() + ms;
      for (;;) {
        const [r] = await queryDirect<{ ok: boolean }>(urlFor(primaryUrlNow), 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [
          row!.lsn,
        ]).catch(() => [{ ok: false }]);
        if (r?.ok) return;
        if (Date.now() > deadline) throw new Error(`the replica did not catch up within ${ms} ms:\n${output}`);
        await sleep(100);
      }
    },
    stop: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };

  // Ready: it accepts connections and is in recovery.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the replica exited with ${child.exitCode}:\n${output}`);
    const [row] = await queryDirect<{ r: boolean }>(urlFor(primaryUrl), 'select pg_is_in_recovery() as r').catch(() => [undefined]);
    if (row?.r) return replica;
    if (Date.now() > deadline) {
      await replica.stop();
      throw new Error(`the replica did not start within 60 s:\n${output}`);
    }
    await sleep(200);
  }
}
