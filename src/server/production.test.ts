// Production starts without demo content and without the demo admin (docs/security.md). That the demo
// admin signs in elsewhere and not in production is one test in demo/seed.test.ts, next to a seeded app.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { accountsWithDemoPassword, DEMO_ADMIN, DEMO_USERS } from './demo/seed.js';
import { hashPassword } from './features/auth/passwords.js';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // SEED_DEMO left unset ('' counts as unset): production's own default decides.
  t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://share.example.org', SEED_DEMO: '' });
});
afterAll(async () => {
  await t?.close();
});

it('an empty production database stays empty: no demo users, items or notes', async () => {
  expect(t.config.seedDemo).toBe(false);
  const items = await t.app.inject({ method: 'GET', url: '/api/items' });
  expect(items.json().items).toEqual([]);
  for (const username of [DEMO_ADMIN, ...DEMO_USERS]) {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/profile/${username}` })).statusCode, username).toBe(404);
  }
});

it('refuses to start on a database seeded outside production while a demo account keeps the demo password, and names them', async () => {
  const seeded = await createTestApp({ SEED_DEMO: 'true' });
  try {
    expect(await accountsWithDemoPassword(seeded.app.db)).toEqual([DEMO_ADMIN, ...DEMO_USERS]);
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://share.example.org',
      SEED_DEMO: 'false',
      DATA_DIR: seeded.config.dataDir,
    });
    const start = (config: Config) =>
      buildApp(config, { database: seeded.app.database, logger: false }).then(
        async (app) => {
          await app.close();
          return 'started';
        },
        (err: Error) => err.message,
      );
    const refused = await start(production);
    expect(refused).toContain('admin, alice, bob, carmen: these accounts still have the demo password');
    expect(refused).toContain('ADMIN_USERNAME=admin and an ADMIN_PASSWORD of your own');

    // ADMIN_PASSWORD changes the admin's; alice changes hers; bob and carmen are deleted: it starts.
    const admin = { username: DEMO_ADMIN, password: 'a-long-admin-password-of-mine' };
    expect(await start({ ...production, admin })).toContain('alice, bob, carmen: these accounts still have the demo password');
    expect(await accountsWithDemoPassword(seeded.app.db)).toEqual([...DEMO_USERS]);
    await seeded.app.db.execute(sql`update users set password = ${await hashPassword('alice-own-password')} where username = 'alice'`);
    await seeded.app.db.execute(sql`delete from users where username in ('bob', 'carmen')`);
    expect(await start({ ...production, admin })).toBe('started');
  } finally {
    await seeded.close();
  }
}, 60_000);
