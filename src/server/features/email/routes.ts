import { z } from 'zod';
import {
  EMAIL_MSG,
  emailStateSchema,
  messageAnswerSchema,
  removeEmailBodySchema,
  setEmailBodySchema,
  unsubscribeTokenSchema,
  verifyEmailBodySchema,
} from '#shared/email.js';
import { badRequest } from '../../errors.js';
import { translate } from '../../i18n.js';
import { unsubscribeSecret, verifyUnsubscribeToken } from '../../mail/unsubscribe.js';
import { perAccountLimit } from '../../plugins/account-limit.js';
import { siteOrigin } from '../../plugins/client.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { dismissPrompt, getEmailState, type Mailing, removeEmail, resendLink, setEmail, verifyEmail } from './service.js';

/** The signed-in user's e-mail address (/api/me/email...) and the page its link opens (/api/email/verify). */
export const emailRoutes: FeatureRoutes = (app) => {
  const { db } = app;
  const me = { preValidation: signedIn };
  const mailing = (log: Mailing['log']): Mailing => ({ db, mail: app.mail, site: siteOrigin(app), log });
  // Limited like the other password checks and codes: per address, and per account (the password
  // checks share the budget of every other password check of the account).
  const perAddress = { rateLimit: { max: app.config.authRateLimit.max, timeWindow: app.config.authRateLimit.windowMs } };
  const signedInUserKey = async (request: Parameters<typeof requireUser>[0]) => String((await requireUser(request)).id);
  const passwordCheck = { ...me, config: perAddress, preHandler: perAccountLimit(app, 'password', signedInUserKey) };
  const linkLimit = { ...me, config: perAddress, preHandler: perAccountLimit(app, 'email-link', signedInUserKey) };
  const state = { 200: emailStateSchema };

  app.get('/me/email', { ...me, schema: { response: state } }, async (request) => getEmailState(db, (await requireUser(request)).id));

  app.put('/me/email', { ...passwordCheck, schema: { body: setEmailBodySchema, response: state } }, async (request) =>
    setEmail(mailing(request.log), (await requireUser(request)).id, request.body.email, request.body.password),
  );

  app.delete('/me/email', { ...passwordCheck, schema: { body: removeEmailBodySchema, response: state } }, async (request) =>
    removeEmail(mailing(request.log), (await requireUser(request)).id, request.body.password),
  );

  app.post('/me/email/send-link', linkLimit, async (request, reply) => {
    await resendLink(mailing(request.log), (await requireUser(request)).id);
    return reply.status(204).send();
  });

  app.post('/me/email/dismiss-prompt', { ...me, schema: { response: state } }, async (request) =>
    dismissPrompt(db, (await requireUser(request)).id),
  );

  app.post(
    '/email/verify',
    { config: perAddress, schema: { body: verifyEmailBodySchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await verifyEmail(db, request.body.token);
      return { message: translate(await request.language(), EMAIL_MSG.verified) };
    },
  );
};

/**
 * POST /api/unsubscribe, outside the /api plugin's CSRF rule: a mail program's one-click POST
 * (RFC 8058: `List-Unsubscribe=One-Click` as a form, the token in the query) carries no cookie and no
 * CSRF token. The signed token is the whole authority, so a forged request can do nothing without
 * one. The unsubscribe page sends `{ token }` as JSON. Each topic's handler is registered by the
 * feature that sends that mail (app.unsubscribeTopics); an unknown topic is a bad token.
 */
export const unsubscribeRoutes: FeatureRoutes = (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Made at start, so a request never adds a row (whatever it sends).
  app.addHook('onReady', async () => {
    await unsubscribeSecret(app.db);
  });
  const querySchema = z.object({ token: unsubscribeTokenSchema.optional() });
  const bodySchema = z.object({ token: unsubscribeTokenSchema.optional() }).loose().optional();

  app.post(
    '/api/unsubscribe',
    {
      config: { rateLimit: { max: app.config.authRateLimit.max, timeWindow: app.config.authRateLimit.windowMs } },
      schema: { querystring: querySchema, body: bodySchema, response: { 200: messageAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.body?.token ?? request.query.token;
      const parts = token === undefined ? undefined : verifyUnsubscribeToken(await unsubscribeSecret(app.db), token);
      const handler = parts && app.unsubscribeTopics.get(parts.topic);
      if (!parts || !handler) throw badRequest(EMAIL_MSG.unsubscribeInvalid);
      await handler(app.db, parts.userId);
      return { message: translate(await request.language({ account: false }), EMAIL_MSG.unsubscribed) };
    },
  );
};
