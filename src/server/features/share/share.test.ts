import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clientDir: fakeClientDir() });
});
afterAll(async () => {
  await t?.close();
});

/** A multipart body as the share sheet sends it: `count` photos in the field `photos`. */
function sharedPhotos(count: number, bytes = 2048) {
  const boundary = '----share' + 'x'.repeat(8);
  const parts = Array.from(
    { length: count },
    (_, i) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'a'.repeat(bytes)}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /share-target without a service worker', () => {
  it.each([
    ['two photos', sharedPhotos(2)],
    ['photos larger than any JSON body', sharedPhotos(3, 2 * 1024 * 1024)],
    ['no photos', sharedPhotos(0)],
    ['a form', { payload: 'title=lamp', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ['a text body', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
    ['no body', { payload: undefined, headers: {} }],
  ])('%s: 303 to Post item, saying the photos did not arrive', async (_name, body) => {
    const res = await t.app.inject({ method: 'POST', url: '/share-target', ...body });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/post-item?shared=lost');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a GET of the share address goes to Post item as well (never a 404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/share-target' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/post-item?shared=lost');
  });
});
