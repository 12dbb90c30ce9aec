import { csrfTokenSchema, loginBodySchema, registerBodySchema, sessionUserSchema } from '#shared/auth.js';
import { loginLimit } from '../../plugins/account-limit.js';
import { requireUser } from '../../plugins/guards.js';
import { registrationOrigin } from '../../plugins/suspension.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { authenticate, registerUser } from './service.js';
import { phoneOrBadRequest } from '../account/service.js';

/** Accounts: CSRF token, the session user, register, login, logout (docs/product.md, Input rules, API and Messages). */
export const authRoutes: FeatureRoutes = (app) => {
  const rateLimit = {
    max: app.config.authRateLimit.max,
    timeWindow: app.config.authRateLimit.windowMs,
  };
  // Besides the limit per address, one per account: password guesses from many addresses add up.
  // A browser that signed in to the account before has a budget of its own (device cookies).
  const loginAccountLimit = loginLimit(app, app.devices);

  app.get('/csrf-token', { schema: { response: { 200: csrfTokenSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: app.csrf.issue(request, reply) };
  });

  app.get('/user', { schema: { response: { 200: sessionUserSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return requireUser(request);
  });

  app.post(
    '/register',
    { config: { rateLimit }, schema: { body: registerBodySchema, response: { 201: sessionUserSchema } } },
    async (request, reply) => {
      const { phoneNumber, ...body } = request.body;
      // A number is stored in E.164, read in PHONE_DEFAULT_REGION when typed without a country code.
      const phone = phoneNumber === undefined ? undefined : phoneOrBadRequest(phoneNumber, app.config.phoneDefaultRegion);
      const from = await registrationOrigin(request);
      const user = await registerUser(app.db, { ...body, phoneNumber: phone }, await request.language(), from);
      await app.sessions.start(request, reply, user.id, false);
      await app.devices.issue(reply, user);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/login',
    { config: { rateLimit }, preHandler: loginAccountLimit, schema: { body: loginBodySchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const { username, password, rememberMe } = request.body;
      const user = await authenticate(app.db, username, password);
      await app.sessions.start(request, reply, user.id, rememberMe);
      await app.devices.issue(reply, user);
      return user;
    },
  );

  app.post('/logout', async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.status(204).send();
  });
};
