// The contract of the "people" API: profiles, payment links, settings, phone verification,
// notes and links, public search, support requests, password reset and the admin dashboard.
import { z } from 'zod';
import { passwordSchema, phoneNumberInputSchema } from './auth.js';
import {
  CODE_LENGTH,
  MAX_PAYMENT_LINKS,
  NOTE_MAX,
  NOTE_VISIBILITIES,
  PAYMENT_ID_MAX,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_DESCRIPTION_MIN,
  SUPPORT_STATUSES,
  SUPPORT_TYPES,
  VENDOR_NAME_MAX,
} from './constants.js';
import { LANGUAGE_CODES, type MessageId } from './i18n.js';
import { DISTANCE_UNITS } from './distance-unit.js';
import { MSG, SCHEMA_MSG } from './messages.js';

export { MAX_PAYMENT_LINKS, NOTE_MAX, PAYMENT_ID_MAX, SUPPORT_DESCRIPTION_MAX, VENDOR_NAME_MAX };

export const SEARCH_RESULTS_CAP = 20;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export const PEOPLE_MSG = {
  userNotFound: 'api.people.userNotFound',
  vendorInactive: 'api.people.vendorInactive',
  vendorExists: 'api.people.vendorExists',
  vendorNotFound: 'api.people.vendorNotFound',
  paymentIdRequired: 'api.people.paymentIdRequired',
  paymentIdMax: 'api.people.paymentIdMax',
  tooManyLinks: 'api.people.tooManyLinks',
  paymentLinkNotFound: 'api.people.paymentLinkNotFound',
  noPhoneNumber: 'api.people.noPhoneNumber',
  codeFormat: 'api.people.codeFormat',
  codeInvalid: 'api.people.codeInvalid',
  codeTooManyTries: 'api.people.codeTooManyTries',
  codeSent: 'api.people.codeSent',
  currentPasswordWrong: 'api.people.currentPasswordWrong',
  noteNotFound: 'api.people.noteNotFound',
  noteNotYours: 'api.people.noteNotYours',
  noteRequired: 'api.people.noteRequired',
  noteMax: 'api.people.noteMax',
  linkSelf: 'api.people.linkSelf',
  linkExists: 'api.people.linkExists',
  linkNotFound: 'api.people.linkNotFound',
  supportNotFound: 'api.people.supportNotFound',
  adminNotDeletable: 'api.people.adminNotDeletable',
  resetSent: 'api.people.resetSent',
  resetInvalid: 'api.people.resetInvalid',
  resetDone: 'api.people.resetDone',
  deletionRequested: 'api.people.deletionRequested',
} as const satisfies Record<string, MessageId>;

const idString = (message: MessageId) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, message)
    .transform(Number);
export const userIdParams = z.object({ id: idString(SCHEMA_MSG.userId) });
export const noteIdParams = z.object({ id: idString(SCHEMA_MSG.noteId) });
export const linkIdParams = z.object({ id: idString(SCHEMA_MSG.linkId) });
export const vendorIdParams = z.object({ id: idString(SCHEMA_MSG.vendorId) });
export const paymentLinkIdParams = z.object({ id: idString(SCHEMA_MSG.paymentLinkId) });
export const supportIdParams = z.object({ id: idString(SCHEMA_MSG.supportId) });
export const usernameParams = z.object({ username: z.string().min(1).max(64) });

// ---- Profiles and payment links ----

const paymentLinkSchema = z.object({ id: z.number(), paymentId: z.string(), vendor: z.object({ name: z.string() }) });

/** A profile's short bio, the area name its owner types, and a thanks' note: at most these many characters. */
export const BIO_MAX = 280;
export const AREA_MAX = 60;
export const THANKS_NOTE_MAX = 280;
/** The thanks and current items a profile lists (newest first). */
export const PROFILE_THANKS_SHOWN = 50;
export const PROFILE_ITEMS_SHOWN = 12;

export const PROFILE_MSG = {
  bioMax: 'api.profiles.bioMax',
  areaMax: 'api.profiles.areaMax',
  noteMax: 'api.profiles.noteMax',
  notHandedOver: 'api.profiles.notHandedOver',
  notYourHandOver: 'api.profiles.notYourHandOver',
  alreadyThanked: 'api.profiles.alreadyThanked',
  blocked: 'api.profiles.blocked',
  itemNotFound: 'api.profiles.itemNotFound',
} as const satisfies Record<string, MessageId>;

/** A thanks as its recipient's profile shows it; `fromUsername` is null when the sender's account is hidden. */
const thanksSchema = z.object({
  id: z.number(),
  fromUsername: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  itemId: z.number().nullable(),
  itemTitle: z.string(),
});
export type Thanks = z.infer<typeof thanksSchema>;
/** An item on a profile: an offer or a want (a want may have no photo: thumbnailUrl ''). */
const profileItemSchema = z.object({ id: z.number(), type: z.enum(['offer', 'want']), title: z.string(), thumbnailUrl: z.string() });

/** GET /api/users/profile/:username (docs/product.md, API): name, badge and payment links, then the profile and reputation. */
export const profileSchema = z.object({
  username: z.string(),
  isPhoneVerified: z.boolean(),
  paymentIds: z.array(paymentLinkSchema),
  memberSince: z.string(),
  bio: z.string().nullable(),
  area: z.string().nullable(),
  /** The square photo, 256 px, and its 96 px copy (null: none). */
  avatarUrl: z.string().nullable(),
  avatarSmallUrl: z.string().nullable(),
  /** Items this person gave (marked given to someone) and received. */
  givenCount: z.number(),
  receivedCount: z.number(),
  /** Thanks received, newest first (at most PROFILE_THANKS_SHOWN), and how many in all. */
  thanks: z.array(thanksSchema),
  thanksCount: z.number(),
  /** Their offers and wants listed now, newest first (at most PROFILE_ITEMS_SHOWN). */
  items: z.array(profileItemSchema),
});

const optionalText = (max: number, message: MessageId) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null));
/** PUT /api/me/profile: the bio and the area ('' or null clears one). */
export const updateProfileBodySchema = z
  .object({ bio: optionalText(BIO_MAX, PROFILE_MSG.bioMax), area: optionalText(AREA_MAX, PROFILE_MSG.areaMax) })
  .strict();
/** POST /api/items/:id/thanks: an optional short note. */
export const thanksBodySchema = z.object({ note: optionalText(THANKS_NOTE_MAX, PROFILE_MSG.noteMax).optional() }).strict();
/** GET /api/items/:id/thanks (the two people of a hand-over): the other person, and the thanks each way. */
export const handOverThanksSchema = z.object({
  other: z.object({ username: z.string() }),
  mine: thanksSchema.nullable(),
  theirs: thanksSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const vendorSchema = z.object({ id: z.number(), name: z.string() });
/** GET /api/vendors: the active vendors a user can choose from. */
export const vendorListSchema = z.array(vendorSchema);
export const adminVendorSchema = vendorSchema.extend({ active: z.boolean(), createdAt: z.string(), linkCount: z.number() });
export const adminVendorListSchema = z.array(adminVendorSchema);
export const createVendorBodySchema = z.object({
  name: z
    .string({ error: SCHEMA_MSG.vendorNameRequired })
    .trim()
    .min(1, SCHEMA_MSG.vendorNameRequired)
    .max(VENDOR_NAME_MAX, SCHEMA_MSG.vendorNameMax),
});
export const updateVendorBodySchema = z.object({ active: z.boolean({ error: SCHEMA_MSG.active }) }).strict();

export const addPaymentLinkBodySchema = z.object({
  vendorId: z.number({ error: PEOPLE_MSG.vendorInactive }).int(PEOPLE_MSG.vendorInactive).positive(PEOPLE_MSG.vendorInactive),
  paymentId: z
    .string({ error: PEOPLE_MSG.paymentIdRequired })
    .trim()
    .min(1, PEOPLE_MSG.paymentIdRequired)
    .max(PAYMENT_ID_MAX, PEOPLE_MSG.paymentIdMax),
});
export const ownPaymentLinkSchema = z.object({
  id: z.number(),
  paymentId: z.string(),
  vendor: z.object({ id: z.number(), name: z.string(), active: z.boolean() }),
});

// ---- The signed-in user's own settings ----

/** GET /api/me/settings and the answer of every settings change. */
export const settingsSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** E.164 (`+12125550134`). */
  phoneNumber: z.string().nullable(),
  /** The number as people of PHONE_DEFAULT_REGION write it. */
  phoneNumberFormatted: z.string().nullable(),
  /** A number stored before E.164 that could not be read: Settings asks for it again. */
  phoneInvalid: z.boolean(),
  isPhoneVerified: z.boolean(),
  isVisible: z.boolean(),
  markedForDeletion: z.boolean(),
  paymentIds: z.array(ownPaymentLinkSchema),
  bio: z.string().nullable(),
  area: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/me/language: one of the product's languages, or null for none (the device's or the browser's). */
/** PUT /api/me/distance-unit: 'km' or 'mi'. */
export const distanceUnitBodySchema = z.object({ distanceUnit: z.enum(DISTANCE_UNITS, { error: SCHEMA_MSG.distanceUnit }) }).strict();

export const languageBodySchema = z.object({ language: z.enum(LANGUAGE_CODES, { error: SCHEMA_MSG.language }).nullable() }).strict();

export const updateSettingsBodySchema = z.object({ isVisible: z.boolean({ error: SCHEMA_MSG.isVisible }) }).strict();
export const codeSchema = z.string({ error: PEOPLE_MSG.codeFormat }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), PEOPLE_MSG.codeFormat);
export const verifyPhoneBodySchema = z.object({ code: codeSchema });
/** The password one has now, asked again before a change that a borrowed, signed-in phone must not make. */
export const currentPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(200, PEOPLE_MSG.currentPasswordWrong);
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
/**
 * PUT /api/me/phone: the number is where reset codes go, so changing it asks for the password
 * (a borrowed, signed-in phone must not be able to take the account over by a reset).
 */
export const phoneBodySchema = z.object({ phoneNumber: phoneNumberInputSchema, currentPassword: currentPasswordSchema });
/** DELETE /api/me/phone: removing the number asks for the password too. */
export const removePhoneBodySchema = z.object({ currentPassword: currentPasswordSchema });
/** DELETE /api/me: deleting one's own account asks for the password again. */
export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema });
export const deletionRequestBodySchema = z.object({ reason: z.string().trim().max(SUPPORT_DESCRIPTION_MAX).optional() });

// ---- Notes and links ----

export const noteVisibilitySchema = z.enum(NOTE_VISIBILITIES, { error: SCHEMA_MSG.noteVisibility });
export const noteSchema = z.object({
  id: z.number(),
  content: z.string(),
  visibility: noteVisibilitySchema,
  userId: z.number(),
  username: z.string().nullable(),
  createdById: z.number().nullable(),
  createdByUsername: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
/** GET /api/notes: my notes, and notes others share with me (their `linked` notes, when they gave me access). */
export const noteListSchema = z.object({ mine: z.array(noteSchema), sharedWithMe: z.array(noteSchema) });
const noteContent = z.string({ error: PEOPLE_MSG.noteRequired }).trim().min(1, PEOPLE_MSG.noteRequired).max(NOTE_MAX, PEOPLE_MSG.noteMax);
export const createNoteBodySchema = z.object({ content: noteContent, visibility: noteVisibilitySchema.optional().default('private') });
export const updateNoteBodySchema = z
  .object({ content: noteContent.optional(), visibility: noteVisibilitySchema.optional() })
  .strict()
  .refine((b) => b.content !== undefined || b.visibility !== undefined, SCHEMA_MSG.contentOrVisibility);

export const linkSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), username: z.string() }),
  hasNoteAccess: z.boolean(),
  createdAt: z.string(),
});
/** GET /api/links: people I linked (`links`), and people who linked me (`linkedBy`). */
export const linkListSchema = z.object({ links: z.array(linkSchema), linkedBy: z.array(linkSchema) });
export const createLinkBodySchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64, PEOPLE_MSG.userNotFound),
});
export const updateLinkBodySchema = z.object({ hasNoteAccess: z.boolean({ error: SCHEMA_MSG.hasNoteAccess }) }).strict();

// ---- Public search ----

export const searchQuerySchema = z.object({
  query: z.string({ error: MSG.searchRequired }).trim().min(1, MSG.searchRequired).max(100, SCHEMA_MSG.peopleSearchMax),
});
export const searchResultSchema = z.object({
  users: z.array(z.object({ id: z.number(), username: z.string(), isPhoneVerified: z.boolean() })),
  publicNotes: z.array(z.object({ id: z.number(), content: z.string(), username: z.string().nullable(), createdAt: z.string() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// ---- Support requests ----

const supportTypeSchema = z.enum(SUPPORT_TYPES, { error: SCHEMA_MSG.supportType });
const supportStatusSchema = z.enum(SUPPORT_STATUSES, { error: SCHEMA_MSG.supportStatus });
export const createSupportBodySchema = z.object({
  type: supportTypeSchema,
  description: z
    .string({ error: MSG.supportDescriptionMin })
    .trim()
    .min(SUPPORT_DESCRIPTION_MIN, MSG.supportDescriptionMin)
    .max(SUPPORT_DESCRIPTION_MAX, SCHEMA_MSG.supportDescriptionMax),
  status: supportStatusSchema.optional(),
});
export const supportRequestSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  type: supportTypeSchema,
  description: z.string(),
  status: supportStatusSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Its thread (the team's answers and the author's follow-ups), in the author's own list (/mine) only. */
  replies: z
    .array(z.object({ id: z.number(), fromAdmin: z.boolean(), author: z.string().nullable(), body: z.string(), createdAt: z.string() }))
    .optional(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
export const supportRequestListSchema = z.array(supportRequestSchema);
export const updateSupportBodySchema = z.object({ status: supportStatusSchema }).strict();

// ---- Password reset ----

export const requestResetBodySchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64, MSG.usernameRequired),
});
export const resetPasswordBodySchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64, PEOPLE_MSG.resetInvalid),
  code: z.string({ error: MSG.codeInvalid }).length(CODE_LENGTH, MSG.codeInvalid),
  newPassword: passwordSchema,
});

// ---- Admin ----

export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  isPhoneVerified: z.boolean(),
  isVisible: z.boolean(),
  markedForDeletion: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);
export const verifyUserBodySchema = z.object({ isVerified: z.boolean({ error: SCHEMA_MSG.isVerified }) });
/** GET /api/admin/notes: public notes (docs/product.md, Data admin note row, plus the creator's name). */
export const adminNoteSchema = z.object({
  id: z.number(),
  content: z.string(),
  createdById: z.number().nullable(),
  creatorUsername: z.string().nullable(),
  createdAt: z.string(),
});
export const adminNoteListSchema = z.array(adminNoteSchema);

/** Usernames in links (`/u/{username}`) use the stored spelling. */
