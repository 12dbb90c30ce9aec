// A suspended person (docs/decisions/025-moderation.md) may read, export their data, ask for help
// (an appeal), delete their account and sign out; every other write is refused here, in one hook for
// every route of the app, with a message that says until when and why. The allow-list below is the
// whole exception.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withValues } from '#shared/i18n.js';
import { MODERATION_MSG } from '#shared/moderation.js';
import { AppError } from '../errors.js';
import { findUserById } from '../users/repository.js';
import type { Suspension } from './session.js';

/** The writes a suspended person may still make: method and route exactly as registered. */
export const SUSPENSION_ALLOWED_WRITES: ReadonlySet<string> = new Set([
  // Signing in and out, and getting back into one's account. Not registering: a suspended person
  // would make a new account and post at once (a device of theirs is refused too: features/auth).
  'POST /api/login',
  'POST /api/logout',
  'POST /api/request-reset',
  'POST /api/reset-password',
  'POST /api/me/password',
  // Deleting the account (at once, or asking the team to).
  'DELETE /api/me',
  'POST /api/me/deletion-request',
  // Asking the team for help, e.g. to appeal the suspension (the per-person support quota still holds).
  'POST /api/support-requests',
  // Reading: marking notifications read, the language and units pages are shown in.
  'POST /api/notifications/read',
  'PUT /api/me/language',
  'PUT /api/me/distance-unit',
  // Hearing less: notification settings, turning push off, one-click unsubscribe, confirming an address.
  'PUT /api/me/notification-preferences',
  'DELETE /api/me/push-subscriptions',
  'POST /api/unsubscribe',
  'POST /api/email/verify',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** "2026-12-01 14:30 UTC": the end of a suspension as the refusal says it. */
const suspensionEnd = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The refusal of a write by a suspended person. Beside the message (its end in UTC, for any client)
 * it carries the end as an ISO time and the reason: the app says the date in the viewer's zone. A
 * permanent suspension has no end: `permanent: 'true'` instead, and the message says so.
 */
const suspendedError = (s: Suspension) =>
  s.until === null
    ? new AppError(403, withValues(MODERATION_MSG.suspendedPermanently, { reason: s.reason }), {
        code: 'suspended',
        details: { permanent: 'true', reason: s.reason },
      })
    : new AppError(403, withValues(MODERATION_MSG.suspended, { until: suspensionEnd(s.until), reason: s.reason }), {
        code: 'suspended',
        details: { until: s.until.toISOString(), reason: s.reason },
      });

/**
 * Where a registration comes from, for the admins: the account signed in on this browser, else the
 * one its device cookie names (the last to sign in here). When one of them is suspended, no new
 * account is made (403): a suspended person would otherwise register again at once and post. Their
 * own session is refused before, by the hook below. Answers the account to record, or null.
 */
export async function registrationOrigin(request: FastifyRequest): Promise<number | null> {
  const app = request.server;
  const signedIn = (await app.sessions.user(request))?.id;
  const device = await app.devices.account(request);
  for (const id of new Set([signedIn, device])) {
    const user = id === undefined || id === null ? undefined : await findUserById(app.db, id);
    if (user && suspendedNow(user)) throw new AppError(403, MODERATION_MSG.registerSuspended);
  }
  return signedIn ?? device;
}

/** Whether an account's suspension is in force now (an end in the future, or none: permanent). */
const suspendedNow = (u: { suspendedUntil: Date | null; suspendedPermanently: boolean }) =>
  u.suspendedPermanently || (u.suspendedUntil !== null && u.suspendedUntil.getTime() > Date.now());

async function refuseSuspendedWrites(request: FastifyRequest): Promise<void> {
  if (READS.has(request.method)) return;
  if (SUSPENSION_ALLOWED_WRITES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
  const suspension = await request.server.sessions.suspension(request);
  if (suspension) throw suspendedError(suspension);
}

/**
 * Registered before every route, on the root instance: its preValidation hook runs before each
 * route's own (a suspended person's bad input is refused as suspended, never looked at).
 */
export const suspensionPlugin = fp(
  (app: FastifyInstance, _options: unknown, done: () => void) => {
    app.addHook('preValidation', refuseSuspendedWrites);
    done();
  },
  { name: 'suspension', dependencies: ['sessions'] },
);
