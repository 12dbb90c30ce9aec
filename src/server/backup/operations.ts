// What the commands and the server do with backups: one at a time, to a file; scheduled backups
// with their rotation; the server's side of the local channel.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { type BackupRequest, serveBackups, socketPath } from './channel.js';
import { BACKUP_LOCK_KEY, type BackupOptions, type BackupSummary, takeBackup } from './dump.js';
import { BackupError, type LineSink, openBackupFile } from './format.js';

/** Runs `fn` holding the backup lock; another backup under way (any process) makes it throw. */
export async function withBackupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const release = await database.tryLock(BACKUP_LOCK_KEY);
  if (!release) throw new BackupError('another backup is under way; try again when it has finished');
  try {
    return await fn();
  } finally {
    await release();
  }
}

/** Where this configuration's images are, as takeBackup wants them. */
function imageSource(config: Config, withImages = true): Pick<BackupOptions, 'uploadsDir' | 's3'> {
  if (config.s3) return { s3: { bucket: config.s3.bucket, publicUrl: config.s3.publicUrl } };
  return withImages ? { uploadsDir: path.join(config.dataDir, 'uploads') } : {};
}

/** A whole backup into the file `out` (written beside it, renamed when complete; encrypted to BACKUP_ENCRYPTION_KEY), under the lock. */
export async function backupToFile(
  database: Database,
  config: Config,
  out: string,
  onLine?: (line: string, bytes: number) => void,
): Promise<BackupSummary & { bytes: number }> {
  return withBackupLock(database, async () => {
    const file = await openBackupFile(out, config.backupRecipients);
    try {
      const summary = await takeBackup({
        database,
        ...imageSource(config),
        sink: async (line) => {
          await file.write(line);
          onLine?.(line, file.bytes());
        },
      });
      await file.finish();
      return { ...summary, bytes: (await stat(out)).size };
    } catch (err) {
      await file.abort();
      throw err;
    }
  });
}

/** The name of a backup file: an encrypted one ends in .age. */
export const backupFileName = (name: string, recipients?: string[]) =>
  recipients?.length && !name.endsWith('.age') ? `${name}.age` : name;

/** A scheduled backup's name: encrypted ones (BACKUP_ENCRYPTION_KEY) end in .age; rotation counts both. */
const SCHEDULED_NAME = /^sharenearby-(\d{8}T\d{6}Z)\.backup\.gz(\.age)?$/;
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function scheduledFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => SCHEDULED_NAME.test(n)).sort();
}

const timeOf = (name: string) => {
  const t = SCHEDULED_NAME.exec(name)![1]!;
  return Date.parse(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}Z`);
};

/**
 * One scheduled backup if one is due (the newest in BACKUP_DIR is older than BACKUP_EVERY_HOURS),
 * under the lock that keeps every process to one at a time; then only the newest BACKUP_KEEP stay.
 */
export async function scheduledBackup(
  database: Database,
  config: Config,
  now = () => new Date(),
): Promise<{ outcome: 'written'; file: string; summary: BackupSummary } | { outcome: 'not-due' | 'busy' }> {
  const schedule = config.backup;
  if (!schedule) return { outcome: 'not-due' };
  const due = async () => {
    const newest = (await scheduledFiles(schedule.dir)).at(-1);
    return !newest || now().getTime() - timeOf(newest) >= schedule.everyHours * 3600_000 - 60_000;
  };
  if (!(await due())) return { outcome: 'not-due' };
  await mkdir(schedule.dir, { recursive: true, mode: 0o700 });
  const release = await database.tryLock(BACKUP_LOCK_KEY);
  if (!release) return { outcome: 'busy' };
  try {
    // Another process may have written one while this one waited.
    if (!(await due())) return { outcome: 'not-due' };
    const file = path.join(schedule.dir, backupFileName(`sharenearby-${stamp(now())}.backup.gz`, config.backupRecipients));
    const out = await openBackupFile(file, config.backupRecipients);
    let summary: BackupSummary;
    try {
      summary = await takeBackup({ database, ...imageSource(config), sink: out.write });
      await out.finish();
    } catch (err) {
      await out.abort();
      throw err;
    }
    const files = await scheduledFiles(schedule.dir);
    for (const old of files.slice(0, Math.max(0, files.length - schedule.keep))) await rm(path.join(schedule.dir, old), { force: true });
    return { outcome: 'written', file, summary };
  } finally {
    await release();
  }
}

/** How often a server looks whether a scheduled backup is due. */
const SCHEDULE_CHECK_MS = 10 * 60 * 1000;
const FIRST_CHECK_MS = 60 * 1000;

/**
 * The server's part: on PGlite, the local socket through which `npm run backup` gets a consistent
 * backup while it runs; with BACKUP_DIR, scheduled backups.
 */
export const backupPlugin = fp(
  async (app) => {
    const { config, database } = app;
    if (database.kind === 'pglite' && !config.pgliteDir.startsWith('memory://')) {
      const run = (request: BackupRequest, sink: LineSink) =>
        withBackupLock(database, async () => {
          // The command encrypts the file to these when its own environment names none (backup/channel.ts).
          if (request === 'backup' && config.backupRecipients) await sink(JSON.stringify({ encryptTo: config.backupRecipients }));
          await takeBackup({ database, ...imageSource(config, request === 'backup'), sink });
        });
      const stop = await serveBackups(socketPath(config.dataDir), run, app.log);
      if (stop) app.addHook('onClose', stop);
    }
    if (config.backup) {
      let running: Promise<unknown> | undefined;
      const check = () => {
        if (running) return;
        running = scheduledBackup(database, config)
          .then((result) => {
            if (result.outcome === 'written')
              app.log.info({ file: result.file, rows: result.summary.rows, images: result.summary.images }, 'scheduled backup written');
            if (result.outcome === 'written' && result.summary.missingImages.length)
              app.log.warn({ missing: result.summary.missingImages }, 'images gone before the backup copied them');
          })
          .catch((err: unknown) => app.log.error({ err }, 'scheduled backup failed'))
          .finally(() => (running = undefined));
      };
      const first = setTimeout(check, FIRST_CHECK_MS);
      const timer = setInterval(check, Math.min(SCHEDULE_CHECK_MS, config.backup.everyHours * 3600_000));
      first.unref();
      timer.unref();
      app.addHook('onClose', async () => {
        clearTimeout(first);
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'backups', dependencies: ['database'] },
);
