// `npm run restore -- FILE [--identity KEYFILE] [--force] [--quiet]`: brings a site back from a
// backup into an empty DATA_DIR (PGlite) or an empty PostgreSQL database (DATABASE_URL). An
// encrypted backup (age) needs its identity (--identity or BACKUP_IDENTITY_FILE), checked before
// anything else. The file is checked whole first; a non-empty target is refused without --force, a
// backup of a newer release always.
import { existsSync, readdirSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { serverAnswers, socketPath } from '../backup/channel.js';
import { backupKeys } from '../backup/encryption.js';
import { BackupError, Progress, readBackupLines } from '../backup/format.js';
import { loadBackup, verifyBackup } from '../backup/load.js';
import { databaseContents, emptyDatabase } from '../backup/target.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { type FolderLock, lockFolder } from '../db/folder-lock.js';
import { type CommandResult, commandConfig, failure } from './backup.js';

const USAGE = 'Usage: npm run restore -- FILE [--identity KEYFILE] [--force] [--quiet]';

const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** What the target already holds, in words, or null when it is empty; `images: false` looks at the database only. */
export async function targetContents(config: Config, { images: withImages = true } = {}): Promise<string | null> {
  const uploads = config.s3 || !withImages ? undefined : path.join(config.dataDir, 'uploads');
  const images = uploads && hasFiles(uploads) ? `images in ${uploads}` : null;
  if (!config.databaseUrl) {
    if (hasFiles(config.pgliteDir)) return `a database in ${config.pgliteDir}`;
    return images;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`cannot connect to DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return (await databaseContents(client)) ?? images;
  } finally {
    await client.end();
  }
}

/** Empties the target for --force: the PGlite folder and the uploads, or every schema of the app's in the database (backup/target.ts). */
async function emptyTarget(config: Config): Promise<void> {
  if (!config.s3) await rm(path.join(config.dataDir, 'uploads'), { recursive: true, force: true });
  if (!config.databaseUrl) {
    await rm(config.pgliteDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await emptyDatabase(client);
  } finally {
    await client.end();
  }
}

export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv, stderr?: NodeJS.WritableStream): Promise<CommandResult> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { force: { type: 'boolean' }, quiet: { type: 'boolean' }, identity: { type: 'string' } },
    });
  } catch (err) {
    return { code: 2, output: `restore: ${(err as Error).message}. ${USAGE}` };
  }
  if (args.positionals.length !== 1) return { code: 2, output: `restore: name one backup file. ${USAGE}` };
  const file = path.resolve(args.positionals[0]!);
  try {
    await access(file);
  } catch {
    return { code: 2, output: `restore: cannot read ${file}` };
  }
  const progressOut = args.values.quiet ? undefined : stderr;
  let folderLock: FolderLock | undefined;
  try {
    const config = commandConfig(env);
    const identityFile = args.values.identity ? path.resolve(args.values.identity) : config.backupIdentityFile;
    const keys = await backupKeys(file, identityFile);
    if (!config.databaseUrl && (await serverAnswers(socketPath(config.dataDir)))) {
      throw new BackupError(`a server is running on ${config.dataDir}: stop it before restoring into its DATA_DIR`);
    }
    // PGlite: the folder is this command's from before it is looked at until the restore is done.
    folderLock = config.databaseUrl ? undefined : lockFolder(config.pgliteDir);
    const contents = await targetContents(config);
    if (contents && !args.values.force) {
      throw new BackupError(`the target is not empty (${contents}); restore into an empty one, or add --force to replace what is there`);
    }
    progressOut?.write(`checking ${file}\n`);
    const { header, manifest } = await verifyBackup(readBackupLines(file, keys));
    if (contents) await emptyTarget(config);

    progressOut?.write('restoring\n');
    const progress = new Progress(progressOut);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, folderLock, poolSize: 2 });
    let skipped: string[];
    try {
      ({ skipped } = await loadBackup(database, readBackupLines(file, keys), {
        uploadsDir: config.s3 ? undefined : path.join(config.dataDir, 'uploads'),
        onLine: (line) => progress.line(line),
      }));
    } finally {
      await database.close();
    }
    progress.print(true);
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    const notes: string[] = [];
    if (header.storage.kind === 's3')
      notes.push(
        `Images were not in the backup: they stay in the bucket ${header.storage.bucket} (${header.storage.publicUrl}); set S3_BUCKET and S3_PUBLIC_URL to it.`,
      );
    if (header.storage.kind === 'local' && config.s3)
      notes.push(
        `The backup's ${manifest.images.count} images were not written: this configuration keeps images in the bucket ${config.s3.bucket}.`,
      );
    if (skipped.length) notes.push(`Left out tables no migration of this app makes: ${skipped.join(', ')}.`);
    if (manifest.missingImages.length)
      notes.push(`${manifest.missingImages.length} images were already missing when the backup was taken.`);
    const target = config.databaseUrl ? 'the database of DATABASE_URL' : config.pgliteDir;
    return {
      code: 0,
      output: [
        `Restored ${file} (app ${header.appVersion}, taken ${header.createdAt}, migration ${header.migration.tag}) into ${target}: ${rows.toLocaleString('en')} rows, ${manifest.images.count} images. Newer migrations, if any, were applied.`,
        ...notes,
      ].join('\n'),
    };
  } catch (err) {
    return failure('restore', err);
  } finally {
    folderLock?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, output } = await restoreCommand(process.argv.slice(2), process.env, process.stderr);
  (code === 0 ? console.log : console.error)(output);
  process.exit(code);
}
