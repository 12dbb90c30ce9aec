import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import ts from 'typescript';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp, TestClient } from '../test/harness.js';
import { DEMO_ITEMS } from './items.js';
import { DEMO_ADMIN, DEMO_IMAGES_DIR, DEMO_PASSWORD, DEMO_USERS } from './seed.js';
import { notes, publishedPlaces, users } from '../db/schema.js';
import { APPROX_MAX_METRES, APPROX_MIN_METRES, metresBetween } from '../features/items/location.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', ADMIN_USERNAME: 'site_admin', ADMIN_PASSWORD: 'first-password' });
});
afterAll(async () => {
  await t?.close();
});

describe('demo content', () => {
  it('fills an empty database with people who can sign in', async () => {
    for (const username of [...DEMO_USERS, DEMO_ADMIN]) {
      const res = await new TestClient(t.app).post('/api/login', { username, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username, isAdmin: username === DEMO_ADMIN });
    }
    const [n] = await t.app.db.select({ n: count() }).from(notes).where(eq(notes.visibility, 'public'));
    expect(n!.n).toBeGreaterThan(0);
  });

  it('has no demo admin in production: the one who signs in here cannot sign in on a production start', async () => {
    expect((await new TestClient(t.app).post('/api/login', { username: DEMO_ADMIN, password: DEMO_PASSWORD })).statusCode).toBe(200);
    // SEED_DEMO left unset ('' counts as unset): production's own default decides.
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://share.example.org', SEED_DEMO: '' });
    try {
      const res = await new TestClient(production.app).post('/api/login', { username: DEMO_ADMIN, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  }, 60_000);

  it('lists a dozen or more believable items around the default map centre, each with a stored picture', async () => {
    const res = await new TestClient(t.app).get('/api/items?lat=40.7128&lng=-74.006&limit=50');
    const { items, pagination } = res.json();
    expect(pagination.total).toBeGreaterThanOrEqual(12);
    for (const item of items) {
      expect(item.distance).toBeLessThan(15);
      const image = await t.app.inject({ method: 'GET', url: item.thumbnailUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    expect(new Set(items.map((i: { username: string }) => i.username)).size).toBeGreaterThanOrEqual(2);
  });

  it("publishes each item's point by the rule of a post: 200–700 m from its place, and its owner keeps the point", async () => {
    const listed = (await new TestClient(t.app).get('/api/items?limit=50')).json().items as { id: number; title: string }[];
    const places = await t.app.db.select().from(publishedPlaces);
    for (const item of DEMO_ITEMS) {
      const { id } = listed.find((i) => i.title === item.title)!;
      const shown = (await new TestClient(t.app).get(`/api/items/${id}`)).json();
      if (item.tags.includes('Restaurant')) {
        expect([shown.latitude, shown.longitude]).toEqual([item.latitude, item.longitude]);
        continue;
      }
      const metres = metresBetween({ lat: shown.latitude, lng: shown.longitude }, { lat: item.latitude, lng: item.longitude });
      expect(metres).toBeGreaterThanOrEqual(APPROX_MIN_METRES);
      expect(metres).toBeLessThanOrEqual(APPROX_MAX_METRES);
      expect(
        places.some(
          (p) => p.userId === shown.userId && Number(p.approxLatitude) === shown.latitude && Number(p.approxLongitude) === shown.longitude,
        ),
      ).toBe(true);
    }
  });

  it('shows each item with its own picture file from assets/demo, at the size of that file', async () => {
    const res = await new TestClient(t.app).get('/api/items?limit=50');
    const listed = res.json().items as { title: string; imageUrl: string }[];
    for (const demo of DEMO_ITEMS) {
      const item = listed.find((i) => i.title === demo.title);
      expect(item, demo.title).toBeDefined();
      const image = await t.app.inject({ method: 'GET', url: item!.imageUrl });
      expect(image.statusCode).toBe(200);
      const served = await sharp(image.rawPayload).metadata();
      const file = await sharp(path.join(DEMO_IMAGES_DIR, demo.image)).metadata();
      expect([served.width, served.height]).toEqual([file.width, file.height]);
    }
  });

  it('is not added again when the app starts on a database that has users', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(users);
    const again = await buildApp({ ...t.config, seedDemo: true, admin: undefined }, { logger: false, database: t.app.database });
    const [after] = await t.app.db.select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
    await again.close();
  });
});

describe('ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  it('creates that admin at start', async () => {
    const res = await new TestClient(t.app).post('/api/login', { username: 'site_admin', password: 'first-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'site_admin', isAdmin: true });
  });

  it('makes an existing user admin and applies a changed password at the next start', async () => {
    const client = new TestClient(t.app);
    await client.register('promoted_user', 'user-password');
    const config = { ...t.config, seedDemo: false, admin: { username: 'Promoted_User', password: 'new-admin-password' } };
    const restarted = await buildApp(config, { logger: false, database: t.app.database });
    try {
      const old = await new TestClient(restarted).post('/api/login', { username: 'promoted_user', password: 'user-password' });
      expect(old.statusCode).toBe(401);
      const res = await new TestClient(restarted).post('/api/login', { username: 'promoted_user', password: 'new-admin-password' });
      expect(res.json()).toMatchObject({ username: 'promoted_user', isAdmin: true });
    } finally {
      await restarted.close();
    }
  });

  it('production starts with no demo content by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://share.example.org' }).seedDemo).toBe(false);
  });
});

describe('demo pictures', () => {
  it('are one committed WebP file per item, a few hundred KB together', () => {
    const files = readdirSync(DEMO_IMAGES_DIR);
    expect(files.sort()).toEqual(DEMO_ITEMS.map((item) => item.image).sort());
    let total = 0;
    for (const file of files) {
      expect(readFileSync(path.join(DEMO_IMAGES_DIR, file)).subarray(8, 12).toString('latin1'), file).toBe('WEBP');
      total += statSync(path.join(DEMO_IMAGES_DIR, file)).size;
    }
    expect(total).toBeLessThan(500 * 1024);
  });

  it('are not drawn in code compiled into the server build', () => {
    const configFile = path.resolve(DEMO_IMAGES_DIR, '../../tsconfig.server.json');
    const build = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const sources = build!.fileNames;
    expect(sources.length).toBeGreaterThan(50);
    const drawing = sources.filter((file) => /<svg[\s>]/.test(readFileSync(file, 'utf8')));
    expect(drawing).toEqual([]);
  });
});
