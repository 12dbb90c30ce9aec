import { type Alert, ALERT_MSG, type AlertCriteria, alertProblem, type CreateAlertBody, type UpdateAlertBody } from '#shared/alerts.js';
import type { SessionUser } from '#shared/auth.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { withinTotal } from '../../plugins/quotas.js';
import { enqueue } from '../notifications/outbox.js';
import { errorText, type WorkerTask } from '../notifications/worker.js';
import {
  type AlertMatch,
  type AlertRow,
  type AlertValues,
  alertsKept,
  claimMatchJobs,
  deleteMatchJob,
  deleteOwnAlert,
  insertAlert,
  insertMatchJob,
  itemPoster,
  markTold,
  recordMatchJobFailure,
  selectAlerts,
  selectAlertsMatchingItem,
  selectOwnAlert,
  updateOwnAlert,
} from './repository.js';

export type { AlertMatch };

const toAlert = (r: AlertRow): Alert => ({
  id: r.id,
  query: r.query,
  tag: r.tag,
  latitude: r.latitude,
  longitude: r.longitude,
  radiusKm: r.radiusM === null ? null : r.radiusM / 1000,
  paused: r.paused,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const criteriaOf = (r: AlertRow): AlertCriteria => toAlert(r);

/**
 * The stored values of criteria, or 400 with why they are no alert. A tag equal to the text (any
 * letter case) is dropped: the list search does the same (the text already matches such a tag), so
 * the alert matches what the list showed.
 */
function valuesOf(c: AlertCriteria): AlertValues {
  const problem = alertProblem(c);
  if (problem) throw badRequest(problem);
  const tag = c.tag !== null && c.query !== null && c.tag.toLowerCase() === c.query.toLowerCase() ? null : c.tag;
  return {
    query: c.query,
    tag,
    latitude: c.latitude,
    longitude: c.longitude,
    radiusM: c.radiusKm === null ? null : Math.round(c.radiusKm * 1000),
  };
}

/** My alerts, oldest first. */
export async function listAlerts(db: Db, me: number): Promise<Alert[]> {
  return (await selectAlerts(db, me)).map(toAlert);
}

/** Saves an alert; at most `max` per account (ALERT_LIMIT: 409 past it). */
export async function createAlert(db: Db, user: SessionUser, body: CreateAlertBody, max: number): Promise<Alert> {
  const values = valuesOf({
    query: body.query ?? null,
    tag: body.tag ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    radiusKm: body.radiusKm ?? null,
  });
  const id = await withinTotal(db, 'alerts', user.id, max, alertsKept, (tx) => insertAlert(tx, user.id, values));
  return getOwnAlert(db, user.id, id);
}

async function getOwnAlert(db: Db, me: number, id: number): Promise<Alert> {
  const row = await selectOwnAlert(db, id, me);
  if (!row) throw notFound(ALERT_MSG.notFound);
  return toAlert(row);
}

/** Changes my alert: the fields given (null clears one) and whether it is paused; anyone else's is not found. */
export async function updateAlert(db: Db, me: number, id: number, body: UpdateAlertBody): Promise<Alert> {
  const row = await selectOwnAlert(db, id, me);
  if (!row) throw notFound(ALERT_MSG.notFound);
  const current = criteriaOf(row);
  const values = valuesOf({
    query: body.query === undefined ? current.query : body.query,
    tag: body.tag === undefined ? current.tag : body.tag,
    latitude: body.latitude === undefined ? current.latitude : body.latitude,
    longitude: body.longitude === undefined ? current.longitude : body.longitude,
    radiusKm: body.radiusKm === undefined ? current.radiusKm : body.radiusKm,
  });
  if (!(await updateOwnAlert(db, id, me, { ...values, ...(body.paused === undefined ? {} : { paused: body.paused }) })))
    throw notFound(ALERT_MSG.notFound);
  return getOwnAlert(db, me, id);
}

/** Deletes my alert; anyone else's is not found. */
export async function deleteAlert(db: Db, me: number, id: number): Promise<void> {
  if (!(await deleteOwnAlert(db, id, me))) throw notFound(ALERT_MSG.notFound);
}

/**
 * Queues a just-posted or edited item for matching against the saved alerts, in the transaction
 * that writes it (docs/decisions/016-saved-alerts.md): the job exists exactly when the item does,
 * and posting never waits for the matching. After an edit only people not told of the item yet hear
 * of it (alert_told).
 */
export function queueAlertMatching(tx: Db, itemId: number): Promise<void> {
  return insertMatchJob(tx, itemId);
}

/**
 * The saved alerts an item matches, with their owners: never the poster's own, paused ones, owners
 * marked for deletion, nor owners who blocked the poster or whom the poster blocked.
 */
export function alertsMatchingItem(tx: Db, itemId: number): Promise<AlertMatch[]> {
  return selectAlertsMatchingItem(tx, itemId);
}

/**
 * The notification worker's task of matching posted items: for each queued item, one "alert_matched"
 * event per owner of a matched alert (several of one person's alerts matching make one), the poster
 * as the actor (blocks either way keep it quiet), written with the job's deletion in one transaction:
 * an owner hears of an item once, however often it is edited and matched again (alert_told). Each
 * job in a savepoint of its own: one failing fails alone.
 */
export function alertMatchingTask(log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }): WorkerTask {
  return {
    name: 'alert-matching',
    async run(tx, { limit, maxAttempts, retryDelayMs }) {
      const jobs = await claimMatchJobs(tx, limit);
      for (const job of jobs) {
        try {
          await tx.transaction(async (savepoint) => {
            const poster = await itemPoster(savepoint, job.itemId);
            const matches = poster === undefined ? [] : await selectAlertsMatchingItem(savepoint, job.itemId);
            // Only those not told of this item before (it may be matched again after an edit).
            const owners = await markTold(savepoint, job.itemId, [...new Set(matches.map((m) => m.userId))]);
            if (owners.length > 0) {
              await enqueue(
                savepoint,
                owners.map((recipientId) => ({ type: 'alert_matched' as const, recipientId, actorId: poster!, itemId: job.itemId })),
              );
              log?.info({ itemId: job.itemId, alertsMatched: matches.length, told: owners.length }, 'saved alerts matched');
            }
            await deleteMatchJob(savepoint, job.itemId);
          });
        } catch (err) {
          const attempts = job.attempts + 1;
          await recordMatchJobFailure(tx, job.itemId, errorText(err), retryDelayMs(attempts), attempts >= maxAttempts);
          log?.warn({ err, itemId: job.itemId, attempts }, 'matching a posted item against saved alerts failed');
        }
      }
      return jobs.length;
    },
  };
}
