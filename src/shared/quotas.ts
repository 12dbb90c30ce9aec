import { type Message, type MessageId, type MessageValues, withValues } from './i18n.js';

/** What a person sees when a per-user quota stops them (docs/decisions/009-quotas.md). */

/**
 * How long until a limit lets the caller try again, as message values: `unit` (seconds, minutes or
 * hours) and `count`; the catalogues say it ("30 seconds", "15 minutes", "3 hours").
 */
export function waitValues(seconds: number): MessageValues {
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.ceil(minutes / 60) };
}

export type RateQuota = 'uploadsPerHour' | 'uploadsPerDay' | 'itemsPerDay' | 'notesPerDay' | 'supportRequestsPerDay';
export type TotalQuota = 'paymentLinks' | 'linkedUsers' | 'blocks' | 'alerts';

const RATE_MESSAGE = {
  uploadsPerHour: 'api.quota.uploadsPerHour',
  uploadsPerDay: 'api.quota.uploadsPerDay',
  itemsPerDay: 'api.quota.itemsPerDay',
  notesPerDay: 'api.quota.notesPerDay',
  supportRequestsPerDay: 'api.quota.supportRequestsPerDay',
} as const satisfies Record<RateQuota, MessageId>;

const TOTAL_MESSAGE = {
  paymentLinks: 'api.quota.paymentLinks',
  linkedUsers: 'api.quota.linkedUsers',
  blocks: 'api.quota.blocks',
  alerts: 'alerts.api.limit',
} as const satisfies Record<TotalQuota, MessageId>;

export const QUOTA_MSG = {
  /** Too many of one kind of thing in its window (429, with Retry-After). */
  rate: (kind: RateQuota, max: number, retryAfterSeconds: number): Message =>
    withValues(RATE_MESSAGE[kind], { max, ...waitValues(retryAfterSeconds) }),
  /** More uploads at once from one account than the server takes (429, Retry-After a few seconds). */
  uploadsUnderWay: 'api.quota.uploadsUnderWay',
  /** One more of a kept total (payment links, linked people, blocks) than allowed. */
  total: (kind: TotalQuota, max: number): Message => withValues(TOTAL_MESSAGE[kind], { max }),
} as const;
