// Support requests in words and colours (docs/product.md, Data, States and Input rules).
import { z } from 'zod';
import { createSupportBodySchema, type SupportRequest } from '../../../../shared/people.js';

export type SupportType = SupportRequest['type'];

/** The request types in the order the form offers them: the most common first. */
export const SUPPORT_TYPE_OPTIONS: readonly { value: SupportType; label: string }[] = [
  { value: 'technical_issue', label: 'Technical issue' },
  { value: 'account_deletion', label: 'Account deletion' },
  { value: 'other', label: 'Other' },
];

export function supportTypeLabel(type: string): string {
  return SUPPORT_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? 'Other';
}

export type StatusTone = 'yellow' | 'green' | 'blue';

/** docs/product.md, States: yellow for pending, green for resolved, blue otherwise (in progress). */
export function statusBadge(status: string): { label: string; tone: StatusTone } {
  if (status === 'pending') return { label: 'Pending', tone: 'yellow' };
  if (status === 'resolved') return { label: 'Resolved', tone: 'green' };
  if (status === 'in_progress') return { label: 'In progress', tone: 'blue' };
  return { label: status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), tone: 'blue' };
}

/** The help form: a type and a description of at least 10 characters (the API's own rule). */
export const supportFormSchema = createSupportBodySchema.pick({ type: true, description: true });
export type SupportFormValues = z.input<typeof supportFormSchema>;
