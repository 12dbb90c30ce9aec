import { conversationDetailSchema, conversationIdParams } from '#shared/conversations.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { authorize } from '../../policies/index.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { participants, readConversation } from '../conversations/service.js';
import { changeHandover } from './service.js';

/**
 * POST /api/conversations/:id/promise: the item's owner promises it to the person of this
 * conversation. Withdrawing and marking it given are PATCH /api/items/:id (status available, taken).
 */
export const handoverRoutes: FeatureRoutes = (app) => {
  app.post(
    '/conversations/:id/promise',
    { preValidation: signedIn, schema: { params: conversationIdParams, response: { 200: conversationDetailSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const sides = await participants(app.db, user.id, request.params.id);
      authorize(user, 'conversation:promise', sides);
      await changeHandover(app.db, sides.itemId, { to: 'promised', requesterId: sides.requesterId });
      return readConversation(app.db, user.id, request.params.id);
    },
  );
};
