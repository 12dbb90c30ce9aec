import { and, eq, or, sql } from 'drizzle-orm';
import * as userPolicy from '#shared/policies/users.js';
import { type Db, queryRows } from '../db/client.js';
import { conversations, users } from '../db/schema.js';
import { publish } from '../plugins/live.js';

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

/**
 * The user a name names, as `viewer` may know them. A hidden account answers as a name nobody has
 * (undefined) to everyone but itself, the admins and the people it has a conversation with (they see
 * its name there, and must be able to block or report it). Every route that takes a username from
 * someone else goes through here, so a 404 never tells a hidden account from an unknown one.
 */
export async function findUserKnownTo(db: Db, username: string, viewer: { id: number; isAdmin: boolean }): Promise<UserRow | undefined> {
  const user = await findUserByUsername(db, username);
  if (!user || userPolicy.see(viewer, user)) return user;
  const between = (a: number, b: number) => and(eq(conversations.ownerId, a), eq(conversations.requesterId, b));
  const [shared] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(between(user.id, viewer.id), between(viewer.id, user.id)))
    .limit(1);
  return shared ? user : undefined;
}

export async function insertUser(
  db: Db,
  values: {
    username: string;
    passwordHash: string;
    isVisible: boolean;
    phoneNumber?: string;
    isAdmin?: boolean;
    language?: string;
    /** The account on whose browser this one is registered (plugins/suspension.ts registrationOrigin). */
    registeredFromUserId?: number | null;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      password: values.passwordHash,
      isVisible: values.isVisible,
      phoneNumber: values.phoneNumber ?? null,
      isAdmin: values.isAdmin ?? false,
      language: values.language ?? null,
      registeredFromUserId: values.registeredFromUserId ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/**
 * Tells the admins' open pages that a list of theirs changed (the `admin` live event): support
 * requests or reports. Given a transaction, it goes out when that commits.
 */
export async function tellAdmins(db: Db, list: 'support' | 'reports'): Promise<void> {
  const admins = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE is_admin`);
  await publish(
    db,
    admins.map((r) => Number(r.id)),
    'admin',
    { list },
  );
}
