import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_LINK_TTL_HOURS, EMAIL_MSG, type EmailState } from '#shared/email.js';
import { PEOPLE_MSG } from '#shared/people.js';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { composeMail, MAIL_MSG } from '../../mail/compose.js';
import type { MailSender } from '../../plugins/mail.js';
import { findUserById, type UserRow } from '../../users/repository.js';
import { verifyPassword } from '../auth/passwords.js';
import { RESEND_AFTER_MS } from '../account/codes.js';
import { dismissEmailPrompt, storeEmail, storeEmailToken, verifiedByAnother, verifyEmailToken } from './repository.js';

/** What sending needs: the sender, the site's address for links, and a log for notices that fail. */
export interface Mailing {
  db: Db;
  mail: MailSender;
  site: string;
  log: { warn: (obj: object, msg: string) => void };
}

// The token is 256 random bits: its SHA-256 alone keeps a leaked table from giving working links.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sameAddress = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

const stateOf = (user: UserRow): EmailState => ({
  email: user.email,
  isEmailVerified: user.isEmailVerified,
  showPrompt: user.email === null && !user.emailPromptDismissed,
});

async function userOrNotFound(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(PEOPLE_MSG.userNotFound);
  return user;
}

async function userWithPassword(db: Db, userId: number, password: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password, password))) throw badRequest(PEOPLE_MSG.currentPasswordWrong);
  return user;
}

export async function getEmailState(db: Db, userId: number): Promise<EmailState> {
  return stateOf(await userOrNotFound(db, userId));
}

/**
 * Mails a new verification link to the account's address, or, when another account has that
 * address verified, a note saying so to the address instead: the person asking gets the same answer
 * either way (no account's address is revealed), and the address's owner learns of the attempt.
 * A mail that cannot be sent voids the link and answers 502.
 */
async function sendLink(m: Mailing, user: UserRow, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await storeEmailToken(m.db, user.id, hashToken(token), EMAIL_LINK_TTL_HOURS);
  const common = { to: email, language: user.language, site: m.site, values: { username: user.username, hours: EMAIL_LINK_TTL_HOURS } };
  const mail = (await verifiedByAnother(m.db, email, user.id))
    ? composeMail({ ...common, subject: MAIL_MSG.inUseSubject, paragraphs: [MAIL_MSG.inUseBody] })
    : composeMail({
        ...common,
        subject: MAIL_MSG.verifySubject,
        paragraphs: [MAIL_MSG.verifyBody],
        action: { label: MAIL_MSG.verifyAction, url: `${m.site}/verify-email?token=${token}` },
      });
  try {
    await m.mail.send(mail);
  } catch (err) {
    await storeEmailToken(m.db, user.id, null, EMAIL_LINK_TTL_HOURS);
    throw new AppError(502, EMAIL_MSG.mailFailed, { cause: err });
  }
}

/** Tells a verified address that it is no longer the account's (changed or removed); a failure is logged, not an error. */
async function tellOldAddress(m: Mailing, user: UserRow, removed: boolean): Promise<void> {
  if (!user.email || !user.isEmailVerified) return;
  const mail = composeMail({
    to: user.email,
    language: user.language,
    site: m.site,
    values: { username: user.username },
    subject: removed ? MAIL_MSG.removedSubject : MAIL_MSG.changedSubject,
    paragraphs: [removed ? MAIL_MSG.removedBody : MAIL_MSG.changedBody],
  });
  await m.mail.send(mail).catch((err: unknown) => m.log.warn({ err }, 'could not send the e-mail change notice'));
}

const sentRecently = (user: UserRow) => user.emailTokenSentAt !== null && Date.now() - user.emailTokenSentAt.getTime() < RESEND_AFTER_MS;

/**
 * PUT /api/me/email: sets the address after checking the password (it is where reset codes go),
 * unverified until the mailed link is opened. A verified address that is replaced is told.
 * The same address again: nothing to do when verified, a new link when not.
 */
export async function setEmail(m: Mailing, userId: number, email: string, password: string): Promise<EmailState> {
  const user = await userWithPassword(m.db, userId, password);
  if (sameAddress(user.email, email)) {
    if (!user.isEmailVerified) await resendLink(m, userId);
    return getEmailState(m.db, userId);
  }
  await storeEmail(m.db, userId, email, null, EMAIL_LINK_TTL_HOURS);
  await tellOldAddress(m, user, false);
  await sendLink(m, user, email);
  return getEmailState(m.db, userId);
}

/** POST /api/me/email/send-link: the link again (not within a minute of the last one). */
export async function resendLink(m: Mailing, userId: number): Promise<void> {
  const user = await userOrNotFound(m.db, userId);
  if (!user.email) throw badRequest(EMAIL_MSG.noEmail);
  if (user.isEmailVerified) throw badRequest(EMAIL_MSG.alreadyVerified);
  if (sentRecently(user)) throw new AppError(429, EMAIL_MSG.linkSentRecently);
  await sendLink(m, user, user.email);
}

/** DELETE /api/me/email: removes the address after checking the password; a verified one is told. */
export async function removeEmail(m: Mailing, userId: number, password: string): Promise<EmailState> {
  const user = await userWithPassword(m.db, userId, password);
  if (user.email !== null) {
    await storeEmail(m.db, userId, null, null, EMAIL_LINK_TTL_HOURS);
    await tellOldAddress(m, user, true);
  }
  return getEmailState(m.db, userId);
}

/**
 * POST /api/email/verify: the link's token marks its account's address verified, once, within
 * 24 hours. Needs no sign-in (the link may be opened on another device). 409 when another account
 * verified the same address in the meantime (only the address's holder sees that).
 */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  let userId: number | undefined;
  try {
    userId = await verifyEmailToken(db, hashToken(token));
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError(409, EMAIL_MSG.inUse);
    throw err;
  }
  if (userId === undefined) throw badRequest(EMAIL_MSG.linkInvalid);
}

/** POST /api/me/email/dismiss-prompt: the /home card is gone for good. */
export async function dismissPrompt(db: Db, userId: number): Promise<EmailState> {
  await dismissEmailPrompt(db, userId);
  return getEmailState(db, userId);
}

/** Mails a password reset code to the account's address, if it is verified (the password reset, account service). */
export async function mailResetCode(m: Omit<Mailing, 'db' | 'log'>, user: UserRow, code: string, minutes: number): Promise<void> {
  if (!user.email || !user.isEmailVerified) return;
  await m.mail.send(
    composeMail({
      to: user.email,
      language: user.language,
      site: m.site,
      values: { username: user.username, code, minutes },
      subject: MAIL_MSG.resetSubject,
      paragraphs: [MAIL_MSG.resetBody],
    }),
  );
}
