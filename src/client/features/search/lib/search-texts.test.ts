import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate as t } from '@/lib/i18n';
import { noNotesText, noteAuthor, noUsersText, resultsSummary, searchQueryOf } from './search-texts';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

describe('search texts', () => {
  it('says what was not found, quoting the query', () => {
    expect(noUsersText(t, 'zed')).toBe('No users found matching "zed"');
    expect(noNotesText(t, 'zed')).toBe('No public notes found matching "zed"');
  });

  it('sends the text without surrounding spaces, and nothing for blank text', () => {
    expect(searchQueryOf('  ann ')).toBe('ann');
    expect(searchQueryOf('   ')).toBe('');
    expect(searchQueryOf('')).toBe('');
  });

  it('summarises the results with singular and plural', () => {
    expect(resultsSummary(t, 1, 1, 'a')).toBe('Found 1 user and 1 public note for "a"');
    expect(resultsSummary(t, 0, 3, 'a')).toBe('Found 0 users and 3 public notes for "a"');
  });

  it("names a note's author, or 'Unknown user'", () => {
    expect(noteAuthor(t, 'alice')).toBe('alice');
    expect(noteAuthor(t, null)).toBe('Unknown user');
    expect(noteAuthor(t, '')).toBe('Unknown user');
  });
});
