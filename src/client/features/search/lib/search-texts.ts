// Texts of the public search page (docs/product.md, Pages, Public search and profiles).

/** The query that is sent: the box's text without surrounding spaces ('' sends nothing). */
export function searchQueryOf(text: string): string {
  return text.trim();
}

/** 'No users found matching "{query}"'. */
export function noUsersText(query: string): string {
  return `No users found matching "${query}"`;
}

/** The same sentence for the notes list. */
export function noNotesText(query: string): string {
  return `No public notes found matching "${query}"`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a screen reader hears when results arrive, e.g. 'Found 2 users and 1 public note for "ann"'. */
export function resultsSummary(users: number, notes: number, query: string): string {
  return `Found ${count(users, 'user', 'users')} and ${count(notes, 'public note', 'public notes')} for "${query}"`;
}

/** The author line of a public note; notes whose author is gone say 'Unknown user'. */
export function noteAuthor(username: string | null | undefined): string {
  return username ? username : 'Unknown user';
}
