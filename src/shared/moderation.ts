// The contract of moderation (docs/decisions/025-moderation.md): the admins' graded actions, each
// with a reason, recorded in an audit log; support answers; the admins' page of one person.
import { z } from 'zod';
import type { MessageId } from './i18n.js';
import { MODERATION_ACTIONS, MODERATION_REASON_MAX, SUPPORT_REPLY_MAX } from './constants.js';
import { adminReportSchema } from './reports.js';
import { ITEM_STATUSES, ITEM_TYPES } from './constants.js';

export { MODERATION_REASON_MAX, SUPPORT_REPLY_MAX };
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The longest suspension, in days. */
export const SUSPENSION_DAYS_MAX = 365;
/** The audit log shows at most this many entries, newest first. */
export const MODERATION_LOG_CAP = 200;
/** Follow-ups one person may add to their support requests in an hour. */
export const SUPPORT_FOLLOW_UPS_PER_HOUR = 20;

export const MODERATION_MSG = {
  reasonRequired: 'api.moderation.reasonRequired',
  reasonMax: 'api.moderation.reasonMax',
  days: 'api.moderation.days',
  daysOrPermanent: 'api.moderation.daysOrPermanent',
  suspended: 'api.moderation.suspended',
  suspendedPermanently: 'api.moderation.suspendedPermanently',
  registerSuspended: 'api.moderation.registerSuspended',
  notSuspended: 'api.moderation.notSuspended',
  alreadyHidden: 'api.moderation.alreadyHidden',
  notHidden: 'api.moderation.notHidden',
  adminNotModerated: 'api.moderation.adminNotModerated',
  replyRequired: 'api.moderation.replyRequired',
  replyMax: 'api.moderation.replyMax',
} as const satisfies Record<string, MessageId>;

/** The words of each action (message ids, translated where shown). */
export const MODERATION_ACTION_LABELS = {
  hide_item: 'admin.moderation.actions.hide_item',
  unhide_item: 'admin.moderation.actions.unhide_item',
  warn: 'admin.moderation.actions.warn',
  suspend: 'admin.moderation.actions.suspend',
  lift_suspension: 'admin.moderation.actions.lift_suspension',
  delete_item: 'admin.moderation.actions.delete_item',
  delete_user: 'admin.moderation.actions.delete_user',
} as const satisfies Record<ModerationAction, MessageId>;

/** A reason: required, trimmed, at most MODERATION_REASON_MAX characters. */
const reasonSchema = z
  .string({ error: MODERATION_MSG.reasonRequired })
  .trim()
  .min(1, MODERATION_MSG.reasonRequired)
  .max(MODERATION_REASON_MAX, MODERATION_MSG.reasonMax);

/** Hide, unhide, warn, lift a suspension, delete: a reason. */
export const reasonBodySchema = z.object({ reason: reasonSchema }).strict();
/** The DELETE routes (no body needed): a reason when the admins' screens send one. */
export const optionalReasonBodySchema = z.object({ reason: reasonSchema.optional() }).strict().nullish();
/** A suspension: a reason, and either how many days (1 to SUSPENSION_DAYS_MAX) or `permanent: true` (until lifted). */
export const suspendBodySchema = z
  .object({
    reason: reasonSchema,
    days: z
      .number({ error: MODERATION_MSG.days })
      .int(MODERATION_MSG.days)
      .min(1, MODERATION_MSG.days)
      .max(SUSPENSION_DAYS_MAX, MODERATION_MSG.days)
      .optional(),
    permanent: z.literal(true, { error: MODERATION_MSG.daysOrPermanent }).optional(),
  })
  .strict()
  .refine((body) => (body.days === undefined) !== (body.permanent === undefined), { message: MODERATION_MSG.daysOrPermanent });

const person = z.object({ id: z.number(), username: z.string() });

/** An entry of the audit log. */
const moderationEntrySchema = z.object({
  id: z.number(),
  action: z.enum(MODERATION_ACTIONS),
  /** Null only for a deletion through a DELETE route sent without one. */
  reason: z.string().nullable(),
  /** The admin who acted; null once their account is gone. */
  admin: person.nullable(),
  /** The person acted on (or the item's owner): their current account, or null when gone. */
  user: person.nullable(),
  /** The name when acted on, which still reads after the account is gone. */
  username: z.string().nullable(),
  item: z.object({ id: z.number().nullable(), title: z.string() }).nullable(),
  /** A suspension's end; null for a `suspend` entry: a permanent one. */
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;
export const moderationLogSchema = z.array(moderationEntrySchema);

/** What a person reads of the actions on their own account and items (the Help page's notices). */
const myNoticeSchema = z.object({
  id: z.number(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  item: z.object({ id: z.number().nullable(), title: z.string() }).nullable(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export const myModerationSchema = z.object({
  /** Until when the account is suspended (null: it is not, or permanently), whether without an end, and why. */
  suspendedUntil: z.string().nullable(),
  suspendedPermanently: z.boolean(),
  suspensionReason: z.string().nullable(),
  notices: z.array(myNoticeSchema),
});
export type MyModeration = z.infer<typeof myModerationSchema>;

/** GET /api/admin/people/:username: everything the admins need about one person. */
export const adminPersonSchema = z.object({
  user: z.object({
    id: z.number(),
    username: z.string(),
    isAdmin: z.boolean(),
    isVisible: z.boolean(),
    phoneNumber: z.string().nullable(),
    isPhoneVerified: z.boolean(),
    createdAt: z.string(),
    suspendedUntil: z.string().nullable(),
    suspendedPermanently: z.boolean(),
    suspensionReason: z.string().nullable(),
    /** The account on whose browser this one was registered (its device cookie or session), if any. */
    registeredFrom: person.nullable(),
  }),
  /** Accounts registered on browsers where this person had signed in, newest first. */
  registeredOnDevices: z.array(
    z.object({
      id: z.number(),
      username: z.string(),
      createdAt: z.string(),
      suspended: z.boolean(),
    }),
  ),
  items: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      type: z.enum(ITEM_TYPES),
      status: z.enum(ITEM_STATUSES),
      hiddenReason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  reportsBy: z.array(adminReportSchema),
  reportsAbout: z.array(adminReportSchema),
  actions: moderationLogSchema,
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), persistent: z.boolean() })),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminPersonParams = z.object({ username: z.string().trim().min(1).max(64) });

// ---- Support answers ----

export const supportReplyBodySchema = z
  .object({
    body: z
      .string({ error: MODERATION_MSG.replyRequired })
      .trim()
      .min(1, MODERATION_MSG.replyRequired)
      .max(SUPPORT_REPLY_MAX, MODERATION_MSG.replyMax),
  })
  .strict();
const supportReplySchema = z.object({
  id: z.number(),
  fromAdmin: z.boolean(),
  /** The writer's name; null once their account is gone. */
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;
export const supportThreadSchema = z.array(supportReplySchema);
