import { type SQL, and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { linkedUsers, notes, users } from '../../db/schema.js';

// A note names two people: whose notebook it is (owner) and who wrote it (author).
const owner = alias(users, 'owner');
const author = alias(users, 'author');

export type NoteRow = {
  id: number;
  content: string;
  visibility: 'private' | 'linked' | 'public';
  userId: number;
  username: string | null;
  createdById: number | null;
  createdByUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const noteColumns = {
  id: notes.id,
  content: notes.content,
  visibility: notes.visibility,
  userId: notes.userId,
  username: owner.username,
  createdById: notes.createdById,
  createdByUsername: author.username,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

const selectNotes = (db: Db) =>
  db.select(noteColumns).from(notes).leftJoin(owner, eq(owner.id, notes.userId)).leftJoin(author, eq(author.id, notes.createdById));

/**
 * The read rule: the owner and the author always; for `linked`, readers the owner linked with note
 * access; for `public`, everyone. Admins are not readers of private notes: privacy comes first.
 */
function readableBy(readerId: number): SQL {
  return sql`(${notes.userId} = ${readerId} OR ${notes.createdById} = ${readerId} OR ${notes.visibility} = 'public'
    OR (${notes.visibility} = 'linked' AND EXISTS (
      SELECT 1 FROM ${linkedUsers}
      WHERE ${linkedUsers.userId} = ${notes.userId} AND ${linkedUsers.linkedUserId} = ${readerId} AND ${linkedUsers.hasNoteAccess})))`;
}

/** Notes in my notebook or written by me, last changed first. */
export function selectMyNotes(db: Db, me: number): Promise<NoteRow[]> {
  return selectNotes(db)
    .where(or(eq(notes.userId, me), eq(notes.createdById, me)))
    .orderBy(desc(notes.updatedAt), desc(notes.id));
}

/** Other owners' `linked` notes whose owner gave me note access (mine are listed apart), newest first. */
export function selectNotesSharedWith(db: Db, me: number): Promise<NoteRow[]> {
  return selectNotes(db)
    .innerJoin(
      linkedUsers,
      and(eq(linkedUsers.userId, notes.userId), eq(linkedUsers.linkedUserId, me), eq(linkedUsers.hasNoteAccess, true)),
    )
    .where(and(sql`${notes.visibility} = 'linked'`, ne(notes.userId, me), or(isNull(notes.createdById), ne(notes.createdById, me))))
    .orderBy(desc(notes.createdAt), desc(notes.id));
}

/** A note by id: when a reader is given, only if that reader may read it. */
export async function selectNote(db: Db, id: number, readerId?: number): Promise<NoteRow | undefined> {
  const [row] = await selectNotes(db)
    .where(and(eq(notes.id, id), readerId === undefined ? undefined : readableBy(readerId)))
    .limit(1);
  return row;
}

export async function insertNote(db: Db, values: typeof notes.$inferInsert): Promise<number> {
  const [row] = await db.insert(notes).values(values).returning({ id: notes.id });
  return row!.id;
}

export async function updateNote(db: Db, id: number, values: { content?: string; visibility?: NoteRow['visibility'] }): Promise<void> {
  await db
    .update(notes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(notes.id, id));
}

/** Deletes a note; answers whether there was one. */
export async function deleteNote(db: Db, id: number, { publicOnly = false } = {}): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, id), publicOnly ? eq(notes.visibility, 'public') : undefined))
    .returning({ id: notes.id });
  return rows.length > 0;
}

// ---- Links between users ----

export type LinkRow = { id: number; user: { id: number; username: string }; hasNoteAccess: boolean; createdAt: Date };

/**
 * Links from one side: `from` = the people I linked (the other person is the linked one),
 * `to` = the people who linked me (the other person is the linker).
 */
function selectLinks(db: Db, side: 'from' | 'to') {
  const other = side === 'from' ? linkedUsers.linkedUserId : linkedUsers.userId;
  return db
    .select({
      id: linkedUsers.id,
      user: { id: users.id, username: users.username },
      hasNoteAccess: linkedUsers.hasNoteAccess,
      createdAt: linkedUsers.createdAt,
    })
    .from(linkedUsers)
    .innerJoin(users, eq(users.id, other));
}

/** The people a user linked, and the people who linked them, newest first. */
export async function selectLinksOf(db: Db, me: number): Promise<{ links: LinkRow[]; linkedBy: LinkRow[] }> {
  const order = [desc(linkedUsers.createdAt), desc(linkedUsers.id)];
  const [links, linkedBy] = await Promise.all([
    selectLinks(db, 'from')
      .where(eq(linkedUsers.userId, me))
      .orderBy(...order),
    selectLinks(db, 'to')
      .where(eq(linkedUsers.linkedUserId, me))
      .orderBy(...order),
  ]);
  return { links, linkedBy };
}

/** A link the user made (the only person who may see it by id, change or remove it). */
export async function selectOwnLink(db: Db, id: number, me: number): Promise<LinkRow | undefined> {
  const [row] = await selectLinks(db, 'from')
    .where(and(eq(linkedUsers.id, id), eq(linkedUsers.userId, me)))
    .limit(1);
  return row;
}

/** The links a user made, as withinTotal counts them (LINKED_USER_LIMIT). */
export const linksKept = { table: linkedUsers, owner: linkedUsers.userId };

export async function insertLink(db: Db, userId: number, linkedUserId: number): Promise<number> {
  const [row] = await db.insert(linkedUsers).values({ userId, linkedUserId }).returning({ id: linkedUsers.id });
  return row!.id;
}

/** Grants or withdraws note access on a link the user made; answers whether there was one. */
export async function updateOwnLink(db: Db, id: number, me: number, hasNoteAccess: boolean): Promise<boolean> {
  const rows = await db
    .update(linkedUsers)
    .set({ hasNoteAccess })
    .where(and(eq(linkedUsers.id, id), eq(linkedUsers.userId, me)))
    .returning({ id: linkedUsers.id });
  return rows.length > 0;
}

/** Removes a link the user made; answers whether there was one. */
export async function deleteOwnLink(db: Db, id: number, me: number): Promise<boolean> {
  const rows = await db
    .delete(linkedUsers)
    .where(and(eq(linkedUsers.id, id), eq(linkedUsers.userId, me)))
    .returning({ id: linkedUsers.id });
  return rows.length > 0;
}
