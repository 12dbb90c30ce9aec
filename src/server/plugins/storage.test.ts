import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../test/harness.js';
import { jpegWithGps } from '../test/images.js';

// A stand-in for an S3-compatible service (path-style addresses): enough of PUT, HEAD and DELETE.
const objects = new Map<string, { body: Buffer; type: string; cacheControl: string }>();
const requests: { method: string; path: string; authorization: string }[] = [];
let server: Server;
let endpoint: string;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

let t: TestApp;
beforeAll(async () => {
  // A fake S3 endpoint; the server ignores what a request handler answers, so the promise is dropped.
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    requests.push({ method: req.method!, path, authorization: String(req.headers.authorization ?? '') });
    if (req.method === 'PUT') {
      // The SDK may send the body with aws-chunked encoding; keep what arrives, the test checks names.
      objects.set(path, {
        body: await readBody(req),
        type: String(req.headers['content-type']),
        cacheControl: String(req.headers['cache-control']),
      });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === 'HEAD') {
      res.writeHead(objects.has(path) ? 200 : 404).end();
    } else if (req.method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  };
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    S3_BUCKET: 'share-images',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_PUBLIC_URL: 'https://cdn.example.org/images',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('S3-compatible storage', () => {
  it('stores both sizes in the bucket, signed, cacheable, and answers the public address', async () => {
    const user = new TestClient(t.app);
    await user.register('s3_user');
    const res = await user.upload([{ data: await jpegWithGps() }]);
    expect(res.statusCode).toBe(201);
    const { imageUrl, thumbnailUrl } = res.json();
    expect(imageUrl).toMatch(/^https:\/\/cdn\.example\.org\/images\/[0-9a-f]{32}\.webp$/);
    const key = imageUrl.split('/').pop();
    expect(objects.get(`/share-images/${key}`)).toMatchObject({ type: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(objects.has(`/share-images/${thumbnailUrl.split('/').pop()}`)).toBe(true);
    expect(requests.filter((r) => r.method === 'PUT').every((r) => r.authorization.startsWith('AWS4-HMAC-SHA256'))).toBe(true);

    // The image can be used for an item (the bucket is asked whether it exists)...
    const item = await user.post('/api/items', {
      title: 'Bucket chair',
      description: 'Stored in a bucket, sits fine.',
      imageUrl,
      latitude: 40.7,
      longitude: -74,
    });
    expect(item.statusCode).toBe(201);
    // ...an address in the bucket that was never uploaded cannot.
    const fake = await user.post('/api/items', {
      title: 'Bucket chair',
      description: 'Stored in a bucket, sits fine.',
      imageUrl: 'https://cdn.example.org/images/0123456789abcdef0123456789abcdef.webp',
      latitude: 40.7,
      longitude: -74,
    });
    expect(fake.statusCode).toBe(400);

    // Deleting the item deletes both objects.
    const del = await user.request({ method: 'DELETE', url: `/api/items/${item.json().id}` });
    expect(del.statusCode).toBe(204);
    expect(objects.has(`/share-images/${key}`)).toBe(false);
  });

  it('lets the browser load images from the bucket (Content-Security-Policy)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/cdn\.example\.org/);
  });
});
