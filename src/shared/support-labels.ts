// Support requests in words and colours, for the person's help page and the admins' panel alike
// (docs/product.md, States): message ids of section `support`, without zod.
import type { SUPPORT_STATUSES, SUPPORT_TYPES } from './constants.js';
import type { MessageId } from './i18n.js';

/** The label of each request type. */
export const SUPPORT_TYPE_LABEL = {
  technical_issue: 'support.types.technicalIssue',
  account_deletion: 'support.types.accountDeletion',
  other: 'support.types.other',
} as const satisfies Record<(typeof SUPPORT_TYPES)[number], MessageId>;

/** The label of each request status. */
export const SUPPORT_STATUS_LABEL = {
  pending: 'support.statuses.pending',
  in_progress: 'support.statuses.inProgress',
  resolved: 'support.statuses.resolved',
} as const satisfies Record<(typeof SUPPORT_STATUSES)[number], MessageId>;

/** Badge colours of a status: yellow pending, green resolved, blue otherwise (in progress, or one not known yet). */
export type StatusTone = 'yellow' | 'green' | 'blue';

export function supportStatusTone(status: string): StatusTone {
  if (status === 'pending') return 'yellow';
  if (status === 'resolved') return 'green';
  return 'blue';
}
