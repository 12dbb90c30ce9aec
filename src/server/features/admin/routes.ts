import { z } from 'zod';
import {
  adminNoteListSchema,
  adminUserListSchema,
  adminUserSchema,
  adminVendorListSchema,
  adminVendorSchema,
  createVendorBodySchema,
  noteIdParams,
  updateVendorBodySchema,
  userIdParams,
  vendorIdParams,
  verifyUserBodySchema,
} from '#shared/people.js';
import { adminOnly, requireAdmin } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { removePublicNote } from '../notes/service.js';
import { optionalReasonBodySchema } from '#shared/moderation.js';
import { deletionSubject, recordDeletion } from '../moderation/service.js';
import { createVendor, listPublicNotes, listUsers, listVendors, removeUser, setUserVerified, setVendorActive } from './service.js';
import { ITEM_MSG } from '#shared/item-format.js';
import { SCHEMA_MSG } from '#shared/messages.js';

const PAGE_MAX_DIGITS = 6;
/** Characters of the admins' name filter. */
const ADMIN_SEARCH_MAX = 64;

/** GET /api/users: an optional name filter and a 1-based page. */
const adminUsersQuerySchema = z.object({
  query: z.string({ error: SCHEMA_MSG.queryText }).trim().max(ADMIN_SEARCH_MAX, SCHEMA_MSG.adminSearchMax).optional(),
  page: z
    .string({ error: ITEM_MSG.pageInvalid })
    .regex(new RegExp(`^[1-9]\\d{0,${PAGE_MAX_DIGITS - 1}}$`), ITEM_MSG.pageInvalid)
    .transform(Number)
    .optional()
    .default(1),
});

/** The admin dashboard's API: users, public notes and payment vendors; admins only (401 / 403 first). */
export const adminRoutes: FeatureRoutes = (app) => {
  app.get(
    '/users',
    { preValidation: adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (request) => listUsers(app.db, request.query),
  );

  // The route needs no body; the admins' screens send a reason, and every deletion is logged (docs/decisions/025).
  app.delete(
    '/users/:id',
    { preValidation: adminOnly, schema: { params: userIdParams, body: optionalReasonBodySchema } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const subject = await deletionSubject(app.db, { userId: request.params.id });
      await removeUser(app.db, app.storage, admin, request.params.id, request.log);
      if (subject) await recordDeletion(app.db, admin, subject, request.body?.reason ?? null);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/users/:id/verify',
    { preValidation: adminOnly, schema: { params: userIdParams, body: verifyUserBodySchema, response: { 200: adminUserSchema } } },
    async (request) => setUserVerified(app.db, request.params.id, request.body.isVerified),
  );

  app.get('/admin/notes', { preValidation: adminOnly, schema: { response: { 200: adminNoteListSchema } } }, async () =>
    listPublicNotes(app.db),
  );

  app.delete('/admin/notes/:id', { preValidation: adminOnly, schema: { params: noteIdParams } }, async (request, reply) => {
    await removePublicNote(app.db, request.params.id);
    return reply.status(204).send();
  });

  app.get('/admin/vendors', { preValidation: adminOnly, schema: { response: { 200: adminVendorListSchema } } }, async () =>
    listVendors(app.db),
  );

  app.post(
    '/admin/vendors',
    { preValidation: adminOnly, schema: { body: createVendorBodySchema, response: { 201: adminVendorSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createVendor(app.db, request.body.name, admin.id));
    },
  );

  app.patch(
    '/admin/vendors/:id',
    { preValidation: adminOnly, schema: { params: vendorIdParams, body: updateVendorBodySchema, response: { 200: adminVendorSchema } } },
    async (request) => setVendorActive(app.db, request.params.id, request.body.active),
  );
};
