// The contract of reports: a signed-in person reports an item or a user with a reason; the admins
// see the reports on their dashboard and dismiss them or remove what was reported.
import type { MessageId } from './i18n.js';
import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_OTHER_DETAILS_MIN, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './constants.js';
import { SCHEMA_MSG } from './messages.js';
import { MODERATION_REASON_MAX } from './constants.js';

// The moderation reason (as shared/moderation.ts has it; defined here too, since that module imports this one).
const moderationReasonSchema = z
  .string({ error: 'api.moderation.reasonRequired' })
  .trim()
  .min(1, 'api.moderation.reasonRequired')
  .max(MODERATION_REASON_MAX, 'api.moderation.reasonMax');

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export { REPORT_DETAILS_MAX };
/** The admin list shows at most this many reports of a status, newest first. */
export const ADMIN_REPORTS_CAP = 200;
/** Reports one person may send in an hour (repeats of an open report count too). */
export const REPORTS_PER_HOUR = 30;

/** The reasons in words (message ids of section `reports`, translated where they are shown). */
export const REPORT_REASON_LABELS = {
  spam: 'reports.reason.spam',
  offensive: 'reports.reason.offensive',
  scam: 'reports.reason.scam',
  unsafe: 'reports.reason.unsafe',
  other: 'reports.reason.other',
} as const satisfies Record<ReportReason, MessageId>;

export const REPORT_STATUS_LABELS = {
  open: 'reports.status.open',
  dismissed: 'reports.status.dismissed',
  actioned: 'reports.status.actioned',
} as const satisfies Record<ReportStatus, MessageId>;

export const REPORT_MSG = {
  reasonRequired: 'api.reports.reasonRequired',
  detailsText: 'api.reports.detailsText',
  detailsMax: 'api.reports.detailsMax',
  detailsRequired: 'api.reports.detailsRequired',
  oneTarget: 'api.reports.oneTarget',
  itemId: 'api.reports.itemId',
  itemNotFound: 'api.reports.itemNotFound',
  userNotFound: 'api.reports.userNotFound',
  ownItem: 'api.reports.ownItem',
  self: 'api.reports.self',
  notFound: 'api.reports.notFound',
  alreadyResolved: 'api.reports.alreadyResolved',
  notAnItemReport: 'api.reports.notAnItemReport',
  messageId: 'api.reports.messageId',
  messageNotFound: 'api.reports.messageNotFound',
  ownMessage: 'api.reports.ownMessage',
  noShowNotFound: 'api.reports.noShowNotFound',
  ownerUnknown: 'api.reports.ownerUnknown',
  action: 'api.reports.action',
  status: 'api.reports.status',
  sent: 'api.reports.sent',
  sentDescription: 'api.reports.sentDescription',
} as const satisfies Record<string, MessageId>;

const reasonSchema = z.enum(REPORT_REASONS, { error: REPORT_MSG.reasonRequired });
const detailsSchema = z.string({ error: REPORT_MSG.detailsText }).trim().max(REPORT_DETAILS_MAX, REPORT_MSG.detailsMax).default('');

/** 'Something else' needs details; the other reasons speak for themselves. */
function otherNeedsDetails(value: { reason: ReportReason; details: string }, ctx: z.RefinementCtx) {
  if (value.reason === 'other' && value.details.length < REPORT_OTHER_DETAILS_MIN) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: REPORT_MSG.detailsRequired });
  }
}

/** The report dialog's fields. */
export const reportFormSchema = z.object({ reason: reasonSchema, details: detailsSchema }).superRefine(otherNeedsDetails);
export type ReportFormValues = z.input<typeof reportFormSchema>;

const idField = (message: MessageId, tooBig: MessageId) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, tooBig).optional();

/**
 * POST /api/reports: exactly one target, a reason and optional details. The target is an item
 * (itemId), a person (username), a message of a conversation one is in (messageId), or the other
 * person of one's hand-over who did not show up (noShowItemId: the promised or given item).
 */
export const createReportBodySchema = z
  .object({
    itemId: idField(REPORT_MSG.itemId, REPORT_MSG.itemNotFound),
    username: z
      .string({ error: REPORT_MSG.userNotFound })
      .trim()
      .min(1, REPORT_MSG.userNotFound)
      .max(64, REPORT_MSG.userNotFound)
      .optional(),
    messageId: idField(REPORT_MSG.messageId, REPORT_MSG.messageNotFound),
    noShowItemId: idField(REPORT_MSG.itemId, REPORT_MSG.noShowNotFound),
    reason: reasonSchema,
    details: detailsSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    const targets = [body.itemId, body.username, body.messageId, body.noShowItemId].filter((v) => v !== undefined);
    if (targets.length !== 1) ctx.addIssue({ code: 'custom', message: REPORT_MSG.oneTarget });
    otherNeedsDetails(body, ctx);
  });
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/** What the reporter gets back. */
export const reportSchema = z.object({
  id: z.number(),
  targetType: z.enum(REPORT_TARGETS),
  subject: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

const person = z.object({ id: z.number(), username: z.string() });

/** A report as the admins see it, with what it names when that still exists. */
export const adminReportSchema = reportSchema.extend({
  details: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: person.nullable(),
  /** The reported item; null for user reports and for items that are gone. */
  item: z.object({ id: z.number(), title: z.string(), status: z.string() }).nullable(),
  /** The reported user (the sender of a message, the one who did not show up), or the owner of the reported item; null when gone. */
  user: person.nullable(),
  resolvedBy: person.nullable(),
  /** Open reports of the same item or user, this one included. */
  openReports: z.number(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.array(adminReportSchema);

export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: REPORT_MSG.status }).default('open'),
});

const REPORT_ACTIONS = ['dismiss', 'delete_item', 'delete_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** A decision on a report: a deletion asks for a reason (logged, told to the person); dismissing does not. */
export const resolveReportBodySchema = z
  .object({ action: z.enum(REPORT_ACTIONS, { error: REPORT_MSG.action }), reason: moderationReasonSchema.optional() })
  .strict()
  .superRefine((body, ctx) => {
    if (body.action !== 'dismiss' && body.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'api.moderation.reasonRequired' });
  });

export const reportIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.reportId)
    .transform(Number),
});
