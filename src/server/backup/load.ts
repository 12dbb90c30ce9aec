// Bringing a backup back: checked whole first (checksums, migration level), then loaded into an
// empty database migrated to the backup's level, in one transaction; newer migrations after.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database, Query } from '../db/client.js';
import { MIGRATIONS_FOLDER } from '../db/migrate.js';
import { IMAGE_KEY_PATTERN } from '../plugins/storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  DERIVED_TABLES,
  Checksums,
  type ImageLine,
  journal,
  lineKind,
  type Manifest,
  parseJson,
  type TableLine,
} from './format.js';

/** Refuses a header this app cannot restore: another format, or a migration level newer than its own. */
function checkHeader(header: unknown): BackupHeader {
  const h = header as Partial<BackupHeader> | undefined;
  if (h?.format !== BACKUP_FORMAT) throw new BackupError('not a ShareNearby backup (no header)');
  if (typeof h.formatVersion !== 'number' || h.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `the backup's format ${String(h.formatVersion)} is newer than this app reads (${BACKUP_FORMAT_VERSION}): restore it with the release that made it`,
    );
  }
  const entries = journal();
  const level = h.migration?.level ?? -1;
  const known = level >= 0 && level <= entries.length && (level === 0 || entries[level - 1]!.when === h.migration?.when);
  if (!known) {
    throw new BackupError(
      `the backup is at migration level ${level} (${h.migration?.tag ?? 'unknown to this release'}), newer than this app's ${entries.length} (${entries.at(-1)?.tag}): restore it with app version ${h.appVersion ?? '?'} or later`,
    );
  }
  return h as BackupHeader;
}

/** Reads every line once: the header, each row and image against the manifest's counts and checksums. */
export async function verifyBackup(lines: AsyncIterable<string>): Promise<{ header: BackupHeader; manifest: Manifest }> {
  const sums = new Checksums();
  let header: BackupHeader | undefined;
  let manifest: Manifest | undefined;
  for await (const line of lines) {
    if (manifest) throw new BackupError('the backup is damaged: lines after its manifest');
    const kind = lineKind(line);
    if (!header) {
      if (kind !== 'header') throw new BackupError('not a ShareNearby backup (no header)');
      header = checkHeader(parseJson(line));
      sums.add(line, 'header');
    } else if (kind === 'table') sums.add(line, 'table', { table: (parseJson(line) as TableLine).table });
    else if (kind === 'row') sums.add(line, 'row');
    else if (kind === 'image') {
      const image = parseJson(line) as ImageLine;
      const bytes = Buffer.from(image.data, 'base64');
      if (bytes.length !== image.size || createHash('sha256').update(bytes).digest('hex') !== image.sha256) {
        throw new BackupError(`the backup is damaged: image ${image.image} does not match its checksum`);
      }
      sums.add(line, 'image', { bytes: bytes.length });
    } else if (kind === 'manifest') manifest = (parseJson(line) as { manifest: Manifest }).manifest;
    else throw new BackupError('the backup is damaged: a line of no known kind');
  }
  if (!header) throw new BackupError('the backup is empty');
  if (!manifest) throw new BackupError('the backup is incomplete: it ends before its manifest');
  compareManifest(sums.manifest(manifest.missingImages), manifest);
  return { header, manifest };
}

function compareManifest(seen: Manifest, expected: Manifest): void {
  for (const [table, want] of Object.entries(expected.tables)) {
    const got = seen.tables[table];
    if (!got || got.rows !== want.rows || got.sha256 !== want.sha256) {
      throw new BackupError(
        `the backup is damaged: table ${table} does not match its checksum (${got?.rows ?? 0} rows read, ${want.rows} written)`,
      );
    }
  }
  if (Object.keys(seen.tables).length !== Object.keys(expected.tables).length)
    throw new BackupError('the backup is damaged: its tables differ from its manifest');
  if (seen.images.count !== expected.images.count || seen.images.bytes !== expected.images.bytes) {
    throw new BackupError(`the backup is damaged: ${seen.images.count} images read, ${expected.images.count} written`);
  }
  if (seen.sha256 !== expected.sha256) throw new BackupError('the backup is damaged: it does not match its checksum');
}

/** A migrations folder holding only the first `level` migrations of the app's own. */
function migrationsUpTo(level: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'share-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const all = JSON.parse(JSON.stringify({ version: '7', dialect: 'postgresql', entries: journal() })) as { entries: { tag: string }[] };
  all.entries = all.entries.slice(0, level);
  for (const e of all.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(all));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const MAX_PARAMS = 4000;

/**
 * Tables derived from the items that a restore fills in one pass after the items load, with their
 * insert trigger off meanwhile: the word postings (migration 0034; ten times faster at a million
 * items than through their index row by row), the map's cell counts (0029; one grouped pass
 * instead of an upsert into 20 levels for every chunk: 100,000 items restore into PGlite in 32 s,
 * 103 s before) and the words as written (0039).
 */
const BULK_FILLED = [
  { trigger: 'items_postings_insert', rebuild: 'select search.rebuild_postings()' },
  { trigger: 'item_map_cells_insert', rebuild: 'select rebuild_item_map_cells()' },
  { trigger: 'items_raw_words_insert', rebuild: 'select search.rebuild_raw_words()' },
] as const;

/** Rows of one table, inserted a batch at a time with each value cast to its column's type. */
class TableWriter {
  private batch: (string | null)[][] = [];
  private readonly perBatch: number;
  rows = 0;

  constructor(
    private readonly q: Query,
    readonly table: TableLine,
  ) {
    this.perBatch = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, table.columns.length)));
  }

  async add(row: (string | null)[]): Promise<void> {
    if (row.length !== this.table.columns.length)
      throw new BackupError(`the backup is damaged: a row of ${this.table.table} has ${row.length} values`);
    this.batch.push(row);
    if (this.batch.length >= this.perBatch) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.batch.length) return;
    const { columns, types } = this.table;
    const tuples = this.batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}::${types[c]}`).join(', ')})`);
    await this.q(
      `insert into ${ident(this.table.table)} (${columns.map(ident).join(', ')}) values ${tuples.join(', ')}`,
      this.batch.flat(),
    );
    this.rows += this.batch.length;
    this.batch = [];
  }

  /** Flushes, then sets each serial column's sequence past both its recorded value and the largest id. */
  async finish(): Promise<void> {
    await this.flush();
    for (const s of this.table.sequences) {
      const [row] = await this.q(`select pg_get_serial_sequence($1, $2) as sequence`, [ident(this.table.table), s.column]);
      if (!row?.sequence) continue;
      const [max] = await this.q(`select coalesce(max(${ident(s.column)}), 0)::bigint::text as value from ${ident(this.table.table)}`);
      const value = Math.max(Number(max?.value ?? 0), s.value);
      if (value > 0) await this.q(`select setval($1, $2, true)`, [row.sequence, value]);
      else await this.q(`select setval($1, 1, false)`, [row.sequence]);
    }
  }
}

export interface LoadOptions {
  /** Where local images go (DATA_DIR/uploads); undefined: images in the file are skipped (a copy keeps its folder). */
  uploadsDir?: string;
  /** Sees every line (progress). */
  onLine?: (line: string) => void;
}

/** The app's tables in schema public with their row counts. */
async function tableCounts(q: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const names = await q(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  for (const { tablename } of names) {
    const [row] = await q(`select count(*)::int as n from ${ident(tablename as string)}`);
    counts[tablename as string] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Loads backup lines into `target`, which must be empty: migrates it to the backup's level, loads
 * every table in one transaction (the tables emptied of what migrations put there, secondary
 * indexes dropped and built again after the rows), sets the sequences, writes the images, then
 * applies this app's newer migrations. Checks the counts and checksums as it reads, and the row
 * counts in the database at the end.
 */
export async function loadBackup(
  target: Database,
  lines: AsyncIterable<string>,
  opts: LoadOptions = {},
): Promise<{ header: BackupHeader; manifest: Manifest; skipped: string[] }> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || lineKind(first.value) !== 'header') throw new BackupError('not a ShareNearby backup (no header)');
  const header = checkHeader(parseJson(first.value));
  opts.onLine?.(first.value);
  const sums = new Checksums();
  sums.add(first.value, 'header');

  const upTo = migrationsUpTo(header.migration.level);
  try {
    await target.migrate(upTo.folder);
  } finally {
    upTo.remove();
  }
  if (opts.uploadsDir) await mkdir(opts.uploadsDir, { recursive: true });

  const skipped: string[] = [];
  const manifest = await target.transaction('write', async (q) => {
    // Derived tables are not emptied here: emptying items empties them (their TRUNCATE trigger), and
    // loading the items fills them again.
    const tables = (await q(`select tablename from pg_tables where schemaname = 'public'`))
      .map((r) => r.tablename as string)
      .filter((name) => !DERIVED_TABLES.has(name))
      .map(ident);
    if (tables.length) await q(`truncate ${tables.join(', ')} restart identity cascade`);
    const indexes = (await q(`select indexname, indexdef from pg_indexes where schemaname = 'public'
      and indexname not in (select conname from pg_constraint where connamespace = 'public'::regnamespace)`)) as {
      indexname: string;
      indexdef: string;
    }[];
    for (const i of indexes) await q(`drop index ${ident(i.indexname)}`);
    // Tables derived from the items are filled once after the items are in, not chunk by chunk
    // through their insert triggers (BULK_FILLED). A backup older than a table's migration restores
    // at its own level, without that trigger; the migration then fills the table.
    const bulkFilled: (typeof BULK_FILLED)[number][] = [];
    for (const derived of BULK_FILLED) {
      if ((await q(`select 1 from pg_trigger where tgname = '${derived.trigger}'`)).length === 0) continue;
      await q(`alter table items disable trigger ${derived.trigger}`);
      bulkFilled.push(derived);
    }

    const present = new Set(tables);
    let writer: TableWriter | undefined;
    let skipping = false;
    let manifest: Manifest | undefined;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = next.value;
      opts.onLine?.(line);
      if (manifest) throw new BackupError('the backup is damaged: lines after its manifest');
      const kind = lineKind(line);
      if (kind === 'row') {
        if (!writer && !skipping) throw new BackupError('the backup is damaged: a row before any table');
        sums.add(line, 'row');
        if (writer) await writer.add(parseJson(line) as (string | null)[]);
        continue;
      }
      await writer?.finish();
      writer = undefined;
      if (kind === 'table') {
        const table = parseJson(line) as TableLine;
        sums.add(line, 'table', { table: table.table });
        // A table the app's migrations do not make (one an operator added by hand) is left out.
        skipping = !present.has(ident(table.table));
        if (skipping) skipped.push(table.table);
        else writer = new TableWriter(q, table);
      } else if (kind === 'image') {
        const image = parseJson(line) as ImageLine;
        const bytes = Buffer.from(image.data, 'base64');
        if (!IMAGE_KEY_PATTERN.test(image.image) || createHash('sha256').update(bytes).digest('hex') !== image.sha256) {
          throw new BackupError(`the backup is damaged: image ${image.image} does not match its checksum`);
        }
        sums.add(line, 'image', { bytes: bytes.length });
        if (opts.uploadsDir) {
          const file = path.join(opts.uploadsDir, image.image);
          await writeFile(`${file}.restoring`, bytes);
          await rename(`${file}.restoring`, file);
        }
      } else if (kind === 'manifest') {
        manifest = (parseJson(line) as { manifest: Manifest }).manifest;
      } else throw new BackupError('the backup is damaged: a line of no known kind');
    }
    if (!manifest) throw new BackupError('the backup is incomplete: it ends before its manifest');
    compareManifest(sums.manifest(manifest.missingImages), manifest);
    const counts = await tableCounts(q);
    for (const [table, { rows }] of Object.entries(manifest.tables)) {
      if (skipped.includes(table)) continue;
      if (counts[table] !== rows) throw new BackupError(`after loading, ${table} has ${counts[table] ?? 0} rows instead of ${rows}`);
    }
    for (const i of indexes) await q(i.indexdef);
    for (const derived of bulkFilled) {
      await q(`alter table items enable trigger ${derived.trigger}`);
      await q(derived.rebuild);
    }
    await q('analyze');
    return manifest;
  });

  // An older backup: this release's newer migrations, as at any start.
  await target.migrate();
  return { header, manifest, skipped };
}
