// `npm run db:copy-to-postgres -- --to postgres://... [--quiet]`: copies the PGlite site of DATA_DIR
// into an empty PostgreSQL database: the schema by the migrations, then every table's rows in one
// snapshot, the sequences set past the largest ids, the indexes built after the rows; then prints
// the DATABASE_URL to set. Images stay where they are (DATA_DIR/uploads, or the bucket).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LineQueue, requestBackup, socketPath } from '../backup/channel.js';
import { takeBackup } from '../backup/dump.js';
import { BackupError, Progress } from '../backup/format.js';
import { loadBackup } from '../backup/load.js';
import { withBackupLock } from '../backup/operations.js';
import { openDatabase } from '../db/client.js';
import { type CommandResult, commandConfig, failure } from './backup.js';
import { targetContents } from './restore.js';

const USAGE = 'Usage: npm run db:copy-to-postgres -- --to postgres://user:pass@host:5432/db [--quiet]';

export async function copyToPostgresCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  stderr?: NodeJS.WritableStream,
): Promise<CommandResult> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { to: { type: 'string' }, quiet: { type: 'boolean' } } }).values;
  } catch (err) {
    return { code: 2, output: `db:copy-to-postgres: ${(err as Error).message}. ${USAGE}` };
  }
  if (!args.to)
    return { code: 2, output: `db:copy-to-postgres: --to URL is required (the empty PostgreSQL database to copy into). ${USAGE}` };
  if (!/^postgres(ql)?:\/\//.test(args.to))
    return { code: 2, output: `db:copy-to-postgres: --to must start with postgres:// or postgresql://. ${USAGE}` };
  const progressOut = args.quiet ? undefined : stderr;
  try {
    const source = commandConfig({ ...env, DATABASE_URL: undefined });
    if (env.DATABASE_URL)
      throw new BackupError('DATABASE_URL is set: this site already runs on PostgreSQL (unset it to copy the PGlite site of DATA_DIR)');
    const target = commandConfig({ ...env, DATABASE_URL: args.to });
    const contents = await targetContents(target, { images: false });
    if (contents) throw new BackupError(`the target is not empty (${contents}); copy into an empty database`);

    const queue = new LineQueue();
    const progress = new Progress(progressOut);
    const socket = socketPath(source.dataDir);
    const produce = async () => {
      const served = await requestBackup(socket, 'backup-tables', queue.write);
      if (served) {
        progressOut?.write('reading from the running server: what it writes after this moment is not copied; stop it for the final copy\n');
        return;
      }
      if (!existsSync(source.pgliteDir)) throw new BackupError(`no database in ${source.pgliteDir} (DATA_DIR ${source.dataDir})`);
      const database = await openDatabase({ pgliteDir: source.pgliteDir });
      try {
        await withBackupLock(database, () => takeBackup({ database, sink: queue.write }));
      } finally {
        await database.close();
      }
    };
    const producing = produce().then(
      () => queue.end(),
      (err: Error) => {
        queue.end(err);
        throw err;
      },
    );
    const database = await openDatabase({ databaseUrl: args.to, pgliteDir: '', poolSize: 2 });
    let manifest;
    let skipped: string[];
    try {
      ({ manifest, skipped } = await loadBackup(database, queue, { onLine: (line) => progress.line(line) }));
    } catch (err) {
      queue.fail(err as Error);
      await producing.catch(() => undefined);
      throw err;
    } finally {
      await database.close();
    }
    await producing;
    progress.print(true);
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    const tables = Object.keys(manifest.tables).length;
    return {
      code: 0,
      output: [
        `Copied ${rows.toLocaleString('en')} rows in ${tables} tables from ${source.pgliteDir} to PostgreSQL; row counts checked.`,
        `Images stay in ${source.s3 ? `the bucket ${source.s3.bucket}` : `${source.dataDir}/uploads`}: keep DATA_DIR as it is.`,
        ...(skipped.length ? [`Left out tables no migration of this app makes: ${skipped.join(', ')}.`] : []),
        'To run the site on PostgreSQL from now on, set:',
        `DATABASE_URL=${args.to}`,
      ].join('\n'),
    };
  } catch (err) {
    return failure('db:copy-to-postgres', err);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, output } = await copyToPostgresCommand(process.argv.slice(2), process.env, process.stderr);
  (code === 0 ? console.log : console.error)(output);
  process.exit(code);
}
