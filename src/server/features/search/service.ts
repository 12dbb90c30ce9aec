import { SEARCH_RESULTS_CAP, type SearchResult } from '#shared/people.js';
import type { Db } from '../../db/client.js';
import { type PublicNoteRow, selectPublicNotes, selectVisibleUsers } from './repository.js';

/** Visible users by name and public notes by content, each list capped (docs/product.md, Data search result). */
export async function search(db: Db, text: string): Promise<SearchResult> {
  const [users, notes] = await Promise.all([
    selectVisibleUsers(db, text, SEARCH_RESULTS_CAP),
    selectPublicNotes(db, { text, limit: SEARCH_RESULTS_CAP }),
  ]);
  return {
    users,
    // A hidden account's notes stay public, without its name: it answers as unknown (docs/product.md).
    publicNotes: notes.map((n) => ({
      id: n.id,
      content: n.content,
      username: n.authorVisible ? n.username : null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** Every public note, newest first (the admins' list). */
export const publicNotes = (db: Db): Promise<PublicNoteRow[]> => selectPublicNotes(db);
