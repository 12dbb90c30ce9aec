// One PGlite folder, one process: each process holds the database in its own memory, so a second
// one writing into the folder damages it. While a live process holds the folder, a second server
// and every command that opens it refuse, naming it; `npm run backup` still reaches the running
// server through its socket; a folder whose process was killed opens again by itself.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { HttpClient, PORT_BASE, runCommand, type ServerProcess, startServer } from './support.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-folder-'));
const folder = path.join(dataDir, 'pglite');
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

const refusal = (pid: number) => `The database folder ${folder} is in use by another process (pid ${pid}`;

it('a second server and a command that writes refuse a folder a live server holds; the first serves on, backs up through its socket, and after kill -9 the folder opens again', async () => {
  const first = await startServer(PORT_BASE + 40, { DATA_DIR: dataDir });
  servers.push(first);
  const owner = new HttpClient(first.url);
  const name = `folder_${Date.now() % 100000}`;
  await owner.register(name);

  const second = await startServer(PORT_BASE + 41, { DATA_DIR: dataDir }).then(
    (server) => {
      servers.push(server);
      return 'it started';
    },
    (err: Error) => err.message,
  );
  expect(second).toMatch(/server exited with 1 before it was ready/);
  expect(second).toContain(refusal(first.pid));
  expect(second).toContain('stop that process first');

  // Commands that write into the folder refuse it the same way, and exit non-zero.
  const admin = await runCommand('cli/create-admin.js', ['--username', 'second_admin', '--password', 'a-long-admin-password'], {
    DATA_DIR: dataDir,
  });
  expect(admin.code, admin.stderr).toBe(1);
  expect(admin.stderr).toContain(refusal(first.pid));
  const migrate = await runCommand('db/migrate-cli.js', [], { DATA_DIR: dataDir });
  expect(migrate.code, migrate.stderr).toBe(1);
  expect(migrate.stderr).toContain(refusal(first.pid));

  // The first server still serves the signed-in user, and nobody else wrote into its folder.
  expect((await owner.get('/api/user')).status).toBe(200);
  expect((await new HttpClient(first.url).post('/api/login', { username: 'second_admin', password: 'a-long-admin-password' })).status).toBe(
    401,
  );

  // The running server's own backup route: npm run backup through the socket in DATA_DIR.
  const out = path.join(dataDir, 'live.backup.gz');
  const backup = await runCommand('cli/backup.js', ['--out', out, '--quiet'], { DATA_DIR: dataDir });
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain('from the running server');
  expect(existsSync(out)).toBe(true);

  // A crash leaves the lock behind; the next server finds its holder gone and takes the folder.
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const third = await startServer(PORT_BASE + 42, { DATA_DIR: dataDir });
  servers.push(third);
  expect((await new HttpClient(third.url).post('/api/login', { username: name, password: 'system-test-password' })).status).toBe(200);
  // And while it runs, it holds the folder in turn.
  const fourth = await runCommand('db/migrate-cli.js', [], { DATA_DIR: dataDir });
  expect(fourth.code).toBe(1);
  expect(fourth.stderr).toContain(refusal(third.pid));
});
