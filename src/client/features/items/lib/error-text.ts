import { ApiError, getErrorMessage } from '@/lib/request';

/**
 * 'Failed to upload image: {status} {body}' and the like (docs/product.md, Messages): the status and what
 * the server said (its JSON message when there is one, else a plain-text body; never an HTML page, and
 * never the bare status text when the body is empty); a network failure says so instead.
 */
export function failureText(prefix: string, error: unknown): string {
  if (error instanceof ApiError) {
    const plain = error.body.trim();
    const body = getErrorMessage(error, '').trim() || (plain.startsWith('<') || plain.startsWith('{') ? '' : plain);
    return `${prefix}: ${error.status}${body ? ` ${body}` : ''}`;
  }
  return `${prefix}: ${getErrorMessage(error)}`;
}
