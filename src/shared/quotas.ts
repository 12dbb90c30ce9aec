/** What a person sees when a per-user quota stops them (docs/decisions/009-quotas.md). */

/** "30 seconds", "15 minutes", "3 hours": how long until a limit lets the caller try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export type RateQuota = 'uploadsPerHour' | 'uploadsPerDay' | 'itemsPerDay' | 'notesPerDay' | 'supportRequestsPerDay';
export type TotalQuota = 'paymentLinks' | 'linkedUsers' | 'blocks';

const RATE_WHAT: Record<RateQuota, [string, string]> = {
  uploadsPerHour: ['images', 'an hour'],
  uploadsPerDay: ['images', 'a day'],
  itemsPerDay: ['items', 'a day'],
  notesPerDay: ['notes', 'a day'],
  supportRequestsPerDay: ['support requests', 'a day'],
};

export const QUOTA_MSG = {
  /** Too many of one kind of thing in its window (429, with Retry-After). */
  rate: (kind: RateQuota, max: number, retryAfterSeconds: number) => {
    const [what, per] = RATE_WHAT[kind];
    const verb = kind.startsWith('uploads') ? 'upload' : 'add';
    return `You can ${verb} up to ${max} ${what} ${per}. Please try again in ${waitText(retryAfterSeconds)}.`;
  },
  /** More uploads at once from one account than the server takes (429, Retry-After a few seconds). */
  uploadsUnderWay: 'Please wait for your other uploads to finish, then try again.',
  paymentLinks: (max: number) => `You can add up to ${max} payment links`,
  linkedUsers: (max: number) => `You can link up to ${max} people. Remove a link to add another.`,
  blocks: (max: number) => `You can block up to ${max} people. Unblock someone to block another.`,
};
