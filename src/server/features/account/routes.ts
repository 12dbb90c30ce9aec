import { z } from 'zod';
import {
  addPaymentLinkBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  deletionRequestBodySchema,
  distanceUnitBodySchema,
  languageBodySchema,
  ownPaymentLinkSchema,
  paymentLinkIdParams,
  PEOPLE_MSG,
  phoneBodySchema,
  removePhoneBodySchema,
  requestResetBodySchema,
  resetPasswordBodySchema,
  settingsSchema,
  updateProfileBodySchema,
  updateSettingsBodySchema,
  verifyPhoneBodySchema,
} from '#shared/people.js';
import { setAvatar } from '../profiles/service.js';
import { perAccountLimit, usernameKey } from '../../plugins/account-limit.js';
import { siteOrigin } from '../../plugins/client.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { translate } from '../../i18n.js';
import {
  addPaymentLink,
  changePassword,
  changePhoneNumber,
  deleteOwnAccount,
  exportUserData,
  getSettings,
  phoneOrBadRequest,
  removePaymentLink,
  requestDeletion,
  resetPassword,
  sendPhoneCode,
  sendResetCode,
  setDistanceUnit,
  setLanguage,
  setProfileText,
  settingsView,
  setVisibility,
  verifyPhone,
} from './service.js';

const messageSchema = z.object({ message: z.string() });

/** The signed-in user's own account (/api/me...) and the password reset. */
export const accountRoutes: FeatureRoutes = (app) => {
  const { db } = app;
  const me = { preValidation: signedIn };
  // Codes can be guessed only five at a time per code, and asked for only this often per address.
  const codeRateLimit = { rateLimit: { max: app.config.authRateLimit.max, timeWindow: app.config.authRateLimit.windowMs } };
  // And per account, whatever the address: the signed-in user for the phone code and password
  // checks, the username named in the body for the reset.
  const signedInUserKey = async (request: Parameters<typeof requireUser>[0]) => String((await requireUser(request)).id);
  const phoneAccountLimit = perAccountLimit(app, 'phone', signedInUserKey);
  const passwordAccountLimit = perAccountLimit(app, 'password', signedInUserKey);
  const resetRequestAccountLimit = perAccountLimit(app, 'reset-request', usernameKey);
  const resetAccountLimit = perAccountLimit(app, 'reset', usernameKey);

  const view = settingsView(app);
  app.get('/me/settings', { ...me, schema: { response: { 200: settingsSchema } } }, async (request) =>
    getSettings(db, (await requireUser(request)).id, view),
  );

  app.patch('/me', { ...me, schema: { body: updateSettingsBodySchema, response: { 200: settingsSchema } } }, async (request) => {
    return setVisibility(db, (await requireUser(request)).id, request.body.isVisible, view);
  });

  // The profile's bio and area (the photo: POST /api/me/avatar in uploads, DELETE below).
  app.put('/me/profile', { ...me, schema: { body: updateProfileBodySchema, response: { 200: settingsSchema } } }, async (request) =>
    setProfileText(db, (await requireUser(request)).id, request.body, view),
  );

  app.delete('/me/avatar', { ...me, schema: { response: { 200: settingsSchema } } }, async (request) => {
    const user = await requireUser(request);
    await setAvatar(db, app.storage, user.id, null, request.log);
    return getSettings(db, user.id, view);
  });

  // The language the person reads the site, e-mails and text messages in (null: the device's or the browser's).
  app.put('/me/language', { ...me, schema: { body: languageBodySchema, response: { 200: languageBodySchema } } }, async (request) => {
    const { language } = request.body;
    await setLanguage(db, (await requireUser(request)).id, language);
    return { language };
  });

  // The unit distances are shown in (km or mi); answered back, and in GET /api/user from then on.
  app.put(
    '/me/distance-unit',
    { ...me, schema: { body: distanceUnitBodySchema, response: { 200: distanceUnitBodySchema } } },
    async (request) => {
      const { distanceUnit } = request.body;
      await setDistanceUnit(db, (await requireUser(request)).id, distanceUnit);
      return { distanceUnit };
    },
  );

  app.post(
    '/me/payment-ids',
    { ...me, schema: { body: addPaymentLinkBodySchema, response: { 201: ownPaymentLinkSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply
        .status(201)
        .send(await addPaymentLink(db, user.id, request.body.vendorId, request.body.paymentId, app.config.quotas.paymentLinks));
    },
  );

  app.delete('/me/payment-ids/:id', { ...me, schema: { params: paymentLinkIdParams } }, async (request, reply) => {
    await removePaymentLink(db, (await requireUser(request)).id, request.params.id);
    return reply.status(204).send();
  });

  // Changing or removing the number checks the password: limited like the other password checks.
  const passwordCheck = { ...me, config: codeRateLimit, preHandler: passwordAccountLimit };
  app.put('/me/phone', { ...passwordCheck, schema: { body: phoneBodySchema, response: { 200: settingsSchema } } }, async (request) =>
    changePhoneNumber(
      db,
      app.sms,
      (await requireUser(request)).id,
      request.body.currentPassword,
      phoneOrBadRequest(request.body.phoneNumber, app.config.phoneDefaultRegion),
      request.log,
      view,
    ),
  );

  app.delete(
    '/me/phone',
    { ...passwordCheck, schema: { body: removePhoneBodySchema, response: { 200: settingsSchema } } },
    async (request) =>
      changePhoneNumber(db, app.sms, (await requireUser(request)).id, request.body.currentPassword, null, request.log, view),
  );

  app.post('/me/phone/send-code', { ...me, config: codeRateLimit, preHandler: phoneAccountLimit }, async (request, reply) => {
    await sendPhoneCode(db, app.sms, (await requireUser(request)).id);
    return reply.status(204).send();
  });

  app.post(
    '/me/phone/verify',
    {
      ...me,
      config: codeRateLimit,
      preHandler: phoneAccountLimit,
      schema: { body: verifyPhoneBodySchema, response: { 200: settingsSchema } },
    },
    async (request) => verifyPhone(db, (await requireUser(request)).id, request.body.code, view),
  );

  app.post('/me/password', { ...passwordCheck, schema: { body: changePasswordBodySchema } }, async (request, reply) => {
    const user = await requireUser(request);
    const persistent = await app.sessions.isPersistent(request);
    await changePassword(db, user.id, request.body.currentPassword, request.body.newPassword);
    // Every session of the account ends (a thief's too); this browser gets a fresh one.
    await app.sessions.endAllFor(user.id);
    await app.sessions.start(request, reply, user.id, persistent);
    return reply.status(204).send();
  });

  app.post(
    '/me/deletion-request',
    { ...me, schema: { body: deletionRequestBodySchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await requestDeletion(db, (await requireUser(request)).id, request.body.reason);
      return reply.status(201).send({ message: translate(await request.language(), PEOPLE_MSG.deletionRequested) });
    },
  );

  app.get('/me/export', me, async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportUserData(db, user.id);
    const day = new Date().toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="sharenearby-${user.username}-${day}.json"`);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
  });

  app.delete('/me', { ...passwordCheck, schema: { body: deleteAccountBodySchema } }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteOwnAccount(db, app.storage, user.id, request.body.password, request.log);
    await app.sessions.end(request, reply);
    return reply.status(204).send();
  });

  app.post(
    '/request-reset',
    {
      config: codeRateLimit,
      preHandler: resetRequestAccountLimit,
      schema: { body: requestResetBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const { username } = request.body;
      app.background(() => sendResetCode(db, { sms: app.sms, mail: app.mail, site: siteOrigin(app) }, username, request.log));
      return { message: translate(await request.language(), PEOPLE_MSG.resetSent) };
    },
  );

  app.post(
    '/reset-password',
    { config: codeRateLimit, preHandler: resetAccountLimit, schema: { body: resetPasswordBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const userId = await resetPassword(db, request.body.username, request.body.code, request.body.newPassword);
      await app.sessions.endAllFor(userId);
      return { message: translate(await request.language(), PEOPLE_MSG.resetDone) };
    },
  );
};
