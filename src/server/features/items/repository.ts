import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.js';
import { items, users } from '../../db/schema.js';
import type { ItemStatus, ItemType } from '#shared/items.js';
import { enqueueFromRows } from '../notifications/outbox.js';

// One item's rows: read, written, deleted, expired, and a person's own items. Lists, searches, their
// totals and the map are the engine's (search/engine.ts).

export interface DetailRow {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  extraImages: string[];
  tags: string[];
  userId: number;
  type: ItemType;
  username: string | null;
  ownerVisible: boolean | null;
  latitude: string | null;
  longitude: string | null;
  approxLatitude: string | null;
  approxLongitude: string | null;
  exactLocation: boolean;
  status: ItemStatus;
  promisedToId: number | null;
  promisedToUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

const promisee = alias(users, 'promisee');

const detailColumns = {
  id: items.id,
  title: items.title,
  description: items.description,
  imageUrl: items.imageUrl,
  extraImages: items.extraImages,
  tags: items.tags,
  userId: items.userId,
  type: items.type,
  username: users.username,
  ownerVisible: users.isVisible,
  latitude: items.latitude,
  longitude: items.longitude,
  approxLatitude: items.approxLatitude,
  approxLongitude: items.approxLongitude,
  exactLocation: items.exactLocation,
  status: items.status,
  promisedToId: items.promisedToId,
  promisedToUsername: promisee.username,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  expiresAt: items.expiresAt,
  hiddenAt: items.hiddenAt,
  hiddenReason: items.hiddenReason,
};

export async function selectItem(db: Db, id: number): Promise<DetailRow | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(items)
    .leftJoin(users, eq(users.id, items.userId))
    .leftJoin(promisee, eq(promisee.id, items.promisedToId))
    .where(eq(items.id, id))
    .limit(1);
  return row;
}

export async function insertItem(db: Db, values: typeof items.$inferInsert): Promise<number> {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  return row!.id;
}

export async function updateItem(db: Db, id: number, values: Partial<typeof items.$inferInsert>): Promise<void> {
  await db
    .update(items)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(items.id, id));
}

/** Whether an item shows this image (as its cover or another photo): a lookup by items_photos_idx. */
const showsImage = (imageUrl: string) => sql`array_prepend(${items.imageUrl}, ${items.extraImages}) @> ARRAY[${imageUrl}]::text[]`;

/**
 * The items showing this image (a photo is on one item, rarely a few): one index lookup, not a scan
 * of every item. No LIMIT 1: the planner's guess for `@>` without element statistics (0.5% of the
 * rows) makes a scan that stops at the first match look cheaper, and with no match it reads all.
 */
export const itemShowingImage = (db: Db, imageUrl: string) => db.select({ id: items.id }).from(items).where(showsImage(imageUrl));

/** Of these images, the ones no item shows (any more): their files can go. */
export async function imagesNoItemShows(db: Db, urls: readonly string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const url of new Set(urls)) if ((await itemShowingImage(db, url)).length === 0) unused.push(url);
  return unused;
}

/** Deletes an item; answers its images that no other item shows (for the caller to remove after commit). */
export async function deleteItem(db: Db, id: number): Promise<{ unusedImages: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(items).where(eq(items.id, id)).returning({ imageUrl: items.imageUrl, extraImages: items.extraImages });
    if (!row) return undefined;
    return { unusedImages: await imagesNoItemShows(tx, [row.imageUrl, ...row.extraImages].filter(Boolean)) };
  });
}

/**
 * Marks listed items past their expiry as `expired`, and tells each owner (listing_expired, with a
 * Renew link) in the same statement; answers how many.
 */
export async function expireItems(db: Db): Promise<number> {
  const [row] = await queryRows<{ expired: number }>(
    db,
    sql`WITH source AS (
          UPDATE items SET status = 'expired', updated_at = now()
           WHERE status = 'available' AND expires_at <= now()
          RETURNING id AS item_id, user_id AS recipient_id
        ), told AS (${enqueueFromRows('listing_expired')})
        SELECT count(*)::int AS expired FROM source`,
  );
  return Number(row?.expired ?? 0);
}

export interface MyItemRow {
  id: number;
  title: string;
  imageUrl: string;
  tags: string[];
  type: ItemType;
  status: ItemStatus;
  promisedToId: number | null;
  promisedToUsername: string | null;
  conversations: number;
  createdAt: Date;
  expiresAt: Date | null;
  hiddenReason: string | null;
}

const lapsed = sql`(${items.status} = 'available' AND ${items.expiresAt} <= now())`;

/** The state filter of "my items": `expired` includes available items past their expiry. */
function stateIs(status: ItemStatus | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'expired') return sql`(${items.status} = 'expired' OR ${lapsed})`;
  if (status === 'available') return sql`(${items.status} = 'available' AND NOT ${lapsed})`;
  return eq(items.status, status);
}

/** A user's own items in every state, newest first (by the user_id index: one person's items). */
export async function selectMyItems(
  db: Db,
  userId: number,
  status: ItemStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MyItemRow[]; total: number }> {
  const where = and(eq(items.userId, userId), stateIs(status));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: items.id,
        title: items.title,
        imageUrl: items.imageUrl,
        tags: items.tags,
        type: items.type,
        status: sql<ItemStatus>`CASE WHEN ${lapsed} THEN 'expired' ELSE ${items.status} END`,
        promisedToId: items.promisedToId,
        promisedToUsername: promisee.username,
        conversations: sql<number>`(SELECT count(*)::int FROM conversations c WHERE c.item_id = ${items.id})`,
        createdAt: items.createdAt,
        expiresAt: items.expiresAt,
        hiddenReason: sql<string | null>`CASE WHEN ${items.hiddenAt} IS NOT NULL THEN ${items.hiddenReason} END`,
      })
      .from(items)
      .leftJoin(promisee, eq(promisee.id, items.promisedToId))
      .where(where)
      .orderBy(sql`${items.createdAt} DESC, ${items.id} DESC`)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
