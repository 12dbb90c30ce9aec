// Who is signed in (authentication): the route hooks and the handlers' look-up of the session's
// user. What they may do is the policies' (src/server/policies, docs/decisions/039-policies.md).
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '#shared/auth.js';
import { unauthorized } from '../errors.js';
import { authorize } from '../policies/index.js';

/** The signed-in user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.server.sessions.user(request);
  if (!user) throw unauthorized();
  return user;
}

/** A signed-in admin (the policy admin:enter), or 401 / 403. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  authorize(user, 'admin:enter');
  return user;
}

/** Route hook (preValidation): 401 for visitors before the body is even looked at. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/** Route hook (preValidation): 401 for visitors, 403 for non-admins, before the input is looked at. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
}
