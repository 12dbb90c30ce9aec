import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';

/** Records that this user uploaded the image stored under this key (the same upload again changes nothing). */
export async function recordUpload(db: Db, key: string, userId: number): Promise<void> {
  await db.insert(uploads).values({ key, userId }).onConflictDoNothing();
}

/** Whether this user uploaded the image stored under this key. */
export async function isUploadOf(db: Db, key: string, userId: number): Promise<boolean> {
  const [row] = await db.select({ key: uploads.key }).from(uploads).where(and(eq(uploads.key, key), eq(uploads.userId, userId))).limit(1);
  return Boolean(row);
}
