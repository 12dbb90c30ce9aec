// `npm run backup -- --out FILE [--quiet]`: one file with everything needed to bring the site back
// (docs/operations.md), encrypted to BACKUP_ENCRYPTION_KEY when set (FILE.age). On PGlite a running server takes it (the local socket in DATA_DIR); with no
// server running, or on PostgreSQL, this process reads the database itself.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { requestBackup, socketPath } from '../backup/channel.js';
import { BackupError, type BackupFileWriter, openBackupFile, Progress } from '../backup/format.js';
import { backupFileName, backupToFile } from '../backup/operations.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { FolderLockedError } from '../db/folder-lock.js';

export interface CommandResult {
  code: number;
  output: string;
}

/**
 * Reads the configuration as a command needs it: where the data is. The server's own start rules
 * (ADMIN_*, production's PUBLIC_URL) are the server's business.
 */
export function commandConfig(env: NodeJS.ProcessEnv): Config {
  return loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, NODE_ENV: undefined, SEED_DEMO: undefined });
}

/** What a command prints for a failure: the message alone for the ones an operator can act on. */
export function failure(command: string, err: unknown): CommandResult {
  if (err instanceof BackupError || err instanceof FolderLockedError) return { code: 1, output: `${command}: ${err.message}` };
  if (err instanceof ConfigError) return { code: 2, output: err.message };
  return { code: 1, output: `${command} failed: ${(err as Error).message ?? String(err)}` };
}

const encryptedTo = (recipients?: string[]) =>
  recipients?.length ? `, encrypted to ${recipients.length === 1 ? 'one key' : `${recipients.length} keys`}` : '';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv, stderr?: NodeJS.WritableStream): Promise<CommandResult> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { out: { type: 'string' }, quiet: { type: 'boolean' } } }).values;
  } catch (err) {
    return { code: 2, output: `backup: ${(err as Error).message}. Usage: npm run backup -- --out FILE [--quiet]` };
  }
  if (!args.out)
    return { code: 2, output: 'backup: --out FILE is required (where to write the backup). Usage: npm run backup -- --out FILE [--quiet]' };
  const progressOut = args.quiet ? undefined : stderr;
  try {
    const config = commandConfig(env);
    // Encrypted to BACKUP_ENCRYPTION_KEY, the file's name ends in .age.
    let out = backupFileName(path.resolve(args.out), config.backupRecipients);
    if (existsSync(out)) return { code: 2, output: `backup: ${out} already exists; choose a new name or remove it` };
    if (!existsSync(path.dirname(out))) return { code: 2, output: `backup: the folder ${path.dirname(out)} does not exist` };
    let summary: { rows: number; images: number; missingImages: string[]; bytes: number; via: string };
    let recipients = config.backupRecipients;
    if (!config.databaseUrl) {
      // A running server holds PGlite: ask it; else open the folder here. The file is opened at the
      // first line, once the server has said what it encrypts to.
      let file: BackupFileWriter | undefined;
      const progress = new Progress(progressOut, () => file?.bytes() ?? 0);
      let rows = 0;
      let images = 0;
      let missing: string[] = [];
      let served: boolean;
      try {
        served = await requestBackup(
          socketPath(config.dataDir),
          'backup',
          async (line) => {
            if (!file) {
              out = backupFileName(out, recipients);
              if (existsSync(out)) throw new BackupError(`${out} already exists; choose a new name or remove it`);
              file = await openBackupFile(out, recipients);
            }
            progress.line(line);
            if (line.startsWith('[')) rows++;
            else if (line.startsWith('{"image":')) images++;
            else if (line.startsWith('{"manifest":'))
              missing = (JSON.parse(line) as { manifest: { missingImages: string[] } }).manifest.missingImages;
            await file.write(line);
          },
          (serverRecipients) => (recipients ??= serverRecipients),
        );
        if (served) await file?.finish();
      } catch (err) {
        await file?.abort();
        throw err;
      }
      if (served) {
        progress.print(true);
        summary = { rows, images, missingImages: missing, bytes: (await stat(out)).size, via: 'the running server' };
      } else {
        if (!existsSync(config.pgliteDir))
          throw new BackupError(`no database in ${config.pgliteDir} (DATA_DIR ${config.dataDir}) and no DATABASE_URL`);
        summary = { ...(await direct(config, out, progressOut)), via: config.pgliteDir };
      }
    } else {
      summary = { ...(await direct(config, out, progressOut)), via: 'PostgreSQL' };
    }
    const warning = summary.missingImages.length
      ? `\nWarning: ${summary.missingImages.length} images named by the data were gone before they could be copied: ${summary.missingImages.slice(0, 5).join(', ')}`
      : '';
    return {
      code: 0,
      output: `Backup written to ${out} (${mb(summary.bytes)}, from ${summary.via}${encryptedTo(recipients)}): ${summary.rows.toLocaleString('en')} rows, ${summary.images} images.${warning}`,
    };
  } catch (err) {
    return failure('backup', err);
  }
}

async function direct(config: Config, out: string, progressOut?: NodeJS.WritableStream) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: 2 });
  try {
    let bytes = 0;
    const progress = new Progress(progressOut, () => bytes);
    const summary = await backupToFile(database, config, out, (line, written) => {
      bytes = written;
      progress.line(line);
    });
    progress.print(true);
    return summary;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, output } = await backupCommand(process.argv.slice(2), process.env, process.stderr);
  (code === 0 ? console.log : console.error)(output);
  process.exit(code);
}
