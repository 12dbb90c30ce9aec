// The drop zone's file rules (docs/product.md, Input rules and Constants): one image, JPEG, PNG or GIF.
import type { MessageId } from '../../../../shared/i18n.js';

export const IMAGE_ACCEPT = 'image/jpeg,.jpg,.jpeg,image/png,image/gif';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export const IMAGE_MSG = {
  notImage: 'items.image.notImage',
  onlyOne: 'items.image.onlyOne',
} as const satisfies Record<string, MessageId>;

/** JPEG, PNG or GIF by type; by name when the browser gives no type. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return TYPES.has(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

export type FileCheck<F> = { kind: 'ok'; file: F } | { kind: 'none' } | { kind: 'too-many' } | { kind: 'not-image' };

/** What to do with the files of a pick or a drop. */
export function checkImageFiles<F extends { type: string; name: string }>(files: readonly F[]): FileCheck<F> {
  if (files.length === 0) return { kind: 'none' };
  if (files.length > 1) return { kind: 'too-many' };
  const [file] = files as [F];
  return isAcceptedImage(file) ? { kind: 'ok', file } : { kind: 'not-image' };
}
