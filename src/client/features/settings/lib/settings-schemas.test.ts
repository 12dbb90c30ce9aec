import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { say } from '@/lib/i18n';
import {
  changePasswordFormSchema,
  deletionFormSchema,
  normalizePhoneNumber,
  paymentLinkFormSchema,
  phoneFormSchema,
  verifyCodeFormSchema,
} from './settings-schemas';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

// The schemas' messages are message ids, said in English here.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : say(result.error?.issues[0]?.message ?? '');

describe('paymentLinkFormSchema', () => {
  it('needs a vendor and a payment id', () => {
    expect(paymentLinkFormSchema.safeParse({ vendorId: '3', paymentId: ' @alice ' }).data).toEqual({
      vendorId: '3',
      paymentId: '@alice',
    });
    expect(firstMessage(paymentLinkFormSchema.safeParse({ vendorId: '', paymentId: '@alice' }))).toBe(
      'Choose one of the offered payment vendors',
    );
    expect(firstMessage(paymentLinkFormSchema.safeParse({ vendorId: '3', paymentId: '   ' }))).toBe('Payment ID is required');
    expect(firstMessage(paymentLinkFormSchema.safeParse({ vendorId: '3', paymentId: 'x'.repeat(201) }))).toBe(
      'Payment ID must be at most 200 characters',
    );
  });
});

describe('phoneFormSchema', () => {
  it('takes numbers as people type them', () => {
    expect(normalizePhoneNumber('+1 (555) 010-2000')).toBe('+15550102000');
    expect(phoneFormSchema.parse({ phoneNumber: '+44 20 7946 0958', currentPassword: 'pw' })).toEqual({
      phoneNumber: '+442079460958',
      currentPassword: 'pw',
    });
    expect(phoneFormSchema.parse({ phoneNumber: '5550102000', currentPassword: 'pw' })).toEqual({
      phoneNumber: '5550102000',
      currentPassword: 'pw',
    });
  });

  it('rejects what the phone rule rejects, with its message', () => {
    for (const phoneNumber of ['', '+0123456', '1', '+1234567890123456', 'call me', '+1 555 abc']) {
      expect(firstMessage(phoneFormSchema.safeParse({ phoneNumber, currentPassword: 'pw' }))).toBe('Please enter a valid phone number');
    }
  });

  it('asks for the current password, as the server does', () => {
    expect(firstMessage(phoneFormSchema.safeParse({ phoneNumber: '+15550102000', currentPassword: '' }))).toBe('Password is required');
  });
});

describe('verifyCodeFormSchema', () => {
  it('wants exactly 6 digits', () => {
    expect(verifyCodeFormSchema.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(verifyCodeFormSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect(firstMessage(verifyCodeFormSchema.safeParse({ code }))).toBe('Verification code must be 6 digits');
    }
  });
});

describe('changePasswordFormSchema', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('accepts a matching new password of 6 characters or more', () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('needs the current password', () => {
    expect(firstMessage(changePasswordFormSchema.safeParse({ ...valid, currentPassword: '' }))).toBe('Password is required');
  });

  it('uses the shared messages', () => {
    const short = changePasswordFormSchema.safeParse({ ...valid, newPassword: '12345', confirmPassword: '12345' });
    expect(firstMessage(short)).toBe('Password must be at least 6 characters');
    const mismatch = changePasswordFormSchema.safeParse({ ...valid, confirmPassword: 'other-secret' });
    expect(firstMessage(mismatch)).toBe("Passwords don't match");
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('deletionFormSchema', () => {
  it('takes an optional reason', () => {
    expect(deletionFormSchema.parse({ reason: '' })).toEqual({ reason: '' });
    expect(deletionFormSchema.parse({ reason: '  Moving away  ' })).toEqual({ reason: 'Moving away' });
    expect(deletionFormSchema.safeParse({ reason: 'x'.repeat(5001) }).success).toBe(false);
  });
});
