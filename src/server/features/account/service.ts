import { CODE_TTL_MINUTES, PEOPLE_MSG, type Settings } from '#shared/people.js';
import type { DistanceUnit } from '#shared/distance-unit.js';
import { PRODUCT_NAME } from '#shared/constants.js';
import { DEFAULT_LANGUAGE, type Language, languageOrUndefined, type Message, type MessageValues } from '#shared/i18n.js';
import { MSG, SECURITY_MSG } from '#shared/messages.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { withinTotal } from '../../plugins/quotas.js';
import type { MailSender } from '../../plugins/mail.js';
import type { SmsSender } from '../../plugins/sms.js';
import { mailResetCode } from '../email/service.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { removeUser } from '../admin/service.js';
import { avatarUrls } from '../profiles/service.js';
import { formatPhone, toE164 } from '../../phone.js';
import { passwordProblem } from '../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { findUserById, findUserByUsername, updateUser } from '../../users/repository.js';
import { clearCode, consumeCode, issueCode, sentRecently } from './codes.js';
import {
  deletePaymentLink,
  insertPaymentLink,
  paymentLinksKept,
  markForDeletion,
  selectActiveVendor,
  selectActiveVendors,
  selectPaymentLinks,
  selectUserData,
} from './repository.js';

/** An SMS in the recipient's stored language (English when they chose none). */
const smsText = (user: { language: string | null }, message: Message, values?: MessageValues) =>
  translate(languageOrUndefined(user.language) ?? DEFAULT_LANGUAGE, message, values);

/** Stores the language the person chose (null: none). */
export async function setLanguage(db: Db, userId: number, language: Language | null): Promise<void> {
  await updateUser(db, userId, { language });
}

/** What settings answers need besides the database: where photos are served from, the phone region. */
export interface SettingsView {
  storage: ImageStorage;
  phoneRegion: string;
}
export const settingsView = (app: { storage: ImageStorage; config: { phoneDefaultRegion: string } }): SettingsView => ({
  storage: app.storage,
  phoneRegion: app.config.phoneDefaultRegion,
});

/** Stores the unit distances are shown in. */
export async function setDistanceUnit(db: Db, userId: number, distanceUnit: DistanceUnit): Promise<void> {
  await updateUser(db, userId, { distanceUnit });
}

/** The signed-in user's own settings (GET /api/me/settings and every change's answer). */
export async function getSettings(db: Db, userId: number, view: SettingsView): Promise<Settings> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(PEOPLE_MSG.userNotFound);
  return {
    id: user.id,
    username: user.username,
    phoneNumber: user.phoneNumber,
    phoneNumberFormatted: user.phoneNumber ? formatPhone(user.phoneNumber, view.phoneRegion) : null,
    phoneInvalid: user.phoneInvalid === true,
    isPhoneVerified: user.isPhoneVerified,
    isVisible: user.isVisible,
    markedForDeletion: user.markedForDeletion,
    paymentIds: await selectPaymentLinks(db, userId),
    bio: user.bio,
    area: user.area,
    avatarUrl: avatarUrls(view.storage, user.avatarKey).avatarUrl,
  };
}

/** PUT /api/me/profile: the bio and the area name (null clears one). */
export async function setProfileText(db: Db, userId: number, values: { bio: string | null; area: string | null }, view: SettingsView) {
  await updateUser(db, userId, values);
  return getSettings(db, userId, view);
}

/** A typed number in E.164, or 400 'Please enter a valid phone number'. */
export function phoneOrBadRequest(input: string, region: string): string {
  const e164 = toE164(input, region);
  if (!e164) throw badRequest(MSG.phoneInvalid);
  return e164;
}

/** A user's payment links with their vendors (the public profile shows them). */
export const paymentLinksOf = (db: Db, userId: number) => selectPaymentLinks(db, userId);

/** The vendors users can choose from for a payment link. */
export const activeVendors = (db: Db) => selectActiveVendors(db);

/** Shows or hides the user's profile in search. */
export async function setVisibility(db: Db, userId: number, isVisible: boolean, view: SettingsView): Promise<Settings> {
  await updateUser(db, userId, { isVisible });
  return getSettings(db, userId, view);
}

/** Adds a payment link with an active vendor (at most `max` per user, PAYMENT_LINK_LIMIT; 400 past it as before). */
export async function addPaymentLink(db: Db, userId: number, vendorId: number, paymentId: string, max: number) {
  if (!(await selectActiveVendor(db, vendorId))) throw badRequest(PEOPLE_MSG.vendorInactive);
  const id = await withinTotal(
    db,
    'paymentLinks',
    userId,
    max,
    paymentLinksKept,
    (tx) => insertPaymentLink(tx, userId, vendorId, paymentId),
    400,
  );
  return (await selectPaymentLinks(db, userId)).find((l) => l.id === id)!;
}

/** Removes one of the user's own payment links; someone else's is "not found". */
export async function removePaymentLink(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deletePaymentLink(db, userId, id))) throw notFound(PEOPLE_MSG.paymentLinkNotFound);
}

/**
 * Sets (or with null removes) the phone number after checking the password: the number is where
 * reset codes go, so a borrowed, signed-in browser must not be able to point it elsewhere. A new
 * number is unverified, and any pending code is void. A verified number that is replaced or removed
 * is told by SMS, so its owner learns of a change they did not make.
 */
export async function changePhoneNumber(
  db: Db,
  sms: SmsSender,
  userId: number,
  currentPassword: string,
  phoneNumber: string | null,
  log: { warn: (obj: object, msg: string) => void },
  view: SettingsView,
): Promise<Settings> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password, currentPassword))) throw badRequest(PEOPLE_MSG.currentPasswordWrong);
  if (user.phoneNumber !== phoneNumber || user.phoneInvalid !== false) {
    await updateUser(db, userId, { phoneNumber, isPhoneVerified: false, phoneInvalid: false });
    if (user.verificationPurpose) await clearCode(db, userId);
    if (user.phoneNumber && user.isPhoneVerified) {
      const notice = smsText(user, phoneNumber ? SECURITY_MSG.phoneChangedNotice : SECURITY_MSG.phoneRemovedNotice);
      // The change is made either way: a notice that cannot be sent is logged, not an error.
      await sms.send(user.phoneNumber, notice).catch((err: unknown) => log.warn({ err }, 'could not send the phone change notice'));
    }
  }
  return getSettings(db, userId, view);
}

/** Sends a phone verification code by SMS (not more than once a minute). */
export async function sendPhoneCode(db: Db, sms: SmsSender, userId: number): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user?.phoneNumber) throw badRequest(PEOPLE_MSG.noPhoneNumber);
  // A number stored before E.164 that could not be read: no SMS goes to it until it is entered again.
  if (user.phoneInvalid !== false) throw badRequest(MSG.phoneInvalid);
  if (sentRecently(user, 'phone')) throw new AppError(429, MSG.codeSentRecently);
  const code = await issueCode(db, userId, 'phone');
  try {
    await sms.send(user.phoneNumber, smsText(user, SECURITY_MSG.phoneCode, { code, minutes: CODE_TTL_MINUTES }));
  } catch (err) {
    await clearCode(db, userId);
    throw new AppError(502, MSG.smsFailed, { cause: err });
  }
}

/** Checks the phone code; a right one marks the phone verified. */
export async function verifyPhone(db: Db, userId: number, code: string, view: SettingsView): Promise<Settings> {
  const outcome = await consumeCode(db, userId, 'phone', code);
  if (outcome === 'too-many') throw badRequest(PEOPLE_MSG.codeTooManyTries);
  if (outcome !== 'ok') throw badRequest(PEOPLE_MSG.codeInvalid);
  await updateUser(db, userId, { isPhoneVerified: true });
  return getSettings(db, userId, view);
}

/** Changes the password after checking the current one. */
export async function changePassword(db: Db, userId: number, currentPassword: string, newPassword: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password, currentPassword))) throw badRequest(PEOPLE_MSG.currentPasswordWrong);
  const problem = passwordProblem(newPassword, user.username);
  if (problem) throw badRequest(problem);
  await updateUser(db, userId, { password: await hashPassword(newPassword) });
}

/** Asks the admins to delete the account: a support request of type account_deletion (once). */
export async function requestDeletion(db: Db, userId: number, reason: string | undefined): Promise<void> {
  const description = reason && reason.length >= 10 ? reason : `Please delete my account.${reason ? ` ${reason}` : ''}`;
  await markForDeletion(db, userId, description);
}

/** Everything the app stores about the user, as one JSON document ("download my data"). */
export async function exportUserData(db: Db, userId: number) {
  const data = await selectUserData(db, userId);
  if (!data.profile) throw notFound(PEOPLE_MSG.userNotFound);
  return { exportedAt: new Date().toISOString(), product: PRODUCT_NAME, ...data };
}

/** Deletes the user's own account after checking the password again; admins are refused (removeUser). */
export async function deleteOwnAccount(
  db: Db,
  storage: ImageStorage,
  userId: number,
  password: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password, password))) throw badRequest(PEOPLE_MSG.currentPasswordWrong);
  await removeUser(db, storage, user, userId, log);
}

/**
 * Sends a reset code by SMS and e-mail when the user exists and has a verified phone number or
 * e-mail address (to each that is verified). Runs after the answer has
 * gone, so the answer (and its timing) is the same whether or not the user exists.
 */
export async function sendResetCode(
  db: Db,
  senders: { sms: SmsSender; mail: MailSender; site: string },
  username: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const user = await findUserByUsername(db, username);
  // Only a verified number or address: one merely typed into Settings may not be the owner's.
  const toPhone = Boolean(user?.phoneNumber && user.isPhoneVerified && user.phoneInvalid === false);
  const toEmail = Boolean(user?.email && user.isEmailVerified);
  if (!user || (!toPhone && !toEmail) || sentRecently(user, 'reset')) return;
  // One code, to each verified place: a failure of one does not keep it from the other.
  const code = await issueCode(db, user.id, 'reset');
  const sent = await Promise.allSettled([
    toPhone ? senders.sms.send(user.phoneNumber!, smsText(user, SECURITY_MSG.resetCode, { code, minutes: CODE_TTL_MINUTES })) : undefined,
    toEmail ? mailResetCode(senders, user, code, CODE_TTL_MINUTES) : undefined,
  ]);
  for (const outcome of sent)
    if (outcome.status === 'rejected') log.warn({ err: outcome.reason as unknown }, 'could not send a reset code');
}

/**
 * Sets a new password with a valid reset code; answers the user's id (whose sessions must end).
 * Every failure has one answer, in the same work (a lookup and one counting UPDATE, against id 0
 * for a name nobody has): a wrong, expired, spent or never-sent code of a real or hidden account,
 * and any code for an unknown name. Telling "too many wrong codes" to a real account only would
 * tell which names exist.
 */
export async function resetPassword(db: Db, username: string, code: string, newPassword: string): Promise<number> {
  // Judged by the name typed, before the code is tried: the same for every name, and a refused
  // password does not spend one of the code's tries.
  const problem = passwordProblem(newPassword, username);
  if (problem) throw badRequest(problem);
  const user = await findUserByUsername(db, username);
  const outcome = await consumeCode(db, user?.id ?? 0, 'reset', code, false);
  if (!user || outcome !== 'ok') throw badRequest(PEOPLE_MSG.resetInvalid);
  await updateUser(db, user.id, { password: await hashPassword(newPassword) });
  return user.id;
}
