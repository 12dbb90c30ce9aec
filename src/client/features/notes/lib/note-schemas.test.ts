import { describe, expect, it } from 'vitest';
import { linkFormSchema, noteFormSchema } from './note-schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

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
