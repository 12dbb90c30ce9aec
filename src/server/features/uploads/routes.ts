import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_MSG, UPLOAD_MAX_BYTES, uploadResultSchema } from '../../../shared/items.js';
import { AppError, badRequest } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { processAndStoreImage } from './images.js';
import { recordUpload } from './repository.js';

/** POST /api/upload-image: one image in the multipart field `image`. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/upload-image', { preValidation: signedIn, schema: { response: { 201: uploadResultSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    if (!request.isMultipart()) throw new AppError(415, ITEM_MSG.imageMissing);

    let image: Buffer | undefined;
    // Parts are read in memory (at most 10 MB), so an aborted or refused upload leaves no temporary file.
    const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 50 } });
    try {
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        const file = part as MultipartFile;
        if (file.fieldname !== 'image' || image) {
          file.file.resume();
          throw badRequest(image ? ITEM_MSG.imageTooMany : ITEM_MSG.imageMissing);
        }
        image = await file.toBuffer();
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ITEM_MSG.imageTooLarge);
      if (code === 'FST_FILES_LIMIT') throw badRequest(ITEM_MSG.imageTooMany);
      throw err;
    }
    if (!image || image.length === 0) throw badRequest(ITEM_MSG.imageMissing);
    const stored = await processAndStoreImage(app.storage, image, user.id);
    // An item may show only its poster's own uploads (features/items/service.ts).
    await recordUpload(app.db, app.storage.keyFromUrl(stored.imageUrl)!, user.id);
    return reply.status(201).send(stored);
  });
};
