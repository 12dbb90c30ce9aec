import type { z } from 'zod';
import { type createSupportBodySchema, PEOPLE_MSG, type SupportRequest } from '#shared/people.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { threadsOf } from '../moderation/service.js';
import { tellAdmins } from '../../users/repository.js';
import {
  insertSupportRequest,
  selectAllSupportRequests,
  selectSupportRequest,
  selectSupportRequestsOf,
  type SupportRow,
  updateSupportStatus,
} from './repository.js';

const toRequest = (r: SupportRow): SupportRequest => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
});

/** The request with this id, or 404. */
async function getSupportRequest(db: Db, id: number): Promise<SupportRequest> {
  const row = await selectSupportRequest(db, id);
  if (!row) throw notFound(PEOPLE_MSG.supportNotFound);
  return toRequest(row);
}

/** Files a request for the user; it always starts pending, whatever status the client sent. */
export async function createSupportRequest(
  db: Db,
  userId: number,
  body: z.output<typeof createSupportBodySchema>,
): Promise<SupportRequest> {
  const id = await insertSupportRequest(db, { userId, type: body.type, description: body.description });
  await tellAdmins(db, 'support');
  return getSupportRequest(db, id);
}

/** The user's own requests, newest first. */
export async function listMySupportRequests(db: Db, userId: number): Promise<SupportRequest[]> {
  const requests = (await selectSupportRequestsOf(db, userId)).map(toRequest);
  const threads = await threadsOf(
    db,
    requests.map((r) => r.id),
  );
  return requests.map((r) => ({ ...r, replies: threads.get(r.id) ?? [] }));
}

/** Every request for the admins: pending first, then newest. */
export async function listSupportRequests(db: Db): Promise<SupportRequest[]> {
  return (await selectAllSupportRequests(db)).map(toRequest);
}

/** Moves a request to a status (an admin's action); resolvedAt follows the status. */
export async function changeSupportStatus(db: Db, id: number, status: SupportRequest['status']): Promise<SupportRequest> {
  if (!(await updateSupportStatus(db, id, status))) throw notFound(PEOPLE_MSG.supportNotFound);
  await tellAdmins(db, 'support');
  return getSupportRequest(db, id);
}
