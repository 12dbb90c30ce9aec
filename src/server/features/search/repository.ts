import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, likePattern } from '../../db/client.js';
import { notes, users } from '../../db/schema.js';

export type FoundUser = { id: number; username: string; isPhoneVerified: boolean };

/** Visible users whose name contains the text (any letter case), verified first, then by name. */
export function selectVisibleUsers(db: Db, text: string, limit: number): Promise<FoundUser[]> {
  return db
    .select({ id: users.id, username: users.username, isPhoneVerified: users.isPhoneVerified })
    .from(users)
    .where(and(eq(users.isVisible, true), sql`${users.username} ILIKE ${likePattern(text)}`))
    .orderBy(desc(users.isPhoneVerified), sql`lower(${users.username})`, users.id)
    .limit(limit);
}

export type PublicNoteRow = {
  id: number;
  content: string;
  createdById: number | null;
  username: string | null;
  authorVisible: boolean | null;
  createdAt: Date;
};

/** Public notes, newest first, optionally only those whose content contains the text (any letter case). */
export function selectPublicNotes(db: Db, opts: { text?: string; limit?: number } = {}): Promise<PublicNoteRow[]> {
  // The visibility is written literally so a partial index on public notes can serve the query.
  const query = db
    .select({
      id: notes.id,
      content: notes.content,
      createdById: notes.createdById,
      username: users.username,
      authorVisible: users.isVisible,
      createdAt: notes.createdAt,
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdById))
    .where(
      and(sql`${notes.visibility} = 'public'`, opts.text === undefined ? undefined : sql`${notes.content} ILIKE ${likePattern(opts.text)}`),
    )
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return opts.limit === undefined ? query : query.limit(opts.limit);
}
