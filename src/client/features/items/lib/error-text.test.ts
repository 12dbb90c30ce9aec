import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import { ApiError } from '@/lib/request';
import { failureText } from './error-text';
import { loadEnglish } from '../../../test/english';

beforeAll(loadEnglish);

describe('failureText', () => {
  it('gives the status and the server message', () => {
    const error = new ApiError(413, '{"message":"The image is larger than 10 MB"}', 'Payload Too Large');
    expect(translate(failureText('items.image.uploadFailed', error))).toBe('Failed to upload image: 413 The image is larger than 10 MB');
  });

  it('keeps a plain text body; an empty body or an HTML page leaves the status alone (never its bare text)', () => {
    expect(translate(failureText('items.post.createFailed', new ApiError(500, 'Oops', 'Internal Server Error')))).toBe(
      'Failed to create item: 500 Oops',
    );
    expect(translate(failureText('items.post.createFailed', new ApiError(502, '', 'Bad Gateway')))).toBe('Failed to create item: 502');
    expect(translate(failureText('items.post.createFailed', new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway')))).toBe(
      'Failed to create item: 502',
    );
  });

  it('explains network failures', () => {
    expect(translate(failureText('items.image.uploadFailed', new TypeError('Failed to fetch')))).toMatch(
      /^Failed to upload image: Could not reach the server/,
    );
  });
});
