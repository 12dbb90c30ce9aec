import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import { noteAuthor, VISIBILITY_OPTIONS, visibilityOption, wasEdited } from './note-visibility';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

describe('visibility options', () => {
  it('cover private, linked and public in that order, with their labels', () => {
    expect(VISIBILITY_OPTIONS.map((o) => [o.value, translate(o.label)])).toEqual([
      ['private', 'Private'],
      ['linked', 'Linked users'],
      ['public', 'Public'],
    ]);
    for (const option of VISIBILITY_OPTIONS) expect(translate(option.description)).toMatch(/\.$/);
  });

  it('give each visibility its own badge', () => {
    expect(visibilityOption('private').badge).toBe('neutral');
    expect(visibilityOption('linked').badge).toBe('default');
    expect(visibilityOption('public').badge).toBe('success');
  });

  it('read an unknown visibility as private', () => {
    expect(visibilityOption('secret').value).toBe('private');
  });
});

describe('wasEdited', () => {
  it('is true only when the note changed after it was written', () => {
    expect(wasEdited({ createdAt: '2025-03-07T12:00:00Z', updatedAt: '2025-03-07T12:00:00Z' })).toBe(false);
    expect(wasEdited({ createdAt: '2025-03-07T12:00:00Z', updatedAt: '2025-03-07T12:00:30Z' })).toBe(false);
    expect(wasEdited({ createdAt: '2025-03-07T12:00:00Z', updatedAt: '2025-03-08T09:00:00Z' })).toBe(true);
  });
});

describe('noteAuthor', () => {
  it("names the note's owner, else its writer", () => {
    expect(noteAuthor({ username: 'bob', createdByUsername: 'admin' })).toBe('bob');
    expect(noteAuthor({ username: null, createdByUsername: 'carmen' })).toBe('carmen');
    expect(noteAuthor({ username: null, createdByUsername: null })).toBeNull();
  });
});
