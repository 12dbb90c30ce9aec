import {
  clustersQuerySchema,
  clustersSchema,
  createItemBodySchema,
  itemDetailSchema,
  itemListSchema,
  listItemsQuerySchema,
  myItemListSchema,
  myItemsQuerySchema,
  updateItemBodySchema,
} from '#shared/items.js';
import { itemIdParams } from '#shared/items.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { authorize } from '../../policies/index.js';
import { rateQuota } from '../../plugins/quotas.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { optionalReasonBodySchema } from '#shared/moderation.js';
import { deletionSubject, recordDeletion } from '../moderation/service.js';
import { changeItem, createItem, getItem, itemOwner, listItems, listMyItems, mapClusters, removeItem } from './service.js';

/** Items: list (nearest or newest first), map clusters, detail, post, change, delete. */
export const itemRoutes: FeatureRoutes = (app) => {
  const ttl = app.config.itemTtlDays;

  app.get('/items', { schema: { querystring: listItemsQuerySchema, response: { 200: itemListSchema } } }, async (request) =>
    listItems(app.readDb(request), request.query, await app.sessions.user(request)),
  );

  // The Map view: clusters and single items of the visible area, with the list's filters (docs/decisions/021).
  app.get('/items/clusters', { schema: { querystring: clustersQuerySchema, response: { 200: clustersSchema } } }, async (request) =>
    mapClusters(app.readDb(request), request.query, { searchMaxItems: app.config.mapSearchMaxItems }),
  );

  app.get(
    '/me/items',
    { preValidation: signedIn, schema: { querystring: myItemsQuerySchema, response: { 200: myItemListSchema } } },
    async (request) => listMyItems(app.db, (await requireUser(request)).id, request.query),
  );

  app.get('/items/:id', { schema: { params: itemIdParams, response: { 200: itemDetailSchema } } }, async (request) =>
    getItem(app.readDb(request), request.params.id, await app.sessions.user(request)),
  );

  app.post(
    '/items',
    {
      preValidation: signedIn,
      preHandler: rateQuota(app, 'itemsPerDay'),
      schema: { body: createItemBodySchema, response: { 201: itemDetailSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const item = await createItem(app.db, app.storage, user, request.body, ttl);
      return reply.status(201).send(item);
    },
  );

  app.patch(
    '/items/:id',
    { preValidation: signedIn, schema: { params: itemIdParams, body: updateItemBodySchema, response: { 200: itemDetailSchema } } },
    async (request) => {
      const user = await requireUser(request);
      authorize(user, 'item:manage', { userId: await itemOwner(app.db, request.params.id, user) });
      return changeItem(app.db, app.storage, request.params.id, request.body, ttl, user, request.log);
    },
  );

  // The route needs no body; an admin deleting another's item may give a reason (their screens do), and it is logged.
  app.delete(
    '/items/:id',
    { preValidation: signedIn, schema: { params: itemIdParams, body: optionalReasonBodySchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const owner = await itemOwner(app.db, request.params.id, user);
      authorize(user, 'item:manage', { userId: owner });
      const subject = user.id !== owner ? await deletionSubject(app.db, { itemId: request.params.id }) : undefined;
      await removeItem(app.db, app.storage, request.params.id, request.log);
      if (subject) await recordDeletion(app.db, user, subject, request.body?.reason ?? null);
      return reply.status(204).send();
    },
  );
};
