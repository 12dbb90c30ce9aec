import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { say } from '@/lib/i18n';
import { newPasswordFormSchema, requestCodeFormSchema } from './reset-texts';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => say(i.message)) ?? []);

describe('password reset forms', () => {
  it('needs a username', () => {
    expect(messages(requestCodeFormSchema.safeParse({ username: '   ' }))).toEqual(['Username is required']);
    expect(requestCodeFormSchema.safeParse({ username: ' alice ' }).data).toEqual({ username: 'alice' });
  });

  it('wants exactly 6 digits as the code', () => {
    const ok = { newPassword: 'secret1' };
    expect(newPasswordFormSchema.safeParse({ ...ok, code: '123456' }).success).toBe(true);
    expect(messages(newPasswordFormSchema.safeParse({ ...ok, code: '12345' }))).toEqual(['Reset code must be 6 digits']);
    expect(messages(newPasswordFormSchema.safeParse({ ...ok, code: '1234567' }))).toEqual(['Reset code must be 6 digits']);
    expect(messages(newPasswordFormSchema.safeParse({ ...ok, code: '12a456' }))).toEqual(['Reset code must be 6 digits']);
  });

  it('applies the password rule to the new password', () => {
    expect(messages(newPasswordFormSchema.safeParse({ code: '123456', newPassword: '12345' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
  });
});
