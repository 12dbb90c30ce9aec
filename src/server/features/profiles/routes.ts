import { handOverThanksSchema, PEOPLE_MSG, profileSchema, thanksBodySchema, usernameParams, vendorListSchema } from '#shared/people.js';
import { itemIdParams } from '#shared/items.js';
import { notFound } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { authorize } from '../../policies/index.js';
import { findUserByUsername } from '../../users/repository.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { activeVendors, paymentLinksOf } from '../account/service.js';
import { giveThanks, handOverThanks, reputationOf } from './service.js';

/** Public profiles with payment links and reputation, the vendors users can choose from, and thanks after a hand-over. */
export const profilesRoutes: FeatureRoutes = (app) => {
  app.get('/users/profile/:username', { schema: { params: usernameParams, response: { 200: profileSchema } } }, async (request) => {
    const db = app.readDb(request);
    const user = await findUserByUsername(db, request.params.username);
    if (!user) throw notFound(PEOPLE_MSG.userNotFound);
    // A hidden profile is "not found" for everyone but its owner and the admins (the session is read only then).
    authorize(user.isVisible ? null : await app.sessions.user(request), 'user:see', user);
    const [links, reputation] = await Promise.all([paymentLinksOf(db, user.id), reputationOf(db, app.storage, user)]);
    return {
      username: user.username,
      isPhoneVerified: user.isPhoneVerified,
      paymentIds: links.map((l) => ({ id: l.id, paymentId: l.paymentId, vendor: { name: l.vendor.name } })),
      ...reputation,
    };
  });

  app.get('/vendors', { schema: { response: { 200: vendorListSchema } } }, async () => activeVendors(app.db));

  // Thanks after a hand-over: only its giver and receiver, once each (docs/product.md, Profiles and reputation).
  app.get(
    '/items/:id/thanks',
    { preValidation: signedIn, schema: { params: itemIdParams, response: { 200: handOverThanksSchema } } },
    async (request) => handOverThanks(app.db, request.params.id, await requireUser(request)),
  );
  app.post(
    '/items/:id/thanks',
    { preValidation: signedIn, schema: { params: itemIdParams, body: thanksBodySchema, response: { 201: handOverThanksSchema } } },
    async (request, reply) =>
      reply.status(201).send(await giveThanks(app.db, request.params.id, await requireUser(request), request.body.note ?? null)),
  );
};
