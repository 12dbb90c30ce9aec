import {
  createLinkBodySchema,
  createNoteBodySchema,
  linkIdParams,
  linkListSchema,
  linkSchema,
  noteIdParams,
  noteListSchema,
  noteSchema,
  updateLinkBodySchema,
  updateNoteBodySchema,
} from '#shared/people.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { authorize } from '../../policies/index.js';
import { rateQuota } from '../../plugins/quotas.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import {
  changeNote,
  createLink,
  createNote,
  getNote,
  listLinks,
  listNotes,
  noteAuthor,
  removeLink,
  removeNote,
  setNoteAccess,
} from './service.js';

/** Notes (private, linked or public) and the links that share linked notes; all for signed-in users. */
export const notesRoutes: FeatureRoutes = (app) => {
  app.get('/notes', { preValidation: signedIn, schema: { response: { 200: noteListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listNotes(app.db, user.id);
  });

  app.get('/notes/:id', { preValidation: signedIn, schema: { params: noteIdParams, response: { 200: noteSchema } } }, async (request) => {
    const user = await requireUser(request);
    return getNote(app.db, user.id, request.params.id);
  });

  app.post(
    '/notes',
    {
      preValidation: signedIn,
      preHandler: rateQuota(app, 'notesPerDay'),
      schema: { body: createNoteBodySchema, response: { 201: noteSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createNote(app.db, user.id, request.body));
    },
  );

  app.patch(
    '/notes/:id',
    { preValidation: signedIn, schema: { params: noteIdParams, body: updateNoteBodySchema, response: { 200: noteSchema } } },
    async (request) => {
      const user = await requireUser(request);
      authorize(user, 'note:manage', { createdById: await noteAuthor(app.db, user.id, request.params.id) });
      return changeNote(app.db, request.params.id, request.body);
    },
  );

  app.delete('/notes/:id', { preValidation: signedIn, schema: { params: noteIdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    authorize(user, 'note:manage', { createdById: await noteAuthor(app.db, user.id, request.params.id) });
    await removeNote(app.db, request.params.id);
    return reply.status(204).send();
  });

  app.get('/links', { preValidation: signedIn, schema: { response: { 200: linkListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listLinks(app.db, user.id);
  });

  app.post(
    '/links',
    { preValidation: signedIn, schema: { body: createLinkBodySchema, response: { 201: linkSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createLink(app.db, user, request.body.username, app.config.quotas.linkedUsers));
    },
  );

  app.patch(
    '/links/:id',
    { preValidation: signedIn, schema: { params: linkIdParams, body: updateLinkBodySchema, response: { 200: linkSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return setNoteAccess(app.db, user.id, request.params.id, request.body.hasNoteAccess);
    },
  );

  app.delete('/links/:id', { preValidation: signedIn, schema: { params: linkIdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeLink(app.db, user.id, request.params.id);
    return reply.status(204).send();
  });
};
