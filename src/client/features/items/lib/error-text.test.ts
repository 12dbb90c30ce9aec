import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/request';
import { failureText } from './error-text';

describe('failureText', () => {
  it('gives the status and the server message', () => {
    const error = new ApiError(413, '{"message":"The image is larger than 10 MB"}', 'Payload Too Large');
    expect(failureText('Failed to upload image', error)).toBe('Failed to upload image: 413 The image is larger than 10 MB');
  });

  it('keeps a plain text body; an empty body or an HTML page leaves the status alone (never its bare text)', () => {
    expect(failureText('Failed to create item', new ApiError(500, 'Oops', 'Internal Server Error'))).toBe(
      'Failed to create item: 500 Oops',
    );
    expect(failureText('Failed to create item', new ApiError(502, '', 'Bad Gateway'))).toBe('Failed to create item: 502');
    expect(failureText('Failed to create item', new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBe(
      'Failed to create item: 502',
    );
  });

  it('explains network failures', () => {
    expect(failureText('Failed to upload image', new TypeError('Failed to fetch'))).toMatch(
      /^Failed to upload image: Could not reach the server/,
    );
  });
});
