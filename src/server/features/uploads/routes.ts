import { ITEM_MSG, UPLOAD_MAX_BYTES, uploadResultSchema } from '#shared/items.js';
import { QUOTA_MSG } from '#shared/quotas.js';
import { AppError, badRequest } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { rateQuota } from '../../plugins/quotas.js';
import { createSlots } from '../../plugins/slots.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { settingsSchema } from '#shared/people.js';
import { getSettings, settingsView } from '../account/service.js';
import { setAvatar } from '../profiles/service.js';
import { processAndStoreAvatar, processAndStoreImage } from './images.js';
import { recordUpload } from './repository.js';

/** Uploads one account may have being read or processed at once (in one process); the form sends one at a time. */
const UPLOADS_UNDER_WAY_PER_USER = 2;

/** POST /api/upload-image: one image in the multipart field `image`; POST /api/me/avatar: the profile photo, the same way. */
export const uploadRoutes: FeatureRoutes = (app) => {
  const decodes = createSlots(app.config.imageDecodeConcurrency);
  // Each upload's body (up to 10 MB) is in memory from its reading until it is stored, waiting for a
  // decode slot meanwhile: one account may have only a couple under way at once (in this process).
  const underWay = new Map<number, number>();
  // Each upload is background work from its arrival until its answer is sent, that of an aborted one
  // (sent to nobody) too: the body read or given up and nothing left behind. app.settled() waits for them.
  const answered = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', (request, _reply, done) => {
    app.background(() => new Promise<void>((resolve) => answered.set(request, resolve)));
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    answered.get(request)?.();
    done(null, payload);
  });
  // Per-user upload quotas, checked before the body is read: a refused upload costs no memory.
  app.post(
    '/upload-image',
    {
      preValidation: signedIn,
      preHandler: rateQuota(app, 'uploadsPerHour', 'uploadsPerDay'),
      schema: { response: { 201: uploadResultSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const stored = await receiveImage(request, reply, user.id, async (image) => {
        // Recorded once both sizes are stored; a failure of either leaves no file behind.
        const { imageUrl, thumbnailUrl } = await processAndStoreImage(app.storage, image, user.id, decodes, (key) =>
          recordUpload(app.db, user.id, key),
        );
        return { imageUrl, thumbnailUrl };
      });
      return reply.status(201).send(stored);
    },
  );

  // POST /api/me/avatar: the profile photo, through the same pipeline (quotas, one body at a time,
  // decode slots, EXIF and every other metadata dropped), stored as two squares.
  app.post(
    '/me/avatar',
    {
      preValidation: signedIn,
      preHandler: rateQuota(app, 'uploadsPerHour', 'uploadsPerDay'),
      schema: { response: { 200: settingsSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      await receiveImage(request, null, user.id, (image) =>
        processAndStoreAvatar(app.storage, image, user.id, decodes, (name) => setAvatar(app.db, app.storage, user.id, name, request.log)),
      );
      return getSettings(app.db, user.id, settingsView(app));
    },
  );

  /** Reads the one image of a multipart body (field `image`) and hands it to `store`, at most two per account at once. */
  async function receiveImage<T>(
    request: FastifyRequest,
    reply: FastifyReply | null,
    userId: number,
    store: (image: Buffer) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) throw new AppError(415, ITEM_MSG.imageMissing);
    const mine = underWay.get(userId) ?? 0;
    if (mine >= UPLOADS_UNDER_WAY_PER_USER) {
      reply?.header('retry-after', '5');
      throw new AppError(429, QUOTA_MSG.uploadsUnderWay);
    }
    underWay.set(userId, mine + 1);
    try {
      let image: Buffer | undefined;
      try {
        // Parts are read in memory (at most 10 MB), so an aborted or refused upload leaves no temporary file.
        const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 50 } });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          const file = part;
          if (file.fieldname !== 'image' || image) {
            file.file.resume();
            throw badRequest(image ? ITEM_MSG.imageTooMany : ITEM_MSG.imageMissing);
          }
          image = await file.toBuffer();
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ITEM_MSG.imageTooLarge);
        if (code === 'FST_FILES_LIMIT') throw badRequest(ITEM_MSG.imageTooMany);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, ITEM_MSG.uploadTooManyParts);
        // Everything else the multipart reader throws is about the body it was sent (no or a wrong
        // boundary, a part cut short, broken part headers, a connection closed mid-upload): the
        // client's mistake, and nothing has been stored yet.
        request.log.info({ err }, 'malformed upload');
        throw badRequest(ITEM_MSG.uploadMalformed);
      }
      if (!image || image.length === 0) throw badRequest(ITEM_MSG.imageMissing);
      return await store(image);
    } finally {
      const left = (underWay.get(userId) ?? 1) - 1;
      if (left > 0) underWay.set(userId, left);
      else underWay.delete(userId);
    }
  }
};
