// The contract of the e-mail address of an account (docs/decisions/013-email.md): adding, verifying
// by a mailed link, removing, the /home card, and the one-click unsubscribe.
import { z } from 'zod';
import type { MessageId } from './i18n.js';
import { currentPasswordSchema } from './people.js';

/** How long a verification link works. */
export const EMAIL_LINK_TTL_HOURS = 24;
/** The longest address (RFC 5321's path limit). */
const EMAIL_MAX = 254;

export const EMAIL_MSG = {
  invalid: 'email.api.invalid',
  noEmail: 'email.api.noEmail',
  alreadyVerified: 'email.api.alreadyVerified',
  linkSentRecently: 'email.api.linkSentRecently',
  linkInvalid: 'email.api.linkInvalid',
  inUse: 'email.api.inUse',
  verified: 'email.api.verified',
  mailFailed: 'email.api.mailFailed',
  unsubscribeInvalid: 'email.api.unsubscribeInvalid',
  unsubscribed: 'email.api.unsubscribed',
} as const satisfies Record<string, MessageId>;

/** An address as people type it: trimmed, one @, no spaces, a dot in the domain. */
const emailSchema = z
  .string({ error: EMAIL_MSG.invalid })
  .trim()
  .max(EMAIL_MAX, EMAIL_MSG.invalid)
  .pipe(z.email({ error: EMAIL_MSG.invalid }));

/** GET /api/me/email and the answer of every change. */
export const emailStateSchema = z.object({
  email: z.string().nullable(),
  isEmailVerified: z.boolean(),
  /** Whether /home shows the card suggesting an address (no address yet, card not dismissed). */
  showPrompt: z.boolean(),
});
export type EmailState = z.infer<typeof emailStateSchema>;

/** PUT /api/me/email: the address is where reset codes go, so setting it asks for the password. */
export const setEmailBodySchema = z.object({ email: emailSchema, password: currentPasswordSchema });
/** DELETE /api/me/email. */
export const removeEmailBodySchema = z.object({ password: currentPasswordSchema });

/** The token of a verification link: 32 random bytes, base64url. */
const emailTokenSchema = z.string({ error: EMAIL_MSG.linkInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, EMAIL_MSG.linkInvalid);
/** POST /api/email/verify (the page the link opens sends it). */
export const verifyEmailBodySchema = z.object({ token: emailTokenSchema });

/** POST /api/unsubscribe: the token in the body (the unsubscribe page) or in the query (one-click, RFC 8058). */
export const unsubscribeTokenSchema = z
  .string({ error: EMAIL_MSG.unsubscribeInvalid })
  .min(1, EMAIL_MSG.unsubscribeInvalid)
  .max(200, EMAIL_MSG.unsubscribeInvalid);
export const messageAnswerSchema = z.object({ message: z.string() });
