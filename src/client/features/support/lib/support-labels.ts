// Support requests in words (message ids of section `support`) and colours (docs/product.md, Data,
// States and Input rules). The admin's support panel reads the same labels.
import type { z } from 'zod';
import type { MessageId } from '#shared/i18n.js';
import { createSupportBodySchema, type SupportRequest } from '#shared/people.js';
import { SUPPORT_STATUS_LABEL, SUPPORT_TYPE_LABEL, type StatusTone, supportStatusTone } from '#shared/support-labels.js';

export type SupportType = SupportRequest['type'];
export type { StatusTone };

const isKeyOf = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.prototype.hasOwnProperty.call(map, key);

/** The request types in the order the form offers them: the most common first. */
export const SUPPORT_TYPE_OPTIONS: readonly { value: SupportType; label: MessageId }[] = (
  ['technical_issue', 'account_deletion', 'other'] as const
).map((value) => ({ value, label: SUPPORT_TYPE_LABEL[value] }));

/** The label of a type; an unknown type reads as Other. */
export function supportTypeLabel(type: string): MessageId {
  return isKeyOf(SUPPORT_TYPE_LABEL, type) ? SUPPORT_TYPE_LABEL[type] : SUPPORT_TYPE_LABEL.other;
}

/**
 * docs/product.md, States: yellow for pending, green for resolved, blue otherwise (in progress). A
 * status this client does not know has no label: it is shown as it is, in words.
 */
export function statusBadge(status: string): { label: MessageId | null; text: string; tone: StatusTone } {
  const label = isKeyOf(SUPPORT_STATUS_LABEL, status) ? SUPPORT_STATUS_LABEL[status] : null;
  return { label, text: status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), tone: supportStatusTone(status) };
}

/** The help form: a type and a description of at least 10 characters (the API's own rule). */
export const supportFormSchema = createSupportBodySchema.pick({ type: true, description: true });
export type SupportFormValues = z.input<typeof supportFormSchema>;
