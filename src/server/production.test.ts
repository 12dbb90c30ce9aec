// Production starts without demo content and without the demo admin (docs/security.md). That the demo
// admin signs in elsewhere and not in production is one test in demo/seed.test.ts, next to a seeded app.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USERS } from './demo/seed.js';
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
