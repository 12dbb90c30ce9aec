import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TestClient } from '../test/harness.js';
import { createAdminCommand } from './create-admin.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
// The command runs against the configured database: a PGlite folder here, as `npm start` uses.
const env = { DATA_DIR: dataDir, NODE_ENV: 'test' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:create', () => {
  it('refuses a bad name or password with a message and exit code 2', async () => {
    expect(await createAdminCommand(['--username', 'x'], env)).toEqual({
      code: 2,
      output: '--username: Username must be at least 3 characters',
    });
    expect(await createAdminCommand(['--username', 'boss', '--password', '123'], env)).toEqual({
      code: 2,
      output: 'password: Password must be at least 6 characters',
    });
    expect((await createAdminCommand(['--nope'], env)).code).toBe(2);
  });

  it('creates the admin, who can then sign in as an admin; a second run changes nothing', async () => {
    expect(await createAdminCommand(['--username', 'town_admin'], { ...env, ADMIN_PASSWORD: 'cli-password' })).toEqual({
      code: 0,
      output: 'Admin town_admin: created.',
    });
    expect(await createAdminCommand(['--username', 'town_admin', '--password', 'cli-password'], env)).toEqual({
      code: 0,
      output: 'Admin town_admin: unchanged.',
    });
    const app = await buildApp({ ...loadConfig({ ...env, SEED_DEMO: 'false' }) }, { logger: false });
    try {
      const res = await new TestClient(app).post('/api/login', { username: 'town_admin', password: 'cli-password' });
      expect(res.json()).toMatchObject({ username: 'town_admin', isAdmin: true });
    } finally {
      await app.close();
    }
    // Three openings of a PGlite folder, each running the migrations.
  }, 90_000);
});
