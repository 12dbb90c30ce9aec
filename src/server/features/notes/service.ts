import type { z } from 'zod';
import {
  type createNoteBodySchema,
  type linkSchema,
  type Note,
  type noteListSchema,
  PEOPLE_MSG,
  type updateNoteBodySchema,
} from '#shared/people.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { SessionUser } from '#shared/auth.js';
import { addUserRelation, type UserRelation } from '../../users/relations.js';
import {
  deleteNote,
  deleteOwnLink,
  insertLink,
  insertNote,
  linksKept,
  type LinkRow,
  type NoteRow,
  selectLinksOf,
  selectMyNotes,
  selectNotesSharedWith,
  selectNote,
  selectOwnLink,
  updateNote,
  updateOwnLink,
} from './repository.js';

type Link = z.infer<typeof linkSchema>;

const toNote = (r: NoteRow): Note => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });
const toLink = (r: LinkRow): Link => ({ ...r, createdAt: r.createdAt.toISOString() });

/** My notes (my notebook or written by me) and the linked notes others share with me. */
export async function listNotes(db: Db, me: number): Promise<z.infer<typeof noteListSchema>> {
  const [mine, shared] = await Promise.all([selectMyNotes(db, me), selectNotesSharedWith(db, me)]);
  return { mine: mine.map(toNote), sharedWithMe: shared.map(toNote) };
}

/** A note the reader may read, or 404: never 403, so a note's existence is not revealed. */
export async function getNote(db: Db, readerId: number, id: number): Promise<Note> {
  const row = await selectNote(db, id, readerId);
  if (!row) throw notFound(PEOPLE_MSG.noteNotFound);
  return toNote(row);
}

/** Who wrote a note the reader may read (0 when the author is gone: then only an admin may change it), or 404. */
export async function noteAuthor(db: Db, readerId: number, id: number): Promise<number | null> {
  return (await getNote(db, readerId, id)).createdById;
}

/** Writes a note in the user's own notebook. */
export async function createNote(db: Db, me: number, body: z.output<typeof createNoteBodySchema>): Promise<Note> {
  const id = await insertNote(db, { userId: me, createdById: me, content: body.content, visibility: body.visibility });
  return getNote(db, me, id);
}

/** Changes a note's content or visibility (the caller has been checked as its author or an admin). */
export async function changeNote(db: Db, id: number, body: z.output<typeof updateNoteBodySchema>): Promise<Note> {
  await updateNote(db, id, body);
  // Read back without the read rule: an admin who makes a public note private may no longer read it.
  const row = await selectNote(db, id);
  if (!row) throw notFound(PEOPLE_MSG.noteNotFound);
  return toNote(row);
}

/** Deletes a note (the caller has been checked as its author or an admin). */
export async function removeNote(db: Db, id: number): Promise<void> {
  if (!(await deleteNote(db, id))) throw notFound(PEOPLE_MSG.noteNotFound);
}

/**
 * The admins' moderation of public notes: a private or linked note is not found here (404, as for a
 * note that does not exist), since admins cannot read those. Checked in the same statement as the delete.
 */
export async function removePublicNote(db: Db, id: number): Promise<void> {
  if (!(await deleteNote(db, id, { publicOnly: true }))) throw notFound(PEOPLE_MSG.noteNotFound);
}

/** The people I linked and the people who linked me. */
export async function listLinks(db: Db, me: number): Promise<{ links: Link[]; linkedBy: Link[] }> {
  const { links, linkedBy } = await selectLinksOf(db, me);
  return { links: links.map(toLink), linkedBy: linkedBy.map(toLink) };
}

const LINK: UserRelation = {
  quota: 'linkedUsers',
  kept: linksKept,
  msg: { userNotFound: PEOPLE_MSG.userNotFound, self: PEOPLE_MSG.linkSelf, exists: PEOPLE_MSG.linkExists },
};

/** Links another user (by name, any letter case; a hidden one as findUserKnownTo allows); note access starts withheld. At most `max` links (LINKED_USER_LIMIT). */
export async function createLink(db: Db, user: SessionUser, username: string, max: number): Promise<Link> {
  const id = await addUserRelation(db, user, username, max, LINK, insertLink);
  return getOwnLink(db, user.id, id);
}

/** A link the user made, or 404 (other people's links are not theirs to see). */
async function getOwnLink(db: Db, me: number, id: number): Promise<Link> {
  const row = await selectOwnLink(db, id, me);
  if (!row) throw notFound(PEOPLE_MSG.linkNotFound);
  return toLink(row);
}

/** Grants or withdraws the linked person's access to my linked notes. */
export async function setNoteAccess(db: Db, me: number, id: number, hasNoteAccess: boolean): Promise<Link> {
  if (!(await updateOwnLink(db, id, me, hasNoteAccess))) throw notFound(PEOPLE_MSG.linkNotFound);
  return getOwnLink(db, me, id);
}

/** Removes a link the user made. */
export async function removeLink(db: Db, me: number, id: number): Promise<void> {
  if (!(await deleteOwnLink(db, id, me))) throw notFound(PEOPLE_MSG.linkNotFound);
}
