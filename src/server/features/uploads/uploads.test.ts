import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../app.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { en } from '../../test/texts.js';
import { imageOf, jpegWithGps, multipart, pngBomb } from '../../test/images.js';

// This file gets a temporary folder of its own while it runs: the system's one is shared with
// everything else on the machine, whose files come and go. The next file in the process gets the
// system's one back.
const systemTmp = process.env.TMPDIR;
const ownTmp = (process.env.TMPDIR = mkdtempSync(path.join(os.tmpdir(), 'share-uploads-test-')));

let t: TestApp;
let user: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  user = new TestClient(t.app);
  await user.register(uniqueName('uploader'));
});
afterAll(async () => {
  await t?.close();
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  rmSync(ownTmp, { recursive: true, force: true });
});

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => readdirSync(uploadsDir()).sort();
/** Files in the data folder and in the system's temporary folder that an upload could leave behind. */
const leftovers = () => ({
  data: readdirSync(t.config.dataDir, { recursive: true }).map(String).sort(),
  tmp: readdirSync(os.tmpdir()).sort(),
});

describe('POST /api/upload-image', () => {
  it('stores a JPEG as WebP in two sizes, without any metadata (no GPS, no camera)', async () => {
    const original = await jpegWithGps(2400, 1800);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await user.upload([{ data: original }]);
    expect(res.statusCode).toBe(201);
    const { imageUrl, thumbnailUrl } = res.json();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(thumbnailUrl).toBe(imageUrl.replace('.webp', '-thumb.webp'));

    for (const [url, maxWidth] of [
      [imageUrl, 1600],
      [thumbnailUrl, 640],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeLessThanOrEqual(maxWidth);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    }
  });

  it('processes a 12-megapixel photo quickly (the time is printed; docs/performance.md has a quiet run)', async () => {
    // A 4000 x 3000 camera-like JPEG: blurred noise, so that neither decoding nor encoding is trivial.
    const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise } })
      .blur(1.2)
      .jpeg({ quality: 88 })
      .toBuffer();
    const started = performance.now();
    const res = await user.upload([{ data: photo, filename: 'camera.jpg' }]);
    const ms = performance.now() - started;
    console.log(`12 MP upload (${(photo.length / 1e6).toFixed(1)} MB JPEG) answered in ${Math.round(ms)} ms`);
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    // Generous: test machines are slow and shared. A quiet run is well under a second.
    expect(ms).toBeLessThan(5000);
  });

  it.each([
    [2400, 1800, 1600, 1200],
    // Its display size (1600 x 320) is thinner than the thumbnail: the thumbnail comes from a copy that covers it.
    [5000, 1000, 1600, 320],
    [600, 3000, 320, 1600],
    // Smaller than the thumbnail: kept as it is, the thumbnail filled from it.
    [500, 300, 500, 300],
  ])('stores a %i x %i photo at %i x %i with a 640 x 480 thumbnail', async (width, height, displayWidth, displayHeight) => {
    const photo = await sharp({ create: { width, height, channels: 3, background: '#5a7d3c' } })
      .jpeg()
      .toBuffer();
    const res = await user.upload([{ data: photo }]);
    expect(res.statusCode).toBe(201);
    const sizeOf = async (url: string) => {
      const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await sizeOf(res.json().imageUrl)).toEqual(['webp', displayWidth, displayHeight]);
    expect(await sizeOf(res.json().thumbnailUrl)).toEqual(['webp', 640, 480]);
  });

  it('turns a photo upright by its EXIF orientation before dropping the metadata', async () => {
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await user.upload([{ data: sideways }]);
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
  });

  it.each(['png', 'gif', 'webp'] as const)('accepts a %s image', async (format) => {
    const res = await user.upload([{ data: await imageOf(format), filename: `x.${format}`, type: `image/${format}` }]);
    expect(res.statusCode).toBe(201);
  });

  it('names a file by its content: the same photo twice is stored once', async () => {
    const photo = await jpegWithGps(300, 200, { r: 1, g: 2, b: 3 });
    const a = (await user.upload([{ data: photo }])).json().imageUrl;
    const b = (await user.upload([{ data: photo, filename: 'other-name.jpg' }])).json().imageUrl;
    expect(a).toBe(b);
  });

  it('keeps two people’s copies of one photo apart: deleting one’s item leaves the other’s upload usable', async () => {
    const photo = await jpegWithGps(300, 200, { r: 9, g: 8, b: 7 });
    const other = new TestClient(t.app);
    await other.register(uniqueName('uploader'));
    const mine = (await user.upload([{ data: photo }])).json().imageUrl;
    const theirs = (await other.upload([{ data: photo }])).json().imageUrl;
    expect(mine).not.toBe(theirs);
    const item = { title: 'Blue vase', description: 'A blue vase, a little chipped.', latitude: 40.7, longitude: -74 };
    const posted = await user.post('/api/items', { ...item, imageUrl: mine });
    expect(posted.statusCode).toBe(201);
    expect((await user.request({ method: 'DELETE', url: `/api/items/${posted.json().id}` })).statusCode).toBe(204);
    expect((await other.post('/api/items', { ...item, imageUrl: theirs })).statusCode).toBe(201);
  });

  it('judges the type by the bytes: a renamed text file is refused', async () => {
    const before = storedFiles();
    const res = await user.upload([{ data: Buffer.from('hello, I am not a picture at all'), filename: 'cat.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The file is not a JPEG, PNG, GIF or WebP image' });
    expect(storedFiles()).toEqual(before);
  });

  it('answers a HEIC photo it cannot decode with how to send it instead', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    const res = await user.upload([{ data: heic, filename: 'IMG_0001.HEIC', type: 'image/heic' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en('api.items.imageHeic') });
    expect(res.json().message).toMatch(/^HEIC photos are not supported here: send the photo as a JPEG/);
  });

  it('refuses an SVG (it can carry script)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await user.upload([{ data: svg, filename: 'x.svg', type: 'image/svg+xml' }]);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a truncated image', async () => {
    const photo = await jpegWithGps();
    const res = await user.upload([{ data: photo.subarray(0, 400) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The image could not be read; it may be damaged' });
  });

  it('refuses a pixel bomb (a tiny file claiming 10 gigapixels)', async () => {
    const before = storedFiles();
    const res = await user.upload([{ data: pngBomb(), filename: 'bomb.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The image has too many pixels (at most 50 megapixels)' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const before = storedFiles();
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await user.upload([{ data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 10 MB' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses two files at once, and many, storing none of them', async () => {
    const before = storedFiles();
    const photo = await jpegWithGps();
    const res = await user.upload([{ data: photo }, { data: photo, filename: 'b.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Send only one image' });
    const many = await user.upload(Array.from({ length: 20 }, (_, i) => ({ data: photo, filename: `${i}.jpg` })));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: 'Send only one image' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a JPEG header followed by HTML and script (a polyglot)', async () => {
    const before = storedFiles();
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await user.upload([{ data: polyglot, filename: 'x.html', type: 'text/html' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The image could not be read; it may be damaged' });
    expect(storedFiles()).toEqual(before);
  });

  it('keeps only the pixels of a real image with HTML or a ZIP appended (GIFAR-like): the stored file is a fresh WebP', async () => {
    const gif = await imageOf('gif');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26), Buffer.from('evil.class<script>alert(1)</script>')]);
    for (const data of [
      Buffer.concat([gif, zip]),
      Buffer.concat([await jpegWithGps(), Buffer.from('<html><script>alert(1)</script></html>')]),
    ]) {
      const res = await user.upload([{ data, filename: 'x.gif', type: 'image/gif' }]);
      expect(res.statusCode).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    }
  });

  it('refuses a request without the image field, and one that is not multipart', async () => {
    const wrongField = await user.upload([{ field: 'photo', data: await jpegWithGps() }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('No image was uploaded: send one file in the field "image"');
    const json = await user.post('/api/upload-image', { image: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toEqual(expect.any(String));
  });

  it('is for signed-in people only, and needs the CSRF token', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.upload([{ data: await jpegWithGps() }]);
    expect(res.statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('leaves no temporary file behind after all these uploads, refused or not', async () => {
    const before = leftovers();
    const photo = await jpegWithGps();
    await user.upload([{ data: Buffer.from('not an image') }]);
    await user.upload([{ data: pngBomb(), filename: 'bomb.png', type: 'image/png' }]);
    await user.upload([{ data: Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]) }]);
    await user.upload([{ data: photo }, { data: photo }]);
    await user.upload([{ data: photo.subarray(0, 500) }]);
    const after = leftovers();
    expect(after.tmp).toEqual(before.tmp);
    expect(after.data).toEqual(before.data);
  });

  it('serves only image names it makes: no path tricks', async () => {
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e%2fpackage.json', '/uploads/.hidden.tmp', '/uploads/abc.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('uploads over a real connection (slow and aborted)', () => {
  let base: URL;
  let cookie: string;
  let token: string;
  /** The server's limits as the app set them, read before any test here changes one. */
  let limits: { requestTimeout: number; headersTimeout: number; timeout: number };
  beforeAll(async () => {
    const { requestTimeout, headersTimeout, timeout } = t.app.server;
    limits = { requestTimeout, headersTimeout, timeout };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    token = await user.csrf();
  });

  /** Resolves when the server's handler of a request to `url` begins (Fastify's diagnostics channel). */
  function handlerStarted(url: string): Promise<void> {
    const channel = diagnostics.channel('tracing:fastify.request.handler:start');
    return new Promise((resolve) => {
      const onStart = (message: unknown) => {
        if ((message as { route: { url: string } }).route.url !== url) return;
        channel.unsubscribe(onStart);
        resolve();
      };
      channel.subscribe(onStart);
    });
  }

  /** Sends a multipart upload in chunks with a pause between them; `stopAfter` chunks, then silence (or an abort once `abortWhen` resolves). */
  function slowUpload(
    body: Buffer,
    headers: Record<string, string>,
    opts: { chunks: number; pauseMs: number; stopAfter?: number; abortWhen?: Promise<void> },
  ) {
    return new Promise<{ status?: number; body: string; error?: string }>((resolve) => {
      const req = http.request(base, {
        method: 'POST',
        path: '/api/upload-image',
        headers: { ...headers, cookie, 'x-csrf-token': token, 'content-length': String(body.length) },
      });
      let settled = false;
      const done = (r: { status?: number; body: string; error?: string }) => {
        if (!settled) resolve(r);
        settled = true;
      };
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => done({ status: res.statusCode, body: text }));
        res.on('error', (err) => done({ status: res.statusCode, body: text, error: err.message }));
      });
      req.on('error', (err) => done({ body: '', error: err.message }));
      const size = Math.ceil(body.length / opts.chunks);
      let i = 0;
      const next = () => {
        if (opts.stopAfter !== undefined && i >= opts.stopAfter) {
          // No answer can come once the request is destroyed: what came before it is the outcome.
          void opts.abortWhen?.then(() => {
            req.destroy();
            done({ body: '', error: 'aborted by the client' });
          });
          return;
        }
        const chunk = body.subarray(i * size, (i + 1) * size);
        i++;
        if (i * size >= body.length) req.end(chunk);
        else req.write(chunk, () => setTimeout(next, opts.pauseMs));
      };
      next();
    });
  }

  it('takes an upload that arrives slowly, chunk by chunk', async () => {
    const { payload, headers } = multipart([
      { field: 'image', filename: 'slow.jpg', type: 'image/jpeg', data: await jpegWithGps(640, 480) },
    ]);
    const res = await slowUpload(payload, headers, { chunks: 8, pauseMs: 150 });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  });

  it('gives up on an upload that stalls: the idle connection is closed, nothing stored, nothing left behind', async () => {
    const before = { files: storedFiles(), ...leftovers() };
    const { payload, headers } = multipart([
      { field: 'image', filename: 'stall.jpg', type: 'image/jpeg', data: await jpegWithGps(640, 480) },
    ]);
    // The idle-socket limit (CONNECTION_TIMEOUT_MS) shortened for this upload (it applies to new connections), then put back.
    const configured = t.app.server.timeout;
    t.app.server.timeout = 1000;
    const res = await slowUpload(payload, headers, { chunks: 10, pauseMs: 50, stopAfter: 3 }).finally(
      () => (t.app.server.timeout = configured),
    );
    // Closed, or answered 408 and closed: either way the client is not left hanging.
    if (res.status !== undefined) expect(res.status).toBe(408);
    else expect(res.error).toBeDefined();
    // Its handling, the clean-up included, is over.
    await t.app.settled();
    expect({ files: storedFiles(), ...leftovers() }).toEqual(before);
    expect((await user.get('/api/user')).statusCode).toBe(200);
  }, 15_000);

  it('cleans up after an upload the client aborts half way', async () => {
    const before = { files: storedFiles(), ...leftovers() };
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(4 * 1024 * 1024)]);
    const { payload, headers } = multipart([{ field: 'image', filename: 'aborted.jpg', type: 'image/jpeg', data: big }]);
    // Aborted once the server's handler is reading it (the body a quarter sent).
    const started = handlerStarted('/api/upload-image');
    const res = await slowUpload(payload, headers, { chunks: 20, pauseMs: 20, stopAfter: 5, abortWhen: started });
    expect(res.status).toBeUndefined();
    // Its handling, the clean-up after the abort included, is over.
    await t.app.settled();
    expect({ files: storedFiles(), ...leftovers() }).toEqual(before);
    // The server carries on.
    expect((await user.upload([{ data: await jpegWithGps(300, 200, { r: 5, g: 5, b: 5 }) }])).statusCode).toBe(201);
  });

  it('has sane timeouts: a whole request within two minutes, headers within a minute, idle sockets closed', () => {
    expect(limits.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(120_000);
    expect(limits.headersTimeout).toBeLessThanOrEqual(60_000);
    expect(limits.timeout).toBe(CONNECTION_TIMEOUT_MS);
    expect(CONNECTION_TIMEOUT_MS).toBeGreaterThan(0);
    expect(CONNECTION_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});
