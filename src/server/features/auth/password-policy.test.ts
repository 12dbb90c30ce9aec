import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminCommand } from '../../cli/create-admin.js';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { issueCode } from '../account/codes.js';
import { passwordProblem } from './password-policy.js';

const HAS_NAME = 'Password must not contain your username';
const COMMON = 'This password is too common: choose one that is harder to guess';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;

describe('passwords built from the user name or common ones are refused', () => {
  it('judges a password by the user name (contained or repeated, any letter case) and the common-password list', () => {
    for (const [password, username] of [
      ['adminadmin12', 'admin'],
      ['ADMINadmin', 'admin'],
      ['my-Town_Admin-pw', 'town_admin'],
      ['Site-Admin!!', 'site_admin'],
      ['site.admin site.admin', 'site_admin'],
    ])
      expect(passwordProblem(password!, username!), password).toBe('api.common.passwordHasUsername');
    for (const password of ['password123', 'Password1!', 'qwertyuiop', 'ILOVEYOU', '  letmein!! ', 'trustno1', 'hunter2'])
      expect(passwordProblem(password, 'someone'), password).toBe('api.common.passwordCommon');
    // What the suites here use, and passphrases of one's own.
    for (const password of [
      'secret-pw',
      'right-password',
      'new-password',
      'my-password',
      'e2e-admin-password',
      'admin-password',
      'correct horse battery',
    ])
      expect(passwordProblem(password, 'e2e_admin'), password).toBeNull();
  });

  it('register: 400 with a message in the person’s language, and no account made', async () => {
    const name = uniqueName('Rita');
    for (const [password, said] of [
      [`${name}${name}`, HAS_NAME],
      [`${name.toUpperCase()}12`, HAS_NAME],
      ['password123', COMMON],
      ['Qwerty123!', COMMON],
    ] as const) {
      const res = await new TestClient(t.app).post('/api/register', { username: name, password, isVisible: true });
      expect(res.statusCode, password).toBe(400);
      expect(message(res)).toBe(said);
    }
    const es = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: { username: name, password: 'iloveyou', isVisible: true },
      headers: { 'accept-language': 'es' },
    });
    expect(message(es)).toBe('Esta contraseña es demasiado común: elige una más difícil de adivinar');
    expect((await new TestClient(t.app).post('/api/login', { username: name, password: 'password123' })).statusCode).toBe(401);
    expect((await new TestClient(t.app).register(name, 'a-password-of-mine')).username).toBe(name);
  });

  it('password change and reset: refused, the old password still works, and a refused reset spends no try of the code', async () => {
    const client = new TestClient(t.app);
    const user = await client.register(uniqueName('paul'), 'old-password');
    for (const [newPassword, said] of [
      [`${user.username}-2`, HAS_NAME],
      ['football', COMMON],
    ] as const) {
      const res = await client.post('/api/me/password', { currentPassword: 'old-password', newPassword });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(said);
    }
    const code = await issueCode(t.app.db, user.id, 'reset');
    for (let i = 0; i < 6; i++) {
      const res = await new TestClient(t.app).post('/api/reset-password', { username: user.username, code, newPassword: 'baseball' });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(COMMON);
    }
    expect((await new TestClient(t.app).post('/api/login', { username: user.username, password: 'old-password' })).statusCode).toBe(200);
    const reset = await new TestClient(t.app).post('/api/reset-password', { username: user.username, code, newPassword: 'brand-new-pw' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('admins: ADMIN_PASSWORD at start and npm run admin:create', async () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'adminadmin12' }),
    ).toThrow(/ADMIN_PASSWORD: contains the user name \(ADMIN_USERNAME\)/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'password1234' })).toThrow(
      /ADMIN_PASSWORD: is one of the most common passwords/,
    );
    expect(loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-own-password' }).admin?.password).toBe('a-long-own-password');
    const env = { DATA_DIR: '/tmp/unused-admin-create' };
    expect(await createAdminCommand(['--username', 'town_admin', '--password', 'TOWN_ADMIN-2024'], env)).toEqual({
      code: 2,
      output: `password: ${HAS_NAME}`,
    });
    expect(await createAdminCommand(['--username', 'town_admin', '--password', 'sunshine'], env)).toEqual({
      code: 2,
      output: `password: ${COMMON}`,
    });
  });
});
