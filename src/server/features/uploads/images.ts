import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ITEM_MSG, UPLOAD_MAX_PIXELS } from '#shared/items.js';
import { AppError, badRequest } from '../../errors.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { createSlots, type Slots } from '../../plugins/slots.js';

// One libvips thread per image and no operation cache: memory goes with the number of images being
// decoded (IMAGE_DECODE_CONCURRENCY, the slots below), not with the cores or with past uploads.
sharp.concurrency(1);
sharp.cache(false);

/** Decodes outside the app's own slots (the demo seed) run one at a time. */
const oneAtATime = createSlots(1);

/** Display size: fits in this box, never enlarged. */
const DISPLAY_MAX = 1600;
/** Thumbnail for cards: 4:3, cropped to fill. */
const THUMB = { width: 640, height: 480 };
/**
 * WebP encoder effort (0-6, sharp's default 4). Encoding the display size was most of an upload's
 * time: for a 12-megapixel photo effort 2 took a third of effort 4's time for files within a few
 * per cent of its size (docs/performance.md).
 */
const WEBP_EFFORT = 2;

type Kind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

/** The brands of an ISO media file (`ftyp` box) that an iPhone's HEIC photos carry. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The image type judged by the file's first bytes (its name and declared type are not trusted). */
function sniffImageType(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  // HEIC: taken where the image library can decode it; where it cannot, the answer says so (unreadable).
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp' && HEIF_BRANDS.has(bytes.subarray(8, 12).toString('latin1')))
    return 'heif';
  return null;
}

/** Why an image could not be decoded: too many pixels, a HEIC photo this server cannot read, or a damaged file. */
function unreadable(kind: Kind, err: unknown) {
  if (/pixel limit/i.test(String((err as Error).message))) return badRequest(ITEM_MSG.imagePixels);
  return badRequest(kind === 'heif' ? ITEM_MSG.imageHeic : ITEM_MSG.imageUnreadable);
}

export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
}

/** A full disk or quota: the storage has no room, nothing was wrong with the upload. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Stores every file of one upload and then runs `then` (recording it), or leaves none of them: when
 * any put or `then` fails, each file this upload made is removed, whichever failed first (a file
 * that was there before, from the same upload earlier, stays).
 */
async function storeAll(storage: ImageStorage, files: [key: string, body: Buffer][], then: () => Promise<void>): Promise<void> {
  // Every put settles before anything is removed: one still writing would otherwise stay behind.
  const puts = await Promise.allSettled(files.map(([key, body]) => storage.put(key, body, 'image/webp')));
  const made = files.flatMap(([key], i) => {
    const put = puts[i]!;
    return put.status === 'fulfilled' && put.value ? [key] : [];
  });
  try {
    const failed = puts.find((put) => put.status === 'rejected');
    if (failed) {
      const code = (failed.reason as NodeJS.ErrnoException).code;
      throw NO_ROOM.has(code ?? '') ? new AppError(507, ITEM_MSG.storageFull, { cause: failed.reason }) : failed.reason;
    }
    await then();
  } catch (err) {
    await Promise.allSettled(made.map((key) => storage.delete(key)));
    throw err;
  }
}

/**
 * Checks an uploaded image and stores it as WebP in a display and a thumbnail size: turned upright
 * by its EXIF orientation, then re-encoded without ANY metadata (no GPS position leaves the server).
 * Named by a hash of the uploader and the upload: one person's same photo uploaded twice is stored
 * once, while two people's copies of one photo are separate files (deleting one person's item never
 * removes a photo another person has just uploaded, and a name says nothing about anyone else's).
 * `record` notes the upload (its display key) once both files are stored; if it fails, they go.
 */
export async function processAndStoreImage(
  storage: ImageStorage,
  bytes: Buffer,
  uploader: number | 'demo',
  slots: Slots = oneAtATime,
  record: (key: string) => Promise<void> = async () => {},
): Promise<StoredImage & { key: string }> {
  const kind = sniffImageType(bytes);
  if (!kind) throw badRequest(ITEM_MSG.imageType);

  // Decoding is bounded: the pixel limit is checked from the header before any pixel is decoded.
  const input = () => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    throw unreadable(kind, err);
  }
  if (!meta.width || !meta.height || meta.format === undefined) throw unreadable(kind, null);
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw badRequest(ITEM_MSG.imagePixels);

  // The photo is decoded once, streamed straight down to the display size, and never all in memory
  // at once (a 49-megapixel PNG would be 150 MB of pixels). Almost always the display size covers
  // the thumbnail, which is then made from the display image the decode wrote. A very wide or tall
  // photo (whose display size is thinner than the thumbnail) is streamed down to what covers the
  // thumbnail instead, and both outputs are made from that copy.
  const sideways = (meta.orientation ?? 1) >= 5;
  const [w, h] = sideways ? [meta.height, meta.width] : [meta.width, meta.height];
  const sized = (scale: number) => ({
    width: Math.max(1, Math.round(w * scale)),
    height: Math.max(1, Math.round(h * scale)),
    fit: 'fill' as const,
  });
  const shown = sized(Math.min(1, DISPLAY_MAX / w, DISPLAY_MAX / h));
  const coversThumb = shown.width >= Math.min(w, THUMB.width) && shown.height >= Math.min(h, THUMB.height);
  const toThumb = (image: Sharp) =>
    image
      .resize({ ...THUMB, fit: 'cover', position: 'attention' })
      .webp({ quality: 72, effort: WEBP_EFFORT })
      .toBuffer();
  let display: Buffer;
  let thumb: Buffer;
  try {
    // At most `slots` uploads decode at once; the rest wait their turn.
    [display, thumb] = await slots.run(async () => {
      const decoded = input().rotate().toColourspace('srgb');
      if (coversThumb) {
        // No copy of the pixels passes through JavaScript: only the two small WebP files do.
        const shownWebp = await decoded.resize(shown).webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer();
        return [shownWebp, await toThumb(sharp(shownWebp))];
      }
      const scale = Math.min(1, Math.max(THUMB.width / w, THUMB.height / h));
      const { data, info } = await decoded.resize(sized(scale)).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      const scaled = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      return [
        await scaled()
          .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80, effort: WEBP_EFFORT })
          .toBuffer(),
        await toThumb(scaled()),
      ];
    });
  } catch (err) {
    throw badRequest(/pixel limit/i.test(String((err as Error).message)) ? ITEM_MSG.imagePixels : ITEM_MSG.imageUnreadable);
  }

  const name = createHash('sha256').update(`${uploader}:`).update(bytes).digest('hex').slice(0, 32);
  const displayKey = `${name}.webp`;
  const thumbKey = `${name}-thumb.webp`;
  await storeAll(
    storage,
    [
      [displayKey, display],
      [thumbKey, thumb],
    ],
    () => record(displayKey),
  );
  return { key: displayKey, imageUrl: storage.urlFor(displayKey), thumbnailUrl: storage.urlFor(thumbKey) };
}

/** A profile photo's sizes: squares, cropped to fill (docs/decisions/024-profiles-thanks-phones.md). */
const AVATAR_SIZES = [256, 96] as const;

/**
 * Checks an uploaded profile photo and stores it as two WebP squares (`{name}-a256.webp`,
 * `{name}-a96.webp`): upright by its EXIF orientation, cropped to the most interesting square, and
 * re-encoded without any metadata, like every upload; then `use` makes it the person's photo.
 * Answers the name both files follow from.
 */
export async function processAndStoreAvatar(
  storage: ImageStorage,
  bytes: Buffer,
  uploader: number,
  slots: Slots,
  use: (name: string) => Promise<void>,
): Promise<string> {
  const kind = sniffImageType(bytes);
  if (!kind) throw badRequest(ITEM_MSG.imageType);
  const input = () => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 });
  let squares: Buffer[];
  try {
    squares = await slots.run(async () => {
      const large = await input()
        .rotate()
        .toColourspace('srgb')
        .resize({ width: AVATAR_SIZES[0], height: AVATAR_SIZES[0], fit: 'cover', position: 'attention' })
        .webp({ quality: 80, effort: WEBP_EFFORT })
        .toBuffer();
      const small = await sharp(large)
        .resize({ width: AVATAR_SIZES[1], height: AVATAR_SIZES[1] })
        .webp({ quality: 80, effort: WEBP_EFFORT })
        .toBuffer();
      return [large, small];
    });
  } catch (err) {
    throw unreadable(kind, err);
  }
  const name = createHash('sha256').update(`avatar:${uploader}:`).update(bytes).digest('hex').slice(0, 32);
  await storeAll(
    storage,
    [
      [`${name}-a256.webp`, squares[0]!],
      [`${name}-a96.webp`, squares[1]!],
    ],
    () => use(name),
  );
  return name;
}

/** Removes both files of a profile photo. */
export async function deleteStoredAvatar(storage: ImageStorage, name: string): Promise<void> {
  await Promise.all([storage.delete(`${name}-a256.webp`), storage.delete(`${name}-a96.webp`)]);
}

/** Removes both sizes of a stored image. */
export async function deleteStoredImage(storage: ImageStorage, imageUrl: string): Promise<void> {
  const key = storage.keyFromUrl(imageUrl);
  if (!key) return;
  await Promise.all([storage.delete(key), storage.delete(key.replace(/\.webp$/, '-thumb.webp'))]);
}
