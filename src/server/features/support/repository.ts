import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enqueue } from '../notifications/outbox.js';
import { supportRequests, users } from '../../db/schema.js';

type Status = (typeof supportRequests.$inferSelect)['status'];

export type SupportRow = {
  id: number;
  userId: number | null;
  username: string | null;
  type: (typeof supportRequests.$inferSelect)['type'];
  description: string;
  status: Status;
  createdAt: Date;
  resolvedAt: Date | null;
};

const selectRequests = (db: Db) =>
  db
    .select({
      id: supportRequests.id,
      userId: supportRequests.userId,
      username: users.username,
      type: supportRequests.type,
      description: supportRequests.description,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
      resolvedAt: supportRequests.resolvedAt,
    })
    .from(supportRequests)
    .leftJoin(users, eq(users.id, supportRequests.userId));

const newestFirst = [desc(supportRequests.createdAt), desc(supportRequests.id)];

export async function selectSupportRequest(db: Db, id: number): Promise<SupportRow | undefined> {
  const [row] = await selectRequests(db).where(eq(supportRequests.id, id)).limit(1);
  return row;
}

/** One user's requests, newest first. */
export function selectSupportRequestsOf(db: Db, userId: number): Promise<SupportRow[]> {
  return selectRequests(db)
    .where(eq(supportRequests.userId, userId))
    .orderBy(...newestFirst);
}

/** Every request: the pending ones first (what an admin has to act on), then newest first. */
export function selectAllSupportRequests(db: Db): Promise<SupportRow[]> {
  const pendingFirst: SQL = sql`(${supportRequests.status} = 'pending') DESC`;
  return selectRequests(db).orderBy(pendingFirst, ...newestFirst);
}

export async function insertSupportRequest(
  db: Db,
  values: { userId: number; type: SupportRow['type']; description: string },
): Promise<number> {
  const [row] = await db.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  return row!.id;
}

/** Sets a request's status; it keeps the time it was first resolved, and loses it when reopened. Answers whether there was one. */
export async function updateSupportStatus(db: Db, id: number, status: Status): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: supportRequests.status, userId: supportRequests.userId })
      .from(supportRequests)
      .where(eq(supportRequests.id, id))
      .for('update');
    if (!before) return false;
    const resolvedAt = status === 'resolved' ? sql`coalesce(${supportRequests.resolvedAt}, now())` : null;
    await tx.update(supportRequests).set({ status, resolvedAt }).where(eq(supportRequests.id, id));
    // Its author hears of a change of status (from the team: no actor), in the same transaction.
    if (before.status !== status && before.userId !== null) {
      await enqueue(tx, [{ type: 'support_update', recipientId: before.userId, supportRequestId: id }]);
    }
    return true;
  });
}
