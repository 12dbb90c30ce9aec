// Production starts without demo content and without the demo admin (docs/security.md).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS } from './demo/seed.js';
import { createTestApp, type TestApp, TestClient } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // SEED_DEMO left unset ('' counts as unset): production's own default decides.
  t = await createTestApp({ NODE_ENV: 'production', SEED_DEMO: '' });
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

it('the demo admin cannot sign in', async () => {
  const res = await new TestClient(t.app).post('/api/login', { username: DEMO_ADMIN, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(401);
});
