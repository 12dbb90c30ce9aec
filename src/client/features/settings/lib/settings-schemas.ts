// The rules of the settings forms: the shared schemas of the API (so messages match the server's
// word for word), plus what only the forms need (a password confirmation, tidying typed input).
import { z } from 'zod';
import { passwordSchema, phoneNumberSchema } from '#shared/auth.js';
import type { MessageId } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import {
  addPaymentLinkBodySchema,
  changePasswordBodySchema,
  codeSchema,
  PEOPLE_MSG,
  phoneBodySchema,
  SUPPORT_DESCRIPTION_MAX,
} from '#shared/people.js';

/** The vendor comes from a <select>, so as text: '' until one is chosen. */
export const paymentLinkFormSchema = z.object({
  vendorId: z.string().regex(/^[1-9]\d*$/, PEOPLE_MSG.vendorInactive),
  paymentId: addPaymentLinkBodySchema.shape.paymentId,
});

/** Spaces, dashes, dots and brackets people type in phone numbers ("+1 (555) 010-2000"). */
export function normalizePhoneNumber(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export const phoneFormSchema = z.object({
  phoneNumber: z.string().transform(normalizePhoneNumber).pipe(phoneNumberSchema),
  currentPassword: phoneBodySchema.shape.currentPassword,
});

/** The 6-digit SMS code; spaces typed or pasted in the middle are ignored. */
export const verifyCodeFormSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(codeSchema),
});

export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordBodySchema.shape.currentPassword,
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** Says SUPPORT_DESCRIPTION_MAX as `{max}`: the form translates it with that value. */
export const REASON_MAX = 'settings.deletion.reasonMax' satisfies MessageId;

export const deletionFormSchema = z.object({
  reason: z.string().trim().max(SUPPORT_DESCRIPTION_MAX, REASON_MAX),
});
