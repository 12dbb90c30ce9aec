import { and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { deleteStoredImage } from './images.js';

/** The display-size key of an image address of ours (a thumbnail's address gives its display key). */
function displayKeyOf(storage: ImageStorage, url: string): string | null {
  return storage.keyFromUrl(url)?.replace(/-thumb\.webp$/, '.webp') ?? null;
}

/**
 * Records an upload by this user. The same person uploading the same photo again gets the same key:
 * its time starts again, so the sweep leaves it alone as long as a fresh upload.
 */
export async function recordUpload(db: Db, userId: number, key: string): Promise<void> {
  await db
    .insert(uploads)
    .values({ key, userId })
    .onConflictDoUpdate({ target: uploads.key, set: { createdAt: sql`now()`, userId } });
}

/** Whether this image address is one of this user's own recorded uploads. */
export async function isOwnUpload(db: Db, storage: ImageStorage, userId: number, url: string): Promise<boolean> {
  const key = displayKeyOf(storage, url);
  if (!key) return false;
  const [row] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Marks an upload as used by an item: the sweep never removes it while it is. */
export async function markUploadInUse(db: Db, storage: ImageStorage, url: string): Promise<void> {
  const key = displayKeyOf(storage, url);
  if (key) await db.update(uploads).set({ inUse: true }).where(eq(uploads.key, key));
}

/** Removes an image no item shows any more (its last item was deleted): its upload record, then both sizes' files. */
export async function discardImage(db: Db, storage: ImageStorage, url: string): Promise<void> {
  const key = displayKeyOf(storage, url);
  if (key) await db.delete(uploads).where(eq(uploads.key, key));
  await deleteStoredImage(storage, url);
}

const SWEEP_BATCH = 500;

/**
 * Removes uploads no item uses once they are `maxAgeHours` old: the rows first (so an item made
 * from then on cannot mark them), then both sizes' files, from whatever storage (local or S3).
 * An upload of a minute ago, or one any item uses, is never touched. Answers how many went.
 */
export async function sweepUnusedUploads(
  db: Db,
  storage: ImageStorage,
  maxAgeHours: number,
  log: { warn: (obj: object, msg: string) => void },
): Promise<number> {
  let removed = 0;
  for (;;) {
    const stale = db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(not(uploads.inUse), lt(uploads.createdAt, sql`now() - make_interval(hours => ${maxAgeHours}::int)`)))
      .limit(SWEEP_BATCH);
    // in_use is tested again on the row itself: an item that marked it meanwhile keeps it.
    const rows = await db
      .delete(uploads)
      .where(and(inArray(uploads.key, stale), not(uploads.inUse)))
      .returning({ key: uploads.key });
    for (const { key } of rows) {
      await deleteStoredImage(storage, storage.urlFor(key)).catch((err: unknown) =>
        log.warn({ err, key }, 'could not delete an unused upload'),
      );
    }
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}
