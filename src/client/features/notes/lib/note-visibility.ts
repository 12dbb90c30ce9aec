// Note visibility (docs/product.md, Data and States): who may read a note, in words (message ids), and its badge.
import type { MessageId } from '#shared/i18n.js';
import type { Note } from '#shared/people.js';

export type NoteVisibility = Note['visibility'];

export type VisibilityOption = {
  value: NoteVisibility;
  label: MessageId;
  /** One line on who can read a note with this visibility. */
  description: MessageId;
  /** The badge's look: grey for private, green tones for shared. */
  badge: 'neutral' | 'default' | 'success';
};

export const VISIBILITY_OPTIONS: readonly VisibilityOption[] = [
  { value: 'private', label: 'notes.visibility.private', description: 'notes.visibility.privateText', badge: 'neutral' },
  { value: 'linked', label: 'notes.visibility.linked', description: 'notes.visibility.linkedText', badge: 'default' },
  { value: 'public', label: 'notes.visibility.public', description: 'notes.visibility.publicText', badge: 'success' },
];

/** The option of a visibility; an unknown value is treated as private, the safest reading. */
export function visibilityOption(value: string): VisibilityOption {
  return VISIBILITY_OPTIONS.find((option) => option.value === value) ?? (VISIBILITY_OPTIONS[0] as VisibilityOption);
}

/** Whether a note was changed after it was written (a minute's grace for the first save). */
export function wasEdited(note: Pick<Note, 'createdAt' | 'updatedAt'>): boolean {
  return new Date(note.updatedAt).getTime() - new Date(note.createdAt).getTime() > 60_000;
}

/** Whose note it is, for the 'Shared with me' list: the owner, else the writer. */
export function noteAuthor(note: Pick<Note, 'username' | 'createdByUsername'>): string | null {
  return note.username ?? note.createdByUsername ?? null;
}
