import { ApiError, getErrorMessage } from '@/lib/request';

/**
 * 'Failed to upload image: {status} {body}' and the like (docs/product.md, Messages): the status and what
 * the server said (its JSON message when there is one); a network failure says so instead.
 */
export function failureText(prefix: string, error: unknown): string {
  if (error instanceof ApiError) {
    const body = getErrorMessage(error, '').trim();
    return `${prefix}: ${error.status}${body ? ` ${body}` : ''}`;
  }
  return `${prefix}: ${getErrorMessage(error)}`;
}
