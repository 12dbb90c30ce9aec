import { PEOPLE_MSG, profileSchema, usernameParams, vendorListSchema } from '../../../shared/people.js';
import { notFound } from '../../errors.js';
import { findUserByUsername } from '../../users/repository.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { activeVendors, paymentLinksOf } from '../account/service.js';

/** Public profiles with payment links, and the vendors users can choose from. */
export const profilesRoutes: FeatureRoutes = (app) => {
  app.get('/users/profile/:username', { schema: { params: usernameParams, response: { 200: profileSchema } } }, async (request) => {
    const user = await findUserByUsername(app.db, request.params.username);
    const viewer = user && !user.isVisible ? await app.sessions.user(request) : null;
    // A hidden profile is "not found" for everyone but its owner and the admins.
    if (!user || (!user.isVisible && viewer?.id !== user.id && !viewer?.isAdmin)) throw notFound(PEOPLE_MSG.userNotFound);
    const links = await paymentLinksOf(app.db, user.id);
    return {
      username: user.username,
      isPhoneVerified: user.isPhoneVerified,
      paymentIds: links.map((l) => ({ id: l.id, paymentId: l.paymentId, vendor: { name: l.vendor.name } })),
    };
  });

  app.get('/vendors', { schema: { response: { 200: vendorListSchema } } }, async () => activeVendors(app.db));
};
