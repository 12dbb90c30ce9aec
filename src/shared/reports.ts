// The contract of reports: a signed-in person reports an item or a user with a reason; the admins
// see the reports on their dashboard and dismiss them or remove what was reported.
import type { MessageId } from './i18n.js';
import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_OTHER_DETAILS_MIN, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './constants.js';
import { SCHEMA_MSG } from './messages.js';

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export { REPORT_DETAILS_MAX, REPORT_OTHER_DETAILS_MIN };
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

/** POST /api/reports: exactly one of itemId and username, a reason and optional details. */
export const createReportBodySchema = z
  .object({
    itemId: z
      .number({ error: REPORT_MSG.itemId })
      .int(REPORT_MSG.itemId)
      .positive(REPORT_MSG.itemId)
      .max(2_147_483_647, REPORT_MSG.itemNotFound)
      .optional(),
    username: z
      .string({ error: REPORT_MSG.userNotFound })
      .trim()
      .min(1, REPORT_MSG.userNotFound)
      .max(64, REPORT_MSG.userNotFound)
      .optional(),
    reason: reasonSchema,
    details: detailsSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.itemId === undefined) === (body.username === undefined)) ctx.addIssue({ code: 'custom', message: REPORT_MSG.oneTarget });
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
  /** The reported user, or the owner of the reported item; null when gone. */
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

export const REPORT_ACTIONS = ['dismiss', 'delete_item', 'delete_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const resolveReportBodySchema = z.object({ action: z.enum(REPORT_ACTIONS, { error: REPORT_MSG.action }) }).strict();

export const reportIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.reportId)
    .transform(Number),
});
