// The PGlite folder's lock on its own: who holds it, and which records are stepped over (a process
// that is gone, a pid that another program got since). tests/system/pglite-folder.test.ts has it
// between real server processes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FolderLockedError, lockFolder } from './folder-lock.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'share-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record = (folder: string, n: number, holder: object) => writeFileSync(path.join(`${folder}.lock`, String(n)), JSON.stringify(holder));

it('is held by one opener at a time, in this process too, and taken again once let go', () => {
  const folder = path.join(dir, 'a');
  const lock = lockFolder(folder);
  expect(() => lockFolder(folder)).toThrow(FolderLockedError);
  expect(() => lockFolder(folder)).toThrow(`The database folder ${folder} is in use by another process (pid ${process.pid}`);
  lock.release();
  lock.release();
  const again = lockFolder(folder);
  // One record: the older one is cleared away once a newer one holds.
  expect(readdirSync(`${folder}.lock`)).toEqual(['2']);
  again.release();
  expect(JSON.parse(readFileSync(path.join(`${folder}.lock`, '2'), 'utf8'))).toMatchObject({ pid: process.pid, released: true });
});

it('steps over the record of a process that is gone, and refuses one that lives', () => {
  const folder = path.join(dir, 'b');
  lockFolder(folder).release();
  const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
  record(folder, 5, { pid: gone, command: 'node dist/server/main.js', since: '2026-12-01T00:00:00Z' });
  const lock = lockFolder(folder);
  expect(readdirSync(`${folder}.lock`)).toEqual(['6']);
  lock.release();

  const living = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    record(folder, 7, { pid: living.pid, command: 'node dist/server/main.js', since: '2026-12-01T00:00:00Z' });
    expect(() => lockFolder(folder)).toThrow(`(pid ${living.pid}: node dist/server/main.js, since 2026-12-01T00:00:00Z)`);
  } finally {
    living.kill();
  }
});

it.runIf(process.platform === 'linux')('steps over a record whose pid lives but belongs to a process started later (a reused pid)', () => {
  const folder = path.join(dir, 'c');
  lockFolder(folder).release();
  // This test's own parent lives; a record naming it with another start time was written by an earlier process of that pid.
  record(folder, 3, { pid: process.ppid, started: 'another-boot:1', command: 'node dist/server/main.js', since: '2026-12-01T00:00:00Z' });
  const lock = lockFolder(folder);
  expect(readdirSync(`${folder}.lock`)).toEqual(['4']);
  lock.release();
});
