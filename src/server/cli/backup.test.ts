// The commands as an operator meets them: npm run backup / restore (DATA_DIR, DATABASE_URL), their
// refusals in one line, a running PGlite server taking the backup, and scheduled backups.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journal } from '../backup/format.js';
import { scheduledBackup } from '../backup/operations.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { MIGRATIONS_FOLDER } from '../db/migrate.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { imageOf } from '../test/images.js';
import { backupCommand } from './backup.js';
import { restoreCommand } from './restore.js';

let dir: string;
let site: TestApp;
let siteDir: string;
let username: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'share-backup-cli-'));
  siteDir = path.join(dir, 'site');
  // A running server on a real PGlite folder, as `npm start` has it.
  site = await createTestApp({ DATA_DIR: siteDir }, { pgliteDir: path.join(siteDir, 'pglite'), dataDir: siteDir, databaseUrl: undefined });
  const owner = new TestClient(site.app);
  username = uniqueName('owner');
  await owner.register(username, 'cli-round-trip');
  const { imageUrl } = (await owner.upload([{ data: await imageOf('png'), type: 'image/png', filename: 'p.png' }])).json<{
    imageUrl: string;
  }>();
  expect(
    (
      await owner.post('/api/items', {
        title: 'Restored lamp',
        description: 'Works fine',
        imageUrl,
        latitude: 40.7,
        longitude: -74,
        tags: ['Books'],
      })
    ).statusCode,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (dataDir: string, extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, NODE_ENV: 'test', ...extra });

describe('npm run backup', { timeout: 120_000 }, () => {
  it('without --out says what is missing, in one line', async () => {
    const res = await backupCommand([], env(siteDir));
    expect(res).toEqual({ code: 2, output: expect.stringMatching(/^backup: --out FILE is required/) as string });
    expect((await backupCommand(['--bogus'], env(siteDir))).output).toMatch(/^backup: Unknown option '--bogus'/);
  });

  it('refuses to overwrite a file, or to write into a missing folder', async () => {
    const existing = path.join(dir, 'exists.gz');
    writeFileSync(existing, 'x');
    expect((await backupCommand(['--out', existing], env(siteDir))).output).toMatch(/already exists/);
    expect((await backupCommand(['--out', path.join(dir, 'no', 'such', 'f.gz')], env(siteDir))).output).toMatch(/does not exist/);
  });

  it('asks the running PGlite server for the backup, and restore refuses its DATA_DIR while it runs', async () => {
    const out = path.join(dir, 'from-server.backup.gz');
    const res = await backupCommand(['--out', out, '--quiet'], env(siteDir));
    expect(res.output).toMatch(/from the running server\): \d+ rows, 2 images\./);
    expect(res.code).toBe(0);
    const refused = await restoreCommand([out, '--force'], env(siteDir));
    expect(refused).toEqual({ code: 1, output: expect.stringMatching(/^restore: a server is running on .*stop it/) as string });
  });

  it('restores into an empty DATA_DIR; refuses a non-empty one without --force; replaces it with --force', async () => {
    const out = path.join(dir, 'site2.backup.gz');
    expect((await backupCommand(['--out', out, '--quiet'], env(siteDir))).code).toBe(0);
    const target = path.join(dir, 'restored');
    const first = await restoreCommand([out, '--quiet'], env(target));
    expect(first.output).toMatch(/^Restored .* \d+ rows, 2 images/);
    expect(first.code).toBe(0);
    expect(readdirSync(path.join(target, 'uploads')).sort()).toEqual(readdirSync(path.join(siteDir, 'uploads')).sort());

    const again = await restoreCommand([out], env(target));
    expect(again).toEqual({
      code: 1,
      output: expect.stringMatching(/^restore: the target is not empty \(a database in .*--force/) as string,
    });
    expect((await restoreCommand([out, '--force', '--quiet'], env(target))).code).toBe(0);

    // The restored site serves the restored account and item with its photo.
    const restored = await createTestApp(
      { DATA_DIR: target },
      { pgliteDir: path.join(target, 'pglite'), dataDir: target, databaseUrl: undefined },
    );
    try {
      const browser = new TestClient(restored.app);
      await browser.login(username, 'cli-round-trip');
      const list = (await browser.get('/api/items?page=1')).json<{ items: { title: string; imageUrl: string }[] }>();
      const item = list.items.find((i) => i.title === 'Restored lamp')!;
      const image = await browser.get(item.imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(readFileSync(path.join(siteDir, 'uploads', path.basename(item.imageUrl))))).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('refuses an unreadable file, a damaged one and one whose checksum does not match, in one line each', async () => {
    const out = path.join(dir, 'site3.backup.gz');
    expect((await backupCommand(['--out', out, '--quiet'], env(siteDir))).code).toBe(0);
    expect(await restoreCommand([path.join(dir, 'missing.gz')], env(path.join(dir, 'r1')))).toEqual({
      code: 2,
      output: expect.stringMatching(/^restore: cannot read /) as string,
    });
    expect((await restoreCommand([], env(path.join(dir, 'r1')))).output).toMatch(/^restore: name one backup file/);

    const truncated = path.join(dir, 'truncated.gz');
    const bytes = readFileSync(out);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((await restoreCommand([truncated], env(path.join(dir, 'r2')))).output).toMatch(/^restore: .*(damaged|incomplete)/);

    // One letter of one row changed, the file otherwise whole.
    const text = gunzipSync(bytes).toString('utf8');
    const tampered = path.join(dir, 'tampered.gz');
    writeFileSync(tampered, gzipSync(text.replace('Restored lamp', 'Restored lamq')));
    const res = await restoreCommand([tampered], env(path.join(dir, 'r3')));
    expect(res).toEqual({
      code: 1,
      output: 'restore: the backup is damaged: table items does not match its checksum (1 rows read, 1 written)',
    });
    expect(existsSync(path.join(dir, 'r3', 'pglite'))).toBe(false);

    const notBackup = path.join(dir, 'plain.gz');
    writeFileSync(notBackup, gzipSync('hello\n'));
    expect((await restoreCommand([notBackup], env(path.join(dir, 'r4')))).output).toBe('restore: not a ShareNearby backup (no header)');
  });

  it('refuses a backup from a newer migration level; applies newer migrations to an older one', async () => {
    const out = path.join(dir, 'site4.backup.gz');
    expect((await backupCommand(['--out', out, '--quiet'], env(siteDir))).code).toBe(0);
    const lines = gunzipSync(readFileSync(out)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migration: { level: number; tag: string | null; when: number } };
    header.migration = { level: header.migration.level + 1, tag: null, when: Date.now() };
    const newer = path.join(dir, 'newer.gz');
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    expect((await restoreCommand([newer], env(path.join(dir, 'r5')))).output).toMatch(
      /^restore: the backup is at migration level \d+ \(unknown to this release\), newer than this app's \d+/,
    );

    // A site of the release before the last migration: a PGlite folder migrated one step short.
    const entries = journal();
    const oldDir = path.join(dir, 'old-site');
    const folder = path.join(dir, 'old-migrations');
    mkdirSync(path.join(folder, 'meta'), { recursive: true });
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: entries.slice(0, -1) }),
    );
    const old = await openDatabase({ pgliteDir: path.join(oldDir, 'pglite') });
    await old.migrate(folder);
    await old.transaction('write', (q) => q(`insert into users (username, password) values ('from_the_old_release', 'x')`));
    await old.close();
    const oldBackup = path.join(dir, 'old.backup.gz');
    expect((await backupCommand(['--out', oldBackup, '--quiet'], env(oldDir))).output).toMatch(/from .*old-site.pglite\)/);

    const target = path.join(dir, 'r6');
    const res = await restoreCommand([oldBackup, '--quiet'], env(target));
    expect(res.output).toContain(`migration ${entries.at(-2)!.tag}`);
    expect(res.code).toBe(0);
    const restored = await openDatabase({ pgliteDir: path.join(target, 'pglite') });
    try {
      const rows = await restored.transaction('snapshot', (q) => q(`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(rows[0]!.n).toBe(entries.length);
      const users = await restored.transaction('snapshot', (q) => q(`select username from users`));
      expect(users).toEqual([{ username: 'from_the_old_release' }]);
    } finally {
      await restored.close();
    }
  });
});

describe('scheduled backups (BACKUP_DIR)', { timeout: 120_000 }, () => {
  it('one at a time whatever the callers, only when due, the newest BACKUP_KEEP kept', async () => {
    const backupDir = path.join(dir, 'scheduled');
    mkdirSync(backupDir);
    // Three old ones and a file of someone else's.
    for (const day of ['01', '02', '03']) writeFileSync(path.join(backupDir, `sharenearby-202601${day}T000000Z.backup.gz`), 'old');
    writeFileSync(path.join(backupDir, 'notes.txt'), 'keep me');
    const config = { ...site.config, backup: loadConfig({ BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2' }).backup };
    const [a, b] = await Promise.all([scheduledBackup(site.app.database, config), scheduledBackup(site.app.database, config)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['busy', 'written']);
    expect((await scheduledBackup(site.app.database, config)).outcome).toBe('not-due');
    const names = readdirSync(backupDir).sort();
    expect(names).toHaveLength(3);
    expect(names).toContain('notes.txt');
    expect(names).toContain('sharenearby-20260103T000000Z.backup.gz');
    const tomorrow = () => new Date(Date.now() + 25 * 3600_000);
    expect((await scheduledBackup(site.app.database, config, tomorrow)).outcome).toBe('written');
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.gz'))).toHaveLength(2);
  });
});
