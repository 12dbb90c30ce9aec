import {
  conversationDetailSchema,
  conversationIdParams,
  conversationListSchema,
  messageSchema,
  sendMessageBodySchema,
  unreadCountSchema,
} from '#shared/conversations.js';
import { itemIdParams } from '#shared/items.js';
import { addressKey } from '../../plugins/client-address.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { listConversations, readConversation, reply, unreadCount, writeAboutItem } from './service.js';

// The contract has no item id params; same rule and wording as the items routes.
/** Conversations about items between their owners and the people who write to them; signed-in users only. */
export const conversationRoutes: FeatureRoutes = (app) => {
  // One limit for both ways of sending, per signed-in user (not per address: neighbours share one).
  // It runs before the handler, after signedIn has looked the user up, so the key costs no query.
  const messageLimit = app.rateLimit({
    max: app.config.messageRateLimit.max,
    timeWindow: app.config.messageRateLimit.windowMs,
    keyGenerator: async (request) => {
      const user = await app.sessions.user(request);
      return user ? `messages:user:${user.id}` : `messages:ip:${addressKey(request)}`;
    },
  });
  const sending = { preValidation: signedIn, preHandler: messageLimit };

  app.post(
    '/items/:id/messages',
    { ...sending, schema: { params: itemIdParams, body: sendMessageBodySchema, response: { 201: conversationDetailSchema } } },
    async (request, res) => {
      const user = await requireUser(request);
      return res.status(201).send(await writeAboutItem(app.db, user, request.params.id, request.body.body));
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
    { ...sending, schema: { params: conversationIdParams, body: sendMessageBodySchema, response: { 201: messageSchema } } },
    async (request, res) => {
      const user = await requireUser(request);
      return res.status(201).send(await reply(app.db, user.id, request.params.id, request.body.body));
    },
  );
};
