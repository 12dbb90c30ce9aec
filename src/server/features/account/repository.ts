import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { paymentVendors, supportRequests, userPaymentIds, users } from '../../db/schema.js';
import { tellAdmins } from '../../users/repository.js';

/** Payment links of a user with their vendor, oldest first (the order they were added). */
export async function selectPaymentLinks(db: Db, userId: number) {
  return db
    .select({
      id: userPaymentIds.id,
      paymentId: userPaymentIds.paymentId,
      vendor: { id: paymentVendors.id, name: paymentVendors.name, active: paymentVendors.active },
    })
    .from(userPaymentIds)
    .innerJoin(paymentVendors, eq(paymentVendors.id, userPaymentIds.vendorId))
    .where(eq(userPaymentIds.userId, userId))
    .orderBy(asc(userPaymentIds.createdAt), asc(userPaymentIds.id));
}

export async function selectActiveVendor(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(paymentVendors)
    .where(and(eq(paymentVendors.id, id), eq(paymentVendors.active, true)))
    .limit(1);
  return row;
}

export async function selectActiveVendors(db: Db) {
  return db
    .select({ id: paymentVendors.id, name: paymentVendors.name })
    .from(paymentVendors)
    .where(eq(paymentVendors.active, true))
    .orderBy(asc(sql`lower(${paymentVendors.name})`));
}

export async function insertPaymentLink(db: Db, userId: number, vendorId: number, paymentId: string): Promise<number> {
  const [row] = await db.insert(userPaymentIds).values({ userId, vendorId, paymentId }).returning({ id: userPaymentIds.id });
  return row!.id;
}

/** Deletes one of the user's own payment links; answers whether there was one. */
export async function deletePaymentLink(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(userPaymentIds)
    .where(and(eq(userPaymentIds.id, id), eq(userPaymentIds.userId, userId)))
    .returning({ id: userPaymentIds.id });
  return rows.length > 0;
}

/** Marks the user for deletion and files an account_deletion support request, unless one is still pending. */
export async function markForDeletion(db: Db, userId: number, description: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ markedForDeletion: true }).where(eq(users.id, userId));
    const [pending] = await tx
      .select({ id: supportRequests.id })
      .from(supportRequests)
      .where(and(eq(supportRequests.userId, userId), eq(supportRequests.type, 'account_deletion'), eq(supportRequests.status, 'pending')))
      .limit(1);
    if (pending) return;
    await tx.insert(supportRequests).values({ userId, type: 'account_deletion', description });
    await tellAdmins(tx, 'support');
  });
}

/** Everything stored about a user, for "download my data" (passwords and code hashes left out). */
export async function selectUserData(db: Db, userId: number) {
  const [profile] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT id, username, phone_number, phone_invalid, is_phone_verified, email, is_email_verified, is_visible, is_admin, marked_for_deletion, bio, area, avatar_key, created_at FROM users WHERE id = ${userId}`,
  );
  // Each part of the download: its name in the JSON and the query of the user's rows.
  const parts: Record<string, SQL> = {
    paymentLinks: sql`SELECT p.id, v.name AS vendor, p.payment_id, p.created_at FROM user_payment_ids p JOIN payment_vendors v ON v.id = p.vendor_id WHERE p.user_id = ${userId} ORDER BY p.id`,
    items: sql`SELECT id, title, description, image_url, extra_images, latitude, longitude, approx_latitude, approx_longitude, exact_location, tags, type, status, created_at, updated_at, expires_at FROM items WHERE user_id = ${userId} ORDER BY id`,
    notes: sql`SELECT id, user_id, created_by_id, content, visibility, created_at, updated_at FROM notes WHERE user_id = ${userId} OR created_by_id = ${userId} ORDER BY id`,
    links: sql`SELECT l.id, l.user_id, l.linked_user_id, u1.username AS user_username, u2.username AS linked_username, l.has_note_access, l.created_at
          FROM linked_users l JOIN users u1 ON u1.id = l.user_id JOIN users u2 ON u2.id = l.linked_user_id
          WHERE l.user_id = ${userId} OR l.linked_user_id = ${userId} ORDER BY l.id`,
    supportRequests: sql`SELECT id, type, description, status, created_at, resolved_at FROM support_requests WHERE user_id = ${userId} ORDER BY id`,
    conversations: sql`SELECT c.id, c.item_id, i.title AS item_title, c.owner_id, c.requester_id, c.created_at, c.updated_at
          FROM conversations c JOIN items i ON i.id = c.item_id WHERE c.owner_id = ${userId} OR c.requester_id = ${userId} ORDER BY c.id`,
    messages: sql`SELECT m.id, m.conversation_id, m.sender_id, m.body, m.created_at FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.owner_id = ${userId} OR c.requester_id = ${userId} ORDER BY m.id`,
    // What the user reported (not who reported them: that stays with the admins).
    reports: sql`SELECT id, target_type, subject, reason, details, status, created_at FROM reports WHERE reporter_id = ${userId} ORDER BY id`,
    // Thanks the user gave and received (who from or to by name: the two people of a hand-over know each other).
    thanksGiven: sql`SELECT t.id, t.item_id, t.item_title, u.username AS to_username, t.note, t.created_at FROM thanks t JOIN users u ON u.id = t.to_user_id WHERE t.from_user_id = ${userId} ORDER BY t.id`,
    thanksReceived: sql`SELECT t.id, t.item_id, t.item_title, u.username AS from_username, t.note, t.created_at FROM thanks t JOIN users u ON u.id = t.from_user_id WHERE t.to_user_id = ${userId} ORDER BY t.id`,
    savedAlerts: sql`SELECT id, query, tag, latitude, longitude, radius_m, paused, created_at, updated_at FROM saved_alerts WHERE user_id = ${userId} ORDER BY id`,
    // What the bell showed them, what was mailed to them (not the mails' text: it is made when sent), their choices.
    notifications: sql`SELECT id, type, actor_id, item_id, conversation_id, support_request_id, count, created_at, updated_at, read_at
          FROM notifications WHERE user_id = ${userId} ORDER BY id`,
    notificationDeliveries: sql`SELECT id, channel, mode, type, actor_id, item_id, conversation_id, support_request_id, status, attempts, created_at, updated_at
          FROM notification_deliveries WHERE user_id = ${userId} ORDER BY id`,
    notificationPreferences: sql`SELECT type, channel, mode FROM notification_preferences WHERE user_id = ${userId} ORDER BY type, channel`,
  };
  const rows = await Promise.all(Object.values(parts).map((query) => queryRows(db, query)));
  return { profile, ...Object.fromEntries(Object.keys(parts).map((name, i) => [name, rows[i]])) };
}

/** Where a user's payment links are kept, for counting them against PAYMENT_LINK_LIMIT. */
export const paymentLinksKept = { table: userPaymentIds, owner: userPaymentIds.userId };
