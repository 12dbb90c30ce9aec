import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/** Where uploaded images live. Keys are flat file names such as `3f9a...c2.webp`. */
export interface ImageStorage {
  kind: 'local' | 's3';
  /**
   * Stores `body` under `key`; answers false when the key was there already (a key is a hash of its
   * content: the same upload again) and is left as it was. A failed put leaves nothing behind.
   */
  put(key: string, body: Buffer, contentType: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the image from. */
  urlFor(key: string): string;
  /** The key of an address made by urlFor, or null when the address is not one of ours. */
  keyFromUrl(url: string): string | null;
  /** An origin the Content-Security-Policy must allow for images, if not this site. */
  origin?: string;
}

/** Keys this app makes: a content hash, optionally `-thumb` (or a profile photo's `-a256`, `-a96`), `.webp`. Nothing else is ever read. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{32}(-thumb|-a256|-a96)?\.webp$/;
export const LOCAL_UPLOADS_PREFIX = '/uploads/';

function keyAfterPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return IMAGE_KEY_PATTERN.test(key) ? key : null;
}

/** Images in a local folder, served by the app under /uploads/. */
function localStorage(dir: string): ImageStorage {
  const file = (key: string) => {
    if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`refusing storage key ${key}`);
    return path.join(dir, key);
  };
  const exists = async (key: string) => {
    try {
      return (await stat(file(key))).isFile();
    } catch {
      return false;
    }
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      // The same upload again needs no room (and on a full disk still succeeds).
      if (await exists(key)) return false;
      await mkdir(dir, { recursive: true });
      // Write, then link: a reader never sees half a file, a crash leaves no broken image, and link(2)
      // (unlike rename) never replaces a file, so it says whether this put made the key.
      const tmp = path.join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, body, { flag: 'wx' });
        await link(tmp, target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      } finally {
        // Also what a full disk left of the write.
        await rm(tmp, { force: true });
      }
    },
    exists,
    async delete(key) {
      await rm(file(key), { force: true });
    },
    urlFor: (key) => `${LOCAL_UPLOADS_PREFIX}${key}`,
    keyFromUrl: (url) => keyAfterPrefix(url, LOCAL_UPLOADS_PREFIX),
  };
}

/** Images in an S3-compatible bucket (AWS, MinIO, R2, ...), served from its public address. */
async function s3Storage(s3: NonNullable<Config['s3']>): Promise<ImageStorage> {
  // Loaded only when configured: most installations never need the SDK.
  const { S3Client, PutObjectCommand, HeadObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
  });
  const prefix = `${s3.publicUrl}/`;
  const check = (key: string) => {
    if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`refusing storage key ${key}`);
    return key;
  };
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: check(key) }));
      return true;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403) return false;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      if (await exists(key)) return false;
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: check(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return true;
    },
    exists,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: check(key) }));
    },
    urlFor: (key) => `${prefix}${key}`,
    keyFromUrl: (url) => keyAfterPrefix(url, prefix),
    origin: new URL(s3.publicUrl).origin,
  };
}

/** The storage the configuration asks for. */
function createStorage(config: Config): Promise<ImageStorage> | ImageStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads'));
}

/**
 * Decorates `storage` from the config; with local storage it also serves DATA_DIR/uploads at
 * /uploads/ (names are content hashes: an image at an address never changes).
 */
export const storagePlugin = fp(
  async (app) => {
    const storage = await createStorage(app.config);
    app.decorate('storage', storage);
    if (storage.kind !== 'local') return;
    const uploadsDir = path.join(app.config.dataDir, 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: LOCAL_UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => IMAGE_KEY_PATTERN.test(pathName.replace(/^\//, '')),
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'storage', decorators: { fastify: ['config'] } },
);
