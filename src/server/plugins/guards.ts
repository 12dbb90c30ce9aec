import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth.js';
import type { Message } from '../../shared/i18n.js';
import { MSG } from '../../shared/messages.js';
import { forbidden, unauthorized } from '../errors.js';

/** The signed-in user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.server.sessions.user(request);
  if (!user) throw unauthorized();
  return user;
}

/** A signed-in admin, or 401 / 403. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden(MSG.adminOnly);
  return user;
}

/** The signed-in user when they own the thing or are an admin, or 401 / 403. */
export async function requireOwnerOrAdmin(request: FastifyRequest, ownerId: number, message: Message): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.id !== ownerId && !user.isAdmin) throw forbidden(message);
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
