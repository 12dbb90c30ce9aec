// Texts of the public search page (docs/product.md, Pages, Public search and profiles): the
// sentences that hold the query or a count, given the translating function.
import type { Translate } from '@/lib/i18n';

/** The query that is sent: the box's text without surrounding spaces ('' sends nothing). */
export function searchQueryOf(text: string): string {
  return text.trim();
}

/** 'No users found matching "{query}"'. */
export function noUsersText(t: Translate, query: string): string {
  return t('search.results.noUsers', { query });
}

/** The same sentence for the notes list. */
export function noNotesText(t: Translate, query: string): string {
  return t('search.results.noNotes', { query });
}

/** What a screen reader hears when results arrive, e.g. 'Found 2 users and 1 public note for "ann"'. */
export function resultsSummary(t: Translate, users: number, notes: number, query: string): string {
  return t('search.results.summary', { users, notes, query });
}

/** The author line of a public note; notes whose author is gone say 'Unknown user'. */
export function noteAuthor(t: Translate, username: string | null | undefined): string {
  return username ? username : t('search.results.unknownUser');
}
