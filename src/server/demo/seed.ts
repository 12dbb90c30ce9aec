import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { items, notes, paymentVendors, publishedPlaces, supportRequests, userPaymentIds, users } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../features/auth/passwords.js';
import { type Point, pointForPlace } from '../features/items/location.js';
import { locationSecret, publishedColumns } from '../features/items/published-point.js';
import { processAndStoreImage } from '../features/uploads/images.js';
import type { ImageStorage } from '../plugins/storage.js';
import { findUserByUsername } from '../users/repository.js';
import { DEMO_ITEMS } from './items.js';

/** Demo accounts, all with this password; README lists them. Never seeded in production. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_USERS = ['alice', 'bob', 'carmen'] as const;
export const DEMO_ADMIN = 'admin';

const HOUR_MS = 3_600_000;

/**
 * The demo pictures: assets/demo/ of the repository, which the server build does not copy. From
 * src/server/demo/ (tests) and dist/server/demo/ (npm start) alike it is three folders up.
 */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../../assets/demo/', import.meta.url));

/** Reads the demo pictures and stores them like uploads (before the transaction: it is slow). */
async function storeDemoImages(storage: ImageStorage): Promise<string[]> {
  const urls: string[] = [];
  for (const item of DEMO_ITEMS) {
    const bytes = await readFile(path.join(DEMO_IMAGES_DIR, item.image));
    urls.push((await processAndStoreImage(storage, bytes, 'demo')).imageUrl);
  }
  return urls;
}

/**
 * Fills an EMPTY database (no users) with demo people, payment links, notes and items around the
 * default map centre; returns whether it did.
 */
async function seedDemo(db: Db, storage: ImageStorage, itemTtlDays = 30): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const imageUrls = await storeDemoImages(storage);
  const secret = await locationSecret(db);
  return db.transaction(async (tx) => {
    // Re-check inside the transaction: two processes starting together seed once.
    await tx.execute(sql`lock table users in exclusive mode`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;

    const people = await tx
      .insert(users)
      .values([
        ...DEMO_USERS.map((username, i) => ({
          username,
          password: passwordHash,
          isPhoneVerified: i !== 1,
          phoneNumber: i !== 1 ? `+1212555010${i}` : null,
        })),
        { username: DEMO_ADMIN, password: passwordHash, isAdmin: true, isVisible: false },
      ])
      .returning({ id: users.id, username: users.username });
    const id = (name: string) => people.find((p) => p.username === name)!.id;

    const vendors = await tx.select({ id: paymentVendors.id, name: paymentVendors.name }).from(paymentVendors);
    const vendor = (name: string) => vendors.find((v) => v.name === name)?.id;
    const links = [
      { userId: id('alice'), vendorId: vendor('PayPal'), paymentId: 'alice@example.com' },
      { userId: id('alice'), vendorId: vendor('Venmo'), paymentId: '@alice-shares' },
      { userId: id('bob'), vendorId: vendor('Cash App'), paymentId: '$bobcooks' },
      { userId: id('carmen'), vendorId: vendor('Revolut'), paymentId: '@carmenk' },
    ].filter((l): l is { userId: number; vendorId: number; paymentId: string } => l.vendorId !== undefined);
    if (links.length) await tx.insert(userPaymentIds).values(links);

    await tx.insert(notes).values([
      {
        userId: id('alice'),
        createdById: id('alice'),
        visibility: 'public',
        content: 'Weekend swap table outside number 12 — bring a thing, take a thing.',
      },
      {
        userId: id('bob'),
        createdById: id('bob'),
        visibility: 'public',
        content: 'Soup kitchen menu posted every Friday; tips via Cash App keep the pot going.',
      },
      { userId: id('carmen'), createdById: id('carmen'), visibility: 'private', content: 'Remember to water the shared planters.' },
    ]);
    const now = Date.now();
    // Each person's items publish their points by the rule of a post (published-point.ts), oldest first.
    const known = new Map<string, Point[]>();
    const points = new Map<(typeof DEMO_ITEMS)[number], Point>();
    for (const item of [...DEMO_ITEMS].sort((a, b) => b.ageHours - a.ageHours)) {
      if (item.tags.includes('Restaurant')) continue;
      const mine = known.get(item.owner) ?? [];
      const { point, isNew } = pointForPlace(mine, { lat: item.latitude, lng: item.longitude }, secret);
      if (isNew) known.set(item.owner, [...mine, point]);
      points.set(item, point);
    }
    const places = [...known].flatMap(([owner, mine]) =>
      mine.map((p) => ({ userId: id(owner), approxLatitude: p.lat.toFixed(5), approxLongitude: p.lng.toFixed(5) })),
    );
    if (places.length) await tx.insert(publishedPlaces).values(places);
    await tx.insert(items).values(
      DEMO_ITEMS.map((item, i) => ({
        userId: id(item.owner),
        title: item.title,
        description: item.description,
        imageUrl: imageUrls[i]!,
        latitude: item.latitude.toFixed(8),
        longitude: item.longitude.toFixed(8),
        // A restaurant posting its menu wants to be found at its door; everyone else is approximate.
        ...publishedColumns({ lat: item.latitude, lng: item.longitude }, item.tags.includes('Restaurant'), secret, points.get(item)),
        tags: item.tags,
        createdAt: new Date(now - item.ageHours * HOUR_MS),
        updatedAt: new Date(now - item.ageHours * HOUR_MS),
        expiresAt: new Date(now + itemTtlDays * 24 * HOUR_MS),
      })),
    );
    await tx.insert(supportRequests).values({
      userId: id('bob'),
      type: 'technical_issue',
      description: 'The map did not load on my old phone, could you have a look?',
    });
    return true;
  });
}

/**
 * The demo accounts that exist and still sign in with the demo password, checked against their
 * stored hashes (not a flag): a database seeded in development and then run in production would
 * otherwise keep an admin whose password is printed in the README.
 */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const username of [DEMO_ADMIN, ...DEMO_USERS]) {
    const user = await findUserByUsername(db, username);
    if (user && (await verifyPassword(user.password, DEMO_PASSWORD))) found.push(user.username);
  }
  return found;
}

/** The refusal of a production start while a demo account still has the demo password. */
export function demoPasswordProblem(usernames: string[]): string {
  const admin = usernames.includes(DEMO_ADMIN);
  return (
    `${usernames.join(', ')}: ${usernames.length === 1 ? 'this account still has' : 'these accounts still have'} the demo password ` +
    `(${DEMO_PASSWORD}, printed in README.md), and production does not start with it. Change ` +
    `${usernames.length === 1 ? 'its password or delete the account' : 'their passwords or delete the accounts'}` +
    (admin
      ? `: for ${DEMO_ADMIN}, set ADMIN_USERNAME=${DEMO_ADMIN} and an ADMIN_PASSWORD of your own (or run npm run admin:create -- --username ${DEMO_ADMIN}); `
      : ': ') +
    'the others from the admin dashboard or their own Settings, started once outside production'
  );
}

/**
 * Adds the demo content at start when the config asks for it (SEED_DEMO) and the database is empty.
 * Whatever makes the database non-empty at start (the ADMIN_USERNAME account) depends on this plugin.
 */
export const demoContentPlugin = fp(
  async (app) => {
    if (app.config.seedDemo && (await seedDemo(app.db, app.storage, app.config.itemTtlDays)))
      app.log.info('demo content added to the empty database');
  },
  { name: 'demo-content', dependencies: ['database', 'start-lock', 'storage'] },
);
