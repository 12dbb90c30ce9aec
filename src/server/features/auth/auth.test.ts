import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { ensureAdmin } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const client = () => new TestClient(t.app);

describe('GET /api/csrf-token', () => {
  it('answers a token, not cacheable, and sets an HttpOnly SameSite=Lax secret cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().token).toMatch(/^[\w-]+\.[\w-]+$/);
    const cookie = res.cookies.find((c) => c.name === 'csrf');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});

describe('CSRF protection', () => {
  it('refuses register and login without a token, with 403 Invalid CSRF token', async () => {
    const c = client();
    for (const url of ['/api/register', '/api/login', '/api/logout']) {
      const res = await c.post(url, { username: uniqueName(), password: 'secret-pw' }, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid CSRF token', code: 'invalid_csrf' });
    }
  });

  it('refuses a forged token and a token minted for another browser, and creates nothing', async () => {
    const name = uniqueName();
    const mine = client();
    await mine.csrf();
    const other = client();
    const foreignToken = await other.csrf();
    for (const token of ['abc.def', foreignToken, 'x'.repeat(300), '']) {
      const res = await mine.post('/api/register', { username: name, password: 'secret-pw' }, { headers: { 'x-csrf-token': token } });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.username, name));
    expect(row).toBeUndefined();
  });

  it('checks PUT, PATCH and DELETE under /api too', async () => {
    for (const [method, url] of [
      ['PUT', '/api/me/phone'],
      ['PATCH', '/api/me'],
      ['DELETE', '/api/me'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Invalid CSRF token');
    }
    // A method no route has is not routed at all: nothing runs.
    expect((await t.app.inject({ method: 'PUT', url: '/api/user' })).statusCode).toBe(404);
  });
});

describe('POST /api/register', () => {
  it('creates the account, answers 201 with the session user and signs in', async () => {
    const c = client();
    const name = uniqueName('Reg');
    const res = await c.post('/api/register', { username: name, password: 'secret-pw', isVisible: true });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), username: name, isAdmin: false, language: 'en', distanceUnit: 'km' });
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it('stores an argon2id hash, never the password', async () => {
    const c = client();
    const name = uniqueName();
    await c.register(name, 'my-secret-1');
    const [row] = await t.app.db.select().from(users).where(eq(users.username, name));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.password).not.toContain('my-secret-1');
  });

  it('refuses a taken username in any letter case', async () => {
    const name = uniqueName('Case');
    await client().register(name);
    for (const variant of [name, name.toLowerCase(), name.toUpperCase()]) {
      const res = await client().post('/api/register', { username: variant, password: 'secret-pw' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Username already exists' });
    }
  });

  it.each([
    [{ username: 'abc', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'ab', password: 'secret-pw' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(33), password: 'secret-pw' }, 'Username must be at most 32 characters'],
    [{ username: 'bad name', password: 'secret-pw' }, 'Username may only contain letters, digits, _, . or -'],
    [{ username: '<script>', password: 'secret-pw' }, 'Username may only contain letters, digits, _, . or -'],
    [{ username: 'x'.repeat(5), password: 'p'.repeat(201) }, 'Password must be at most 200 characters'],
    [{ password: 'secret-pw' }, 'Username is required'],
    [{ username: 'someone' }, 'Password is required'],
    [{ username: 'someone', password: 'secret-pw', phoneNumber: '0123' }, 'Please enter a valid phone number'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const res = await client().post('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a body that is not a JSON object, and broken JSON, with a message', async () => {
    const c = client();
    const notObject = await c.post('/api/register', [1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toEqual(expect.any(String));
    const broken = await c.request({
      method: 'POST',
      url: '/api/register',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const wrongType = await c.request({
      method: 'POST',
      url: '/api/register',
      payload: 'username=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toEqual(expect.any(String));
  });

  it('refuses an oversized body with 413', async () => {
    const res = await client().post('/api/register', { username: 'big', password: 'x'.repeat(200 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password (any letter case of the name) and answers the session user', async () => {
    const name = uniqueName('Login');
    const created = await client().register(name, 'right-password');
    const c = client();
    const res = await c.post('/api/login', { username: name.toUpperCase(), password: 'right-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect((await c.get('/api/user')).json()).toEqual(created);
  });

  it('answers 401 Invalid username or password for a wrong password and for an unknown user alike', async () => {
    const name = uniqueName();
    await client().register(name, 'right-password');
    const wrong = await client().post('/api/login', { username: name, password: 'wrong-password' });
    const unknown = await client().post('/api/login', { username: uniqueName('ghost'), password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password' });
    }
  });

  it('takes about the same time for an unknown user as for a wrong password', async () => {
    const name = uniqueName();
    await client().register(name, 'right-password');
    const time = async (username: string) => {
      const c = client();
      await c.csrf();
      const start = performance.now();
      await c.post('/api/login', { username, password: 'wrong-password' });
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(name));
      unknown.push(await time(uniqueName('ghost')));
    }
    // Both run one argon2 verification; without the dummy hash the unknown user answers ~10x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('without Remember me sets a browser-session cookie (no expiry); with it, one that lasts 30 days', async () => {
    const name = uniqueName();
    await client().register(name, 'right-password');
    const plain = await client().post('/api/login', { username: name, password: 'right-password' });
    const sid = plain.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.expires).toBeUndefined();
    expect(sid.maxAge).toBeUndefined();
    expect(sid.secure).toBeFalsy();

    const remembered = await client().post('/api/login', { username: name, password: 'right-password', rememberMe: true });
    const long = remembered.cookies.find((c) => c.name === 'sid')!;
    const days = (long.expires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('stores only a hash of the session token', async () => {
    const c = client();
    const user = await c.register(uniqueName());
    const token = c.cookies.get('sid')!;
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toBe(token);
  });

  it('issues a new session id at login: the one held before is not reused', async () => {
    const name = uniqueName();
    const c = client();
    await c.register(name, 'right-password');
    const before = c.cookies.get('sid');
    await c.post('/api/login', { username: name, password: 'right-password' });
    const after = c.cookies.get('sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = client();
    stale.cookies.set('sid', before!);
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses missing fields with 400 and a message', async () => {
    const res = await client().post('/api/login', { username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Username is required' });
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await client().get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in' });
  });

  it('ignores a made-up session cookie', async () => {
    const c = client();
    c.cookies.set('sid', 'made-up-token');
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('logout ends the session on the server: the old cookie no longer signs in', async () => {
    const c = client();
    const user = await c.register(uniqueName());
    const token = c.cookies.get('sid')!;
    const res = await c.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect(c.cookies.has('sid')).toBe(false);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    const replay = client();
    replay.cookies.set('sid', token);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('logout when signed out is harmless', async () => {
    expect((await client().post('/api/logout')).statusCode).toBe(204);
  });
});

describe('rate limiting of login and register', () => {
  it('answers 429 with a message after too many attempts from one address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const c = new TestClient(limited.app, '203.0.113.7');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await c.post('/api/login', { username: 'nobody', password: 'wrong-password' })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await c.post('/api/login', { username: 'nobody', password: 'wrong-password' });
      expect(last.json().message).toMatch(/^Too many requests, please try again later/);
      // Another address is not affected.
      const other = new TestClient(limited.app, '203.0.113.8');
      expect((await other.post('/api/login', { username: 'nobody', password: 'wrong-password' })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('the configured admin (ensureAdmin)', () => {
  it('made by two callers at once (a server starting beside admin:create) is one account, and both succeed', async () => {
    const name = uniqueName('admin');
    const outcomes = await Promise.all([ensureAdmin(t.app.db, name, 'admin-password-1'), ensureAdmin(t.app.db, name, 'admin-password-1')]);
    expect(outcomes).toContain('created');
    const rows = await t.app.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.username, name));
    expect(rows).toEqual([{ isAdmin: true }]);
    const res = await client().post('/api/login', { username: name, password: 'admin-password-1' });
    expect(res.statusCode).toBe(200);
  });
});
