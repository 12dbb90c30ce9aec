import type { Message, MessageId } from '#shared/i18n.js';
import { ApiError, getErrorMessage } from '@/lib/request';

/**
 * 'Failed to upload image: {status} {body}' and the like (docs/product.md, Messages): the status and what
 * the server said (its JSON message when there is one, else a plain-text body; never an HTML page, and
 * never the bare status text when the body is empty); a network failure says so instead. `message` is
 * the sentence, with `{reason}` where that goes.
 */
export function failureText(message: MessageId, error: unknown): Message {
  return { id: message, values: { reason: failureReason(error) } };
}

/** The `{reason}` of failureText: the status and the server's text, or what went wrong on the way. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    const plain = error.body.trim();
    const body = getErrorMessage(error, '').trim() || (plain.startsWith('<') || plain.startsWith('{') ? '' : plain);
    return `${error.status}${body ? ` ${body}` : ''}`;
  }
  return getErrorMessage(error);
}
