import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * User accounts, looked up and written by every feature that deals with people (sign-in, settings,
 * profiles, notes, blocks, reports, admin): one place, so a user is found the same way everywhere.
 */
export type UserRow = typeof users.$inferSelect;

/** The user with this id. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user with this name in any letter case (served by the unique index on lower(username)). */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { username: string; passwordHash: string; isVisible: boolean; phoneNumber?: string; isAdmin?: boolean },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      password: values.passwordHash,
      isVisible: values.isVisible,
      phoneNumber: values.phoneNumber ?? null,
      isAdmin: values.isAdmin ?? false,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
