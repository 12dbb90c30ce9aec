// The backup file (docs/decisions/012-backups.md): one gzip stream of JSON lines, encrypted with age
// when BACKUP_ENCRYPTION_KEY names recipients (backup/encryption.ts).
//   1. the header: format, app version, migration level, source engine, where images live;
//   2. per table, in the order a restore inserts them: a table line, then one JSON array per row
//      (every value as PostgreSQL's text form, or null);
//   3. one line per image: its key, size, SHA-256 and bytes (base64);
//   4. the manifest: rows and SHA-256 per table, images and bytes, SHA-256 of every line before it.
// Written and read as a stream: memory stays flat whatever the size of the site.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { MIGRATIONS_FOLDER } from '../db/migrate.js';
import { type BackupKeys, decryptStream, encryptedWithoutIdentity, encryptStream, isAgeFile } from './encryption.js';
import { BackupError } from './errors.js';

export const BACKUP_FORMAT = 'sharenearby-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables of schema public that hold only what other tables imply, kept by triggers: a backup leaves
 * them out and a restore leaves them to the triggers (the map's per-cell counts, migration 0029,
 * follow the items as they are loaded).
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['item_map_cells']);

export { BackupError };

export interface MigrationLevel {
  /** How many of drizzle/meta/_journal.json's entries have been applied. */
  level: number;
  /** The last one's tag (`0017_user_language`) and time, as the journal has them. */
  tag: string | null;
  when: number | null;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  source: 'pglite' | 'postgres';
  migration: MigrationLevel;
  /** Local images travel in the file; a bucket's stay where they are, named here. */
  storage: { kind: 'local' } | { kind: 's3'; bucket: string; publicUrl: string } | { kind: 'none' };
}

export interface TableLine {
  table: string;
  columns: string[];
  /** Each column's type as format_type names it (`numeric(10,8)`, `text[]`): restore casts to it. */
  types: string[];
  /** Serial columns' sequences and their value at the backup. */
  sequences: { column: string; value: number }[];
}

export interface ImageLine {
  image: string;
  size: number;
  sha256: string;
  data: string;
}

export interface Manifest {
  tables: Record<string, { rows: number; sha256: string }>;
  images: { count: number; bytes: number };
  /** Images an item or upload named at the snapshot but gone from storage before they were copied. */
  missingImages: string[];
  /** SHA-256 of every line before the manifest, each with its newline. */
  sha256: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this app has (drizzle/meta/_journal.json). */
export function journal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** Counts and checksums of lines as they pass, in the file's order. */
export class Checksums {
  private readonly whole = createHash('sha256');
  private table?: { name: string; rows: number; hash: ReturnType<typeof createHash> };
  readonly tables: Manifest['tables'] = {};
  images = { count: 0, bytes: 0 };

  add(line: string, kind: 'header' | 'table' | 'row' | 'image', detail?: { table?: string; bytes?: number }): void {
    this.whole.update(line).update('\n');
    if (kind === 'table') {
      this.closeTable();
      this.table = { name: detail!.table!, rows: 0, hash: createHash('sha256') };
    }
    if (kind === 'table' || kind === 'row') {
      if (!this.table) throw new BackupError('a row before any table');
      this.table.hash.update(line).update('\n');
      if (kind === 'row') this.table.rows++;
    }
    if (kind === 'image') {
      this.closeTable();
      this.images.count++;
      this.images.bytes += detail?.bytes ?? 0;
    }
  }

  private closeTable(): void {
    if (!this.table) return;
    this.tables[this.table.name] = { rows: this.table.rows, sha256: this.table.hash.digest('hex') };
    this.table = undefined;
  }

  manifest(missingImages: string[]): Manifest {
    this.closeTable();
    return { tables: this.tables, images: this.images, missingImages, sha256: this.whole.digest('hex') };
  }
}

/** Where lines go: a function that resolves when the line may be followed by the next (backpressure). */
export type LineSink = (line: string) => Promise<void>;

/** A writable stream as a line sink that waits while its buffer is full. */
export function streamSink(stream: NodeJS.WritableStream): LineSink {
  return (line) =>
    new Promise<void>((resolve, reject) => {
      const ok = stream.write(`${line}\n`, (err) => {
        if (err) reject(err);
      });
      if (ok) resolve();
      else stream.once('drain', () => resolve());
    });
}

/** A backup file being written, line by line. */
export interface BackupFileWriter {
  write: LineSink;
  bytes: () => number;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * A backup file being written: gzip (then age to `recipients`, when given) into
 * `FILE.partial-<random>` beside it, renamed to FILE when complete, so a failed or interrupted
 * backup never leaves a file that looks whole.
 */
export async function openBackupFile(out: string, recipients?: string[]): Promise<BackupFileWriter> {
  const partial = `${out}.partial-${randomBytes(4).toString('hex')}`;
  const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    file.once('open', () => resolve());
    file.once('error', (err) => reject(new BackupError(`cannot write ${out}: ${err.message}`)));
  });
  const gzip = createGzip({ level: 6 });
  let failed: Error | undefined;
  const written = pipeline(recipients?.length ? await encryptStream(gzip, recipients) : gzip, file).catch((err: Error) => {
    failed ??= err;
  });
  const write = streamSink(gzip);
  return {
    write: async (line) => {
      if (failed) throw new BackupError(`cannot write ${out}: ${failed.message}`);
      await write(line);
    },
    bytes: () => file.bytesWritten,
    async finish() {
      gzip.end();
      await written;
      if (failed) throw new BackupError(`cannot write ${out}: ${failed.message}`);
      await rename(partial, out);
    },
    async abort() {
      gzip.destroy();
      file.destroy();
      await written;
      await rm(partial, { force: true });
    },
  };
}

/**
 * The lines of a backup file, one at a time (decrypted with `keys` when it is an age file,
 * gunzipped as read). Unreadable or damaged files throw BackupError, and so does an encrypted file
 * without identities or that none of them opens.
 */
export async function* readBackupLines(file: string, keys?: BackupKeys): AsyncGenerator<string> {
  const input = createReadStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', (err) => reject(new BackupError(`cannot read ${file}: ${err.message}`)));
  });
  await opened;
  let source: Readable = input;
  if (await isAgeFile(file)) {
    if (!keys) {
      input.destroy();
      throw new BackupError(encryptedWithoutIdentity(file));
    }
    source = await decryptStream(input, keys, file);
  }
  const gunzip = createGunzip();
  let damaged: Error | undefined;
  gunzip.on('error', (err) => (damaged ??= err));
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (damaged) break;
      yield line;
    }
  } catch (err) {
    damaged ??= err as Error;
  } finally {
    source.destroy();
    input.destroy();
  }
  if (damaged) throw new BackupError(`${file} is not a backup or is damaged (${damaged.message})`);
}

export function parseJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupError('the backup is damaged: a line is not JSON');
  }
}

/** What a line is, by its first characters: rows are arrays, the rest objects with a telling first key. */
export function lineKind(line: string): 'header' | 'table' | 'row' | 'image' | 'manifest' | 'unknown' {
  if (line.startsWith('[')) return 'row';
  if (line.startsWith('{"table":')) return 'table';
  if (line.startsWith('{"image":')) return 'image';
  if (line.startsWith('{"manifest":')) return 'manifest';
  if (line.startsWith('{"format":')) return 'header';
  return 'unknown';
}

/** Progress on stderr (or any stream), at most four times a second, with a last line at the end. */
export class Progress {
  private last = 0;
  private table = '';
  private rows = 0;
  private tables = 0;
  private images = 0;
  private imageBytes = 0;

  constructor(
    private readonly out: NodeJS.WritableStream | undefined,
    private readonly bytes: () => number = () => 0,
  ) {}

  /** Counts one line of the backup; prints when a quarter second has passed. */
  line(line: string): void {
    const kind = lineKind(line);
    if (kind === 'table') {
      this.table = (JSON.parse(line) as TableLine).table;
      this.rows = 0;
      this.tables++;
    } else if (kind === 'row') this.rows++;
    else if (kind === 'image') {
      this.images++;
      this.imageBytes += Math.floor(((line.length - line.indexOf('"data":')) * 3) / 4);
    }
    const now = Date.now();
    if (now - this.last >= 250) {
      this.last = now;
      this.print(false);
    }
  }

  print(done: boolean): void {
    if (!this.out) return;
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
    const where = this.images
      ? `images ${this.images.toLocaleString('en')} (${mb(this.imageBytes)})`
      : `${this.table} ${this.rows.toLocaleString('en')} rows`;
    const written = this.bytes() ? `, ${mb(this.bytes())} written` : '';
    this.out.write(`${done ? 'done' : '...'}: ${this.tables} tables, ${where}${written}\n`);
  }
}
