// Uploads and readiness on a real small disk (a tmpfs as DATA_DIR, filled by a file, remounted
// read-only): a failed upload leaves no file behind, whichever of its writes failed, and /readyz and
// /metrics tell the operator before people meet it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { multipart } from '../../test/images.js';
import { mountSmallDisk, type SmallDisk } from '../../test/small-disk.js';

const TOKEN = 'disk-full-metrics-token-0123456789';
const MB = 1024 * 1024;

let disk: SmallDisk;
let t: TestApp;
let first: TestClient;
let second: TestClient;
/** A photo whose two WebP sizes take room (noise does not compress away). */
let photo: Buffer;
/** The files of `first`'s upload of `photo`, and their sizes. */
let stored: { display: string; thumb: string; displayBytes: number; thumbBytes: number };

const uploads = () => path.join(disk.dir, 'uploads');
/** Every name in the uploads folder, temporary files too. */
const files = () => readdirSync(uploads()).sort();
const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;

beforeAll(async () => {
  disk = mountSmallDisk('8m');
  t = await createTestApp({ DATA_DIR: disk.dir, DATA_DIR_MIN_FREE_MB: '1', METRICS_TOKEN: TOKEN });
  first = new TestClient(t.app);
  await first.register(uniqueName('roomy'));
  second = new TestClient(t.app);
  await second.register(uniqueName('full'));
  const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const;
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#808080', noise } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const res = await first.upload([{ data: photo }]);
  expect(res.statusCode, res.body).toBe(201);
  const display = path.basename(res.json<{ imageUrl: string }>().imageUrl);
  const thumb = path.basename(res.json<{ thumbnailUrl: string }>().thumbnailUrl);
  const sizes = await Promise.all(
    [display, thumb].map(async (name) => (await t.app.inject({ url: `/uploads/${name}` })).rawPayload.length),
  );
  stored = { display, thumb, displayBytes: sizes[0]!, thumbBytes: sizes[1]! };
});
afterAll(async () => {
  await t?.close();
  disk?.close();
});

describe('a full disk', () => {
  it('fails an upload with 507 and leaves no file of it behind, whichever of its writes failed', async () => {
    const { displayBytes, thumbBytes } = stored;
    // Room for neither file, for the thumbnail only, and for the display size but not both.
    expect(displayBytes).toBeGreaterThan(2 * thumbBytes);
    for (const leave of [thumbBytes / 2, thumbBytes + (displayBytes - thumbBytes) / 2, displayBytes + thumbBytes / 2]) {
      disk.fill(leave);
      const res = await second.upload([{ data: photo }]);
      expect(res.statusCode, `${leave} bytes left: ${res.body}`).toBe(507);
      expect(res.json()).toEqual({ message: 'The site has no room to store images right now; please try again later' });
      expect(files()).toEqual([stored.display, stored.thumb].sort());
    }
    // A profile photo the same way.
    disk.fill(2048);
    const { payload, headers } = multipart([{ field: 'image', filename: 'me.jpg', type: 'image/jpeg', data: photo }]);
    expect((await second.request({ method: 'POST', url: '/api/me/avatar', payload, headers })).statusCode).toBe(507);
    expect(files()).toEqual([stored.display, stored.thumb].sort());
    // The same photo is stored once there is room again.
    disk.fill(null);
    expect((await second.upload([{ data: photo }])).statusCode).toBe(201);
    expect(files()).toHaveLength(4);
  });

  it('removes the files an upload made when it cannot be recorded, and keeps those an earlier upload made', async () => {
    await t.app.db.execute(
      sql`create function refuse_uploads() returns trigger language plpgsql as $$ begin raise exception 'uploads refused'; end $$`,
    );
    await t.app.db.execute(
      sql`create trigger refuse_uploads before insert or update on uploads for each row execute function refuse_uploads()`,
    );
    try {
      const before = files();
      const other = await sharp(photo).flop().jpeg().toBuffer();
      expect((await first.upload([{ data: other }])).statusCode).toBe(500);
      expect(files()).toEqual(before);
      // The same photo again: its files were there before this upload, and stay.
      expect((await first.upload([{ data: photo }])).statusCode).toBe(500);
      expect(files()).toEqual(before);
      expect((await t.app.inject({ url: `/uploads/${stored.thumb}` })).statusCode).toBe(200);
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_uploads on uploads`);
      await t.app.db.execute(sql`drop function refuse_uploads()`);
    }
  });

  it('makes /readyz answer 503 while the data folder is nearly full or read-only, and shows its room in /metrics', async () => {
    const room = async () => {
      const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      const line = text.split('\n').find((l) => l.startsWith('data_folder_free_bytes{folder="uploads"}'));
      return Number(line?.split(' ')[1]);
    };
    expect(await ready()).toBe(200);
    expect(await room()).toBeGreaterThan(4 * MB);
    disk.fill(MB / 2);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "The server's data folder is full or cannot be written" });
    expect(await room()).toBeLessThan(MB);
    disk.fill(null);
    expect(await ready()).toBe(200);
    disk.readOnly(true);
    try {
      expect(await ready()).toBe(503);
    } finally {
      disk.readOnly(false);
    }
    expect(await ready()).toBe(200);
  });
});
