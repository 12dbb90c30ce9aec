// The folders this process writes on its own machine: the uploaded images (local storage) and the
// PGlite database on disk. A full or read-only disk fails uploads and PGlite's writes while the
// database still answers, so readiness (/readyz) and the metrics watch these folders too.
import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

export interface DataFolder {
  /** The metric's label: `uploads` or `database` (PGlite). */
  name: 'uploads' | 'database';
  path: string;
}

/** The folders of this configuration the app writes to: none with an S3 bucket and PostgreSQL. */
export function dataFolders(config: Pick<Config, 's3' | 'dataDir' | 'databaseUrl' | 'pgliteDir'>): DataFolder[] {
  const folders: DataFolder[] = [];
  if (!config.s3) folders.push({ name: 'uploads', path: path.join(config.dataDir, 'uploads') });
  if (!config.databaseUrl && !config.pgliteDir.startsWith('memory://')) folders.push({ name: 'database', path: config.pgliteDir });
  return folders;
}

/** The room left on the filesystem holding `dir` (what a process without root's reserve may use) and its size, in bytes. */
export async function folderSpace(dir: string): Promise<{ freeBytes: number; sizeBytes: number }> {
  const s = await statfs(dir);
  return { freeBytes: s.bavail * s.bsize, sizeBytes: s.blocks * s.bsize };
}

/** Whether the folder takes writes: it can be written (a read-only mount cannot) and has at least `minFreeBytes` of room. */
export async function folderWritable(folder: DataFolder, minFreeBytes: number): Promise<boolean> {
  try {
    await access(folder.path, constants.W_OK);
    return (await folderSpace(folder.path)).freeBytes >= minFreeBytes;
  } catch {
    return false;
  }
}
