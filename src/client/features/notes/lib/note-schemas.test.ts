import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { say } from '@/lib/i18n';
import { linkFormSchema, noteFormSchema } from './note-schemas';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

// The schemas' messages are message ids, said in English here.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : say(result.error?.issues[0]?.message ?? '');

describe('noteFormSchema', () => {
  it('keeps the text (line breaks included) and the visibility', () => {
    expect(noteFormSchema.parse({ content: ' Line one\nLine two ', visibility: 'linked' })).toEqual({
      content: 'Line one\nLine two',
      visibility: 'linked',
    });
  });

  it('refuses an empty or too long note', () => {
    expect(firstMessage(noteFormSchema.safeParse({ content: '  \n ', visibility: 'private' }))).toBe('Note cannot be empty');
    expect(firstMessage(noteFormSchema.safeParse({ content: 'x'.repeat(5001), visibility: 'private' }))).toBe(
      'Note must be at most 5000 characters',
    );
  });

  it('knows only the three visibilities', () => {
    expect(noteFormSchema.safeParse({ content: 'Hi', visibility: 'friends' }).success).toBe(false);
  });
});

describe('linkFormSchema', () => {
  it('needs a username', () => {
    expect(linkFormSchema.parse({ username: ' bob ' })).toEqual({ username: 'bob' });
    expect(firstMessage(linkFormSchema.safeParse({ username: '' }))).toBe('Username is required');
  });
});
