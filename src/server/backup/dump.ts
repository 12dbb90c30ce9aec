// Taking a backup: every table read in ONE snapshot transaction (REPEATABLE READ READ ONLY), in
// the order a restore inserts them, a page of rows at a time; then the images the snapshot names.
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Query } from '../db/client.js';
import { IMAGE_KEY_PATTERN, LOCAL_UPLOADS_PREFIX } from '../plugins/storage.js';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DERIVED_TABLES,
  type BackupHeader,
  Checksums,
  type ImageLine,
  journal,
  type LineSink,
  type MigrationLevel,
  type TableLine,
} from './format.js';

const PAGE_ROWS = 1000;
/** The advisory lock of backups: one at a time across every process on the database. */
export const BACKUP_LOCK_KEY = 727_012;

interface TableInfo {
  name: string;
  /** Stored columns (generated ones are left out: the database makes them again). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  sequences: { column: string; sequence: string }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The app's tables in schema public, parents before the tables that refer to them. */
async function listTables(q: Query): Promise<TableInfo[]> {
  const names = (
    await q(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`)
  )
    .map((r) => r.name as string)
    .filter((name) => !DERIVED_TABLES.has(name));
  const edges = (await q(`select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
                          where contype = 'f' and connamespace = 'public'::regnamespace`)) as { child: string; parent: string }[];
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const e of edges) if (e.child === name && e.parent !== name) visit(e.parent.replace(/^public\./, '').replace(/"/g, ''));
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);

  const tables: TableInfo[] = [];
  for (const name of ordered.filter((n) => names.includes(n))) {
    const columns = (
      await q(
        `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [ident(name)],
      )
    ).map((r) => ({ name: r.name as string, type: r.type as string }));
    const primaryKey = (
      await q(
        `select a.attname as name from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, pos)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
         where i.indrelid = $1::regclass and i.indisprimary order by k.pos`,
        [ident(name)],
      )
    ).map((r) => r.name as string);
    const sequences: TableInfo['sequences'] = [];
    for (const column of columns) {
      const [row] = await q(`select pg_get_serial_sequence($1, $2) as sequence`, [ident(name), column.name]);
      if (row?.sequence) sequences.push({ column: column.name, sequence: row.sequence as string });
    }
    tables.push({ name, columns, primaryKey, sequences });
  }
  return tables;
}

/** How far the database's migrations have gone, in the app's journal's terms. */
async function migrationLevel(q: Query): Promise<MigrationLevel> {
  const [exists] = await q(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return { level: 0, tag: null, when: null };
  const [last] = await q(`select created_at::text as created_at, (select count(*) from drizzle.__drizzle_migrations)::int as applied
                          from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  if (!last) return { level: 0, tag: null, when: null };
  const when = Number(last.created_at);
  const entries = journal();
  const index = entries.findIndex((e) => e.when === when);
  // A level this app does not know (a newer release's migration): the count applied says how far.
  if (index === -1) return { level: Number(last.applied), tag: null, when };
  return { level: index + 1, tag: entries[index]!.tag, when };
}

/** Every row of a table in the snapshot, a page at a time (keyset on the primary key), each value as text. */
async function dumpTable(q: Query, table: TableInfo, sink: LineSink, sums: Checksums): Promise<number> {
  const select = table.columns.map((c, i) => `${ident(c.name)}::text as c${i}`).join(', ');
  const valuesOf = (row: Record<string, unknown>) => table.columns.map((_, i) => row[`c${i}`] as string | null);
  let count = 0;
  const keyIndexes = table.primaryKey.map((k) => table.columns.findIndex((c) => c.name === k));
  const order = table.primaryKey.length ? table.primaryKey.map(ident).join(', ') : 'ctid';
  let after: (string | null)[] | undefined;
  let offset = 0;
  for (;;) {
    let text: string;
    let params: unknown[] = [];
    if (!table.primaryKey.length) {
      text = `select ${select} from ${ident(table.name)} order by ctid limit ${PAGE_ROWS} offset ${offset}`;
    } else if (!after) {
      text = `select ${select} from ${ident(table.name)} order by ${order} limit ${PAGE_ROWS}`;
    } else {
      const keys = table.primaryKey.map((k, i) => `$${i + 1}::${table.columns[keyIndexes[i]!]!.type}`).join(', ');
      text = `select ${select} from ${ident(table.name)} where (${order}) > (${keys}) order by ${order} limit ${PAGE_ROWS}`;
      params = after;
    }
    const rows = await q(text, params);
    for (const row of rows) {
      const line = JSON.stringify(valuesOf(row));
      sums.add(line, 'row');
      await sink(line);
    }
    count += rows.length;
    if (rows.length < PAGE_ROWS) return count;
    const lastRow = valuesOf(rows[rows.length - 1]!);
    after = keyIndexes.map((i) => lastRow[i]!);
    offset += rows.length;
  }
}

/** Image keys (both sizes) that the snapshot's uploads and items name. */
async function referencedImages(q: Query): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (key: string) => {
    if (!IMAGE_KEY_PATTERN.test(key)) return;
    if (/-a(256|96)\.webp$/.test(key)) {
      keys.add(key);
      return;
    }
    const display = key.replace(/-thumb\.webp$/, '.webp');
    keys.add(display).add(display.replace(/\.webp$/, '-thumb.webp'));
  };
  const [hasUploads] = await q(`select to_regclass('public.uploads') is not null as present`);
  if (hasUploads?.present) for (const r of await q(`select key from uploads`)) add(r.key as string);
  // Profile photos (migration 0025): both squares of each.
  const [hasAvatars] = await q(
    `select exists (select 1 from information_schema.columns where table_schema = 'public' and table_name = 'users' and column_name = 'avatar_key') as present`,
  );
  if (hasAvatars?.present) {
    for (const r of await q(`select avatar_key from users where avatar_key is not null`)) {
      add(`${r.avatar_key as string}-a256.webp`);
      add(`${r.avatar_key as string}-a96.webp`);
    }
  }
  const [hasItems] = await q(`select to_regclass('public.items') is not null as present`);
  if (hasItems?.present) {
    // Every photo of an item: the cover and, since migration 0024, the others (extra_images).
    const [hasExtra] = await q(
      `select exists (select 1 from information_schema.columns where table_schema = 'public' and table_name = 'items' and column_name = 'extra_images') as present`,
    );
    const photos = hasExtra?.present ? `array_prepend(image_url, extra_images)` : `array[image_url]`;
    for (const r of await q(`select distinct photo from items, unnest(${photos}) as photo where photo like $1`, [
      `${LOCAL_UPLOADS_PREFIX}%`,
    ])) {
      add((r.photo as string).slice(LOCAL_UPLOADS_PREFIX.length));
    }
  }
  return keys;
}

/**
 * Keeps the uploads folder's files as they are now under a folder of hard links (copies across
 * file systems): an image removed from uploads afterwards (the unused-uploads sweep, a deleted
 * item) keeps its bytes there until the backup has copied it. Uploads are written once under a
 * content hash, so a name always has the same bytes.
 */
async function holdFiles(uploadsDir: string, staging: string, held: Set<string>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!IMAGE_KEY_PATTERN.test(name) || held.has(name)) continue;
    const from = path.join(uploadsDir, name);
    const to = path.join(staging, name);
    try {
      await link(from, to).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === 'EXDEV' || err.code === 'EPERM') await copyFile(from, to);
        else throw err;
      });
      held.add(name);
    } catch {
      // Removed between the listing and the link: not in the snapshot, or caught by the second pass.
    }
  }
}

export interface BackupOptions {
  database: Database;
  sink: LineSink;
  /** The local uploads folder; with a bucket, `s3` names it instead and no image is copied. */
  uploadsDir?: string;
  s3?: { bucket: string; publicUrl: string };
  /** Folder for the hard links that hold images while they are copied (same file system as uploads). */
  stagingParent?: string;
  /** Test hook: runs inside the snapshot transaction, after the tables were read. */
  onSnapshot?: (query: Query) => Promise<void>;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  images: number;
  missingImages: string[];
}

/** Writes a whole backup to `sink`, line by line. Fails with "another backup is under way" when one is. */
export async function takeBackup(opts: BackupOptions): Promise<BackupSummary> {
  const { database, sink } = opts;
  const sums = new Checksums();
  const staging = opts.uploadsDir
    ? path.join(opts.stagingParent ?? path.dirname(opts.uploadsDir), `.backup-${randomBytes(6).toString('hex')}`)
    : undefined;
  const held = new Set<string>();
  try {
    if (staging) {
      await mkdir(staging, { recursive: true, mode: 0o700 });
      // First pass before the snapshot, second pass once it is taken: an image the snapshot names
      // existed before it began (files are written before their rows), and was not yet removed
      // (rows go before files), so one of the two passes holds it.
      await holdFiles(opts.uploadsDir!, staging, held);
    }
    const { keys, rows, tables } = await database.transaction('snapshot', async (q) => {
      // The first read fixes the snapshot; times are written in UTC whatever the server's zone.
      await q(`set local timezone = 'UTC'`);
      if (staging) await holdFiles(opts.uploadsDir!, staging, held);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: appVersion(),
        createdAt: new Date().toISOString(),
        source: database.kind,
        migration: await migrationLevel(q),
        storage: opts.s3 ? { kind: 's3', ...opts.s3 } : opts.uploadsDir ? { kind: 'local' } : { kind: 'none' },
      };
      const headerLine = JSON.stringify(header);
      sums.add(headerLine, 'header');
      await sink(headerLine);
      const tables = await listTables(q);
      let rows = 0;
      for (const table of tables) {
        const sequences: TableLine['sequences'] = [];
        for (const s of table.sequences) {
          const [row] = await q(`select last_value::text as value, is_called from ${s.sequence}`);
          sequences.push({ column: s.column, value: row?.is_called ? Number(row.value) : 0 });
        }
        const line: TableLine = {
          table: table.name,
          columns: table.columns.map((c) => c.name),
          types: table.columns.map((c) => c.type),
          sequences,
        };
        const text = JSON.stringify(line);
        sums.add(text, 'table', { table: table.name });
        await sink(text);
        rows += await dumpTable(q, table, sink, sums);
      }
      const keys = staging ? await referencedImages(q) : new Set<string>();
      await opts.onSnapshot?.(q);
      return { keys, rows, tables: tables.length };
    });

    const missingImages: string[] = [];
    for (const key of [...keys].sort()) {
      if (!held.has(key)) {
        // A thumbnail is optional (an upload's pair); a missing display image is reported.
        if (!key.endsWith('-thumb.webp')) missingImages.push(key);
        continue;
      }
      const bytes = await readFile(path.join(staging!, key));
      const line = JSON.stringify({
        image: key,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        data: bytes.toString('base64'),
      } satisfies ImageLine);
      sums.add(line, 'image', { bytes: bytes.length });
      await sink(line);
    }
    await sink(JSON.stringify({ manifest: sums.manifest(missingImages) }));
    return { tables, rows, images: sums.images.count, missingImages };
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
