import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationDetailSchema,
  conversationIdParams,
  conversationListSchema,
  messageSchema,
  sendMessageBodySchema,
  unreadCountSchema,
} from '../../../shared/conversations.js';
import { itemIdParams } from '../../../shared/items.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { listConversations, readConversation, reply, unreadCount, writeAboutItem } from './service.js';

// The contract has no item id params; same rule and wording as the items routes.
/** Conversations about items between their owners and the people who write to them; signed-in users only. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items/:id/messages',
    { preValidation: signedIn, schema: { params: itemIdParams, body: sendMessageBodySchema, response: { 201: conversationDetailSchema } } },
    async (request, res) => {
      const user = await requireUser(request);
      return res.status(201).send(await writeAboutItem(app.db, user.id, request.params.id, request.body.body));
    },
  );

  app.get('/conversations', { preValidation: signedIn, schema: { response: { 200: conversationListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listConversations(app.db, user.id);
  });

  app.get('/conversations/unread-count', { preValidation: signedIn, schema: { response: { 200: unreadCountSchema } } }, async (request) => {
    const user = await requireUser(request);
    return unreadCount(app.db, user.id);
  });

  app.get(
    '/conversations/:id',
    { preValidation: signedIn, schema: { params: conversationIdParams, response: { 200: conversationDetailSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return readConversation(app.db, user.id, request.params.id);
    },
  );

  app.post(
    '/conversations/:id/messages',
    { preValidation: signedIn, schema: { params: conversationIdParams, body: sendMessageBodySchema, response: { 201: messageSchema } } },
    async (request, res) => {
      const user = await requireUser(request);
      return res.status(201).send(await reply(app.db, user.id, request.params.id, request.body.body));
    },
  );
};
