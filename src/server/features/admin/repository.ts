import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, likePattern } from '../../db/client.js';
import { items, paymentVendors, users } from '../../db/schema.js';

export type AdminUserRow = {
  id: number;
  username: string;
  phoneNumber: string | null;
  isAdmin: boolean;
  isPhoneVerified: boolean;
  isVisible: boolean;
  markedForDeletion: boolean;
  createdAt: Date;
};

const selectAdminUsers = (db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      phoneNumber: users.phoneNumber,
      isAdmin: users.isAdmin,
      isPhoneVerified: users.isPhoneVerified,
      isVisible: users.isVisible,
      markedForDeletion: users.markedForDeletion,
      createdAt: users.createdAt,
    })
    .from(users);

/** One page of users, newest first, optionally only those whose name contains the text. */
export function selectUsers(db: Db, opts: { text?: string; limit: number; offset: number }): Promise<AdminUserRow[]> {
  return selectAdminUsers(db)
    .where(opts.text ? sql`${users.username} ILIKE ${likePattern(opts.text)}` : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Sets a user's phone-verified marker; answers whether the user exists. */
export async function updatePhoneVerified(db: Db, id: number, isPhoneVerified: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ isPhoneVerified }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The images only this user's items show (no other user's item shows them, as cover or another
 * photo): for each of the user's photos an index lookup (items_photos_idx),
 * not a scan of every item.
 */
export const imagesOnlyShownBy = (db: Db, userId: number) => {
  const photo = sql`photo.url`;
  return db
    .selectDistinct({ imageUrl: sql<string>`photo.url` })
    .from(items)
    .innerJoin(sql`LATERAL unnest(array_prepend(${items.imageUrl}, ${items.extraImages})) AS photo(url)`, sql`true`)
    .where(
      and(
        eq(items.userId, userId),
        sql`${photo} <> ''`,
        sql`NOT EXISTS (SELECT 1 FROM ${items} AS other WHERE array_prepend(other.image_url, other.extra_images) @> ARRAY[${photo}] AND other.user_id <> ${userId})`,
      ),
    );
};

/**
 * Deletes a non-admin user in one transaction; the foreign keys take their sessions, items, notes,
 * links and payment ids with them, and leave their support requests without a user. Answers the
 * images only their items showed (no remaining item uses them), for the caller to remove after commit.
 */
export async function deleteUserCascade(
  db: Db,
  id: number,
  authorize: (person: { id: number; isAdmin: boolean }) => void,
): Promise<'not-found' | { unusedImages: string[] }> {
  return db.transaction(async (tx) => {
    // Locked, so the user cannot become an admin between this check and the delete; `authorize`
    // throws to refuse, which rolls back a transaction that has written nothing.
    const [user] = await tx.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)).for('update');
    if (!user) return 'not-found';
    authorize(user);
    const images = await imagesOnlyShownBy(tx, id);
    // Items promised to this user go back to their owners' offers (the check constraint needs a person).
    await tx
      .update(items)
      .set({ status: 'available', promisedToId: null, updatedAt: sql`now()` })
      .where(and(eq(items.promisedToId, id), eq(items.status, 'promised')));
    await tx.delete(users).where(eq(users.id, id));
    return { unusedImages: images.map((i) => i.imageUrl) };
  });
}

// ---- Payment vendors ----

export type AdminVendorRow = { id: number; name: string; active: boolean; createdAt: Date; linkCount: number };

const selectAdminVendors = (db: Db) =>
  db
    .select({
      id: paymentVendors.id,
      name: paymentVendors.name,
      active: paymentVendors.active,
      createdAt: paymentVendors.createdAt,
      // Spelled out: Drizzle leaves columns in a select list unqualified, which would bind both to the subquery's table.
      linkCount: sql<number>`(SELECT count(*) FROM user_payment_ids p WHERE p.vendor_id = payment_vendors.id)`.mapWith(Number),
    })
    .from(paymentVendors);

/** Every vendor, active or not, by name, with how many payment links use it. */
export function selectVendors(db: Db): Promise<AdminVendorRow[]> {
  return selectAdminVendors(db).orderBy(sql`lower(${paymentVendors.name})`, paymentVendors.id);
}

export async function selectVendor(db: Db, id: number): Promise<AdminVendorRow | undefined> {
  const [row] = await selectAdminVendors(db).where(eq(paymentVendors.id, id)).limit(1);
  return row;
}

export async function insertVendor(db: Db, name: string, createdBy: number): Promise<number> {
  const [row] = await db.insert(paymentVendors).values({ name, createdBy }).returning({ id: paymentVendors.id });
  return row!.id;
}

/** Activates or deactivates a vendor; answers whether there was one. */
export async function updateVendorActive(db: Db, id: number, active: boolean): Promise<boolean> {
  const rows = await db.update(paymentVendors).set({ active }).where(eq(paymentVendors.id, id)).returning({ id: paymentVendors.id });
  return rows.length > 0;
}
