// The photo picker's file rules (docs/product.md, Input rules and Constants): JPEG, PNG, GIF or WebP, up to 6.
import type { MessageId } from '#shared/i18n.js';

export const IMAGE_ACCEPT = 'image/jpeg,.jpg,.jpeg,image/png,image/gif,image/webp,.webp';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIC_EXTENSIONS = /\.(heic|heif)$/i;

export const IMAGE_MSG = {
  notImage: 'items.image.notImage',
  heic: 'items.image.heic',
  tooMany: 'items.image.tooMany',
} as const satisfies Record<string, MessageId>;

/** JPEG, PNG, GIF or WebP by type; by name when the browser gives no type. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return TYPES.has(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/** A HEIC photo (an iPhone's own format), by type or name: refused with how to send it instead. */
function isHeic(file: { type: string; name: string }): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || HEIC_EXTENSIONS.test(file.name);
}

/** What a pick with refused files says: the HEIC advice when one of them is HEIC, else that it is not a photo. */
export function refusalOf(refused: readonly { type: string; name: string }[]): MessageId | null {
  if (refused.length === 0) return null;
  return refused.some(isHeic) ? IMAGE_MSG.heic : IMAGE_MSG.notImage;
}
