import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema, requestCodeFormSchema } from './reset-texts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

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
