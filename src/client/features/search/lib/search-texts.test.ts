import { describe, expect, it } from 'vitest';
import { noNotesText, noteAuthor, noUsersText, resultsSummary, searchQueryOf } from './search-texts';

describe('search texts', () => {
  it('says what was not found, quoting the query', () => {
    expect(noUsersText('zed')).toBe('No users found matching "zed"');
    expect(noNotesText('zed')).toBe('No public notes found matching "zed"');
  });

  it('sends the text without surrounding spaces, and nothing for blank text', () => {
    expect(searchQueryOf('  ann ')).toBe('ann');
    expect(searchQueryOf('   ')).toBe('');
    expect(searchQueryOf('')).toBe('');
  });

  it('summarises the results with singular and plural', () => {
    expect(resultsSummary(1, 1, 'a')).toBe('Found 1 user and 1 public note for "a"');
    expect(resultsSummary(0, 3, 'a')).toBe('Found 0 users and 3 public notes for "a"');
  });

  it("names a note's author, or 'Unknown user'", () => {
    expect(noteAuthor('alice')).toBe('alice');
    expect(noteAuthor(null)).toBe('Unknown user');
    expect(noteAuthor('')).toBe('Unknown user');
  });
});
