// The photo picker's file rules (docs/product.md, Input rules and Constants): JPEG, PNG or GIF, up to 6.
import type { MessageId } from '#shared/i18n.js';

export const IMAGE_ACCEPT = 'image/jpeg,.jpg,.jpeg,image/png,image/gif';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export const IMAGE_MSG = {
  notImage: 'items.image.notImage',
  tooMany: 'items.image.tooMany',
} as const satisfies Record<string, MessageId>;

/** JPEG, PNG or GIF by type; by name when the browser gives no type. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return TYPES.has(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}
