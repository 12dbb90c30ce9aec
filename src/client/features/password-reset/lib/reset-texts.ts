// The forms' rules come from the API's own schemas (src/shared/people.ts), so the messages are
// docs/product.md's: 'Username is required', 'Reset code must be 6 digits', 'Password must be at least 6
// characters'. The code field also insists on digits, which the API schema leaves to the server.
import { z } from 'zod';
import type { MessageId } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { PEOPLE_MSG, requestResetBodySchema, resetPasswordBodySchema } from '#shared/people.js';

export const requestCodeFormSchema = requestResetBodySchema;

export const newPasswordFormSchema = z.object({
  code: resetPasswordBodySchema.shape.code.regex(/^\d+$/, MSG.codeInvalid),
  newPassword: resetPasswordBodySchema.shape.newPassword,
});

/** Toasts of docs/product.md, Messages, word for word: message ids. */
export const RESET_TOASTS = {
  codeSentTitle: PEOPLE_MSG.codeSent,
  codeSent: PEOPLE_MSG.resetSent,
  requestFailed: 'reset.toasts.requestFailed',
  doneTitle: PEOPLE_MSG.resetDone,
  done: 'reset.toasts.done',
  resetFailed: 'reset.toasts.resetFailed',
} as const satisfies Record<string, MessageId>;
