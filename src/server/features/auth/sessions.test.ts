import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { createTestApp, lastCode, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

/**
 * Sessions (ASVS V3): cookie flags, the end of a session on logout, password change and
 * reset, and no fixation. What auth.test.ts and account.test.ts already show is not repeated here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'sess_admin', ADMIN_PASSWORD: 'admin-password' });
});
afterAll(async () => {
  await t?.close();
});

const client = () => new TestClient(t.app);
const signedInAs = async (token: string) => {
  const c = client();
  c.cookies.set('sid', token);
  return (await c.get('/api/user')).statusCode === 200;
};
const sessionCount = async (userId: number) => (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, host-only (no Domain) and not Secure on plain http', async () => {
    const c = client();
    await c.csrf();
    const res = await c.post('/api/register', { username: uniqueName(), password: 'secret-pw', isVisible: true });
    const sid = res.cookies.find((k) => k.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.domain).toBeUndefined();
    expect(sid.secure).toBeFalsy();
    expect(sid.value).toMatch(/^[\w-]{43}$/);
  });

  it('is Secure and __Host- prefixed when PUBLIC_URL is https, for sign-in and sign-out alike', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://share.example.org' });
    try {
      const name = uniqueName();
      await new TestClient(secure.app).register(name, 'secret-pw');
      const c = new TestClient(secure.app);
      const login = await c.post('/api/login', { username: name, password: 'secret-pw', rememberMe: true });
      const sid = login.cookies.find((k) => k.name === '__Host-sid')!;
      expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(sid.domain).toBeUndefined();
      expect(login.cookies.find((k) => k.name === 'sid')).toBeUndefined();
      const logout = await c.post('/api/logout');
      const cleared = logout.cookies.find((k) => k.name === '__Host-sid')!;
      expect(cleared).toMatchObject({ value: '', secure: true, path: '/' });
    } finally {
      await secure.close();
    }
  }, 60_000);
});

describe('no session fixation', () => {
  it('a session id planted before sign-in is replaced, and the planted one signs no one in', async () => {
    const name = uniqueName();
    await client().register(name, 'right-password');
    const victim = client();
    victim.cookies.set('sid', 'A'.repeat(43));
    await victim.post('/api/login', { username: name, password: 'right-password' });
    expect(victim.cookies.get('sid')).not.toBe('A'.repeat(43));
    expect(await signedInAs('A'.repeat(43))).toBe(false);
    expect(await signedInAs(victim.cookies.get('sid')!)).toBe(true);
  });

  it("an attacker's own session left in a browser ends when someone signs in there", async () => {
    const attacker = client();
    await attacker.register(uniqueName('attacker'));
    const planted = attacker.cookies.get('sid')!;
    const victimName = uniqueName('victim');
    await client().register(victimName, 'right-password');
    const browser = client();
    browser.cookies.set('sid', planted);
    const me = await browser.login(victimName, 'right-password');
    expect(me.username).toBe(victimName);
    expect(browser.cookies.get('sid')).not.toBe(planted);
    // The old id neither carries the victim's sign-in nor the attacker's any more.
    expect(await signedInAs(planted)).toBe(false);
  });
});

describe('a session ends', () => {
  it('on password change: every other session (remembered ones too) ends, and this browser gets a new id', async () => {
    const name = uniqueName('pw');
    const here = client();
    const user = await here.register(name, 'old-password');
    const before = here.cookies.get('sid')!;
    const phone = client();
    await phone.post('/api/login', { username: name, password: 'old-password', rememberMe: true });
    const laptop = client();
    await laptop.login(name, 'old-password');
    expect(await sessionCount(user.id)).toBe(3);

    expect((await here.post('/api/me/password', { currentPassword: 'old-password', newPassword: 'new-password' })).statusCode).toBe(204);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    // This browser stays signed in, on a new id: the one from before the change is dead too.
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect(here.cookies.get('sid')).not.toBe(before);
    expect(await signedInAs(before)).toBe(false);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('on password reset: every session of the account, remembered ones too', async () => {
    const name = uniqueName('reset');
    const here = client();
    const user = await here.register(name, 'forgotten-pw');
    await here.request({ method: 'PUT', url: '/api/me/phone', payload: { phoneNumber: '+12125550177', currentPassword: 'forgotten-pw' } });
    // Reset codes go only to a verified number.
    await here.post('/api/me/phone/send-code');
    expect((await here.post('/api/me/phone/verify', { code: await lastCode(t, '+12125550177') })).statusCode).toBe(200);
    const remembered = client();
    await remembered.post('/api/login', { username: name, password: 'forgotten-pw', rememberMe: true });
    await client().post('/api/request-reset', { username: name });
    const code = await lastCode(t, '+12125550177', 'password reset');
    expect((await client().post('/api/reset-password', { username: name, code, newPassword: 'brand-new-pw' })).statusCode).toBe(200);
    expect((await here.get('/api/user')).statusCode).toBe(401);
    expect((await remembered.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('on logout, only for that browser: the same account elsewhere stays signed in', async () => {
    const name = uniqueName('two');
    const one = client();
    await one.register(name, 'secret-pw');
    const two = client();
    await two.login(name, 'secret-pw');
    expect((await one.post('/api/logout')).statusCode).toBe(204);
    expect((await one.get('/api/user')).statusCode).toBe(401);
    expect((await two.get('/api/user')).statusCode).toBe(200);
  });

  it('when an admin deletes the account', async () => {
    const boss = client();
    await boss.login('sess_admin', 'admin-password');
    const victim = client();
    const user = await victim.register(uniqueName('gone'));
    expect((await boss.request({ method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(204);
    expect((await victim.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe('absolute session lifetime', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** Moves a session's sign-in into the past (and its expiry to a time from now), as if it had been in use all along. */
  const age = async (userId: number, createdMsAgo: number, expiresInMs: number) =>
    t.app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - createdMsAgo), expiresAt: new Date(Date.now() + expiresInMs) })
      .where(eq(sessions.userId, userId));
  const row = async (userId: number) => (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0];

  it('a 400-day-old "Remember me" session is refused, however recently it was renewed, and is purged', async () => {
    const name = uniqueName('old');
    const user = await client().register(name, 'secret-pw');
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    const c = client();
    await c.post('/api/login', { username: name, password: 'secret-pw', rememberMe: true });
    await age(user.id, 400 * DAY, 20 * DAY);
    const res = await c.get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in' });
    // It was not renewed either.
    expect((await row(user.id))!.expiresAt.getTime()).toBeLessThan(Date.now() + 21 * DAY);
    expect(await t.app.sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("renewal of an active session never moves its expiry, or its cookie's, past 30 days after sign-in", async () => {
    const name = uniqueName('busy');
    const user = await client().register(name, 'secret-pw');
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    const c = client();
    await c.post('/api/login', { username: name, password: 'secret-pw', rememberMe: true });
    // Signed in 29 days and 20 hours ago, used every day: the last renewal left half an hour.
    await age(user.id, 29 * DAY + 20 * 60 * 60 * 1000, 30 * 60 * 1000);
    const res = await c.get('/api/user');
    expect(res.statusCode).toBe(200);
    const { createdAt, expiresAt } = (await row(user.id))!;
    const end = createdAt.getTime() + 30 * DAY;
    expect(expiresAt.getTime()).toBe(end);
    const cookie = (res.cookies as { name: string; expires?: Date }[]).find((k) => k.name === 'sid');
    expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(end);
    // Past that moment it is over, in use or not.
    await t.app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 30 * DAY - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('the absolute age is SESSION_MAX_AGE_DAYS, and holds for browser sessions too', async () => {
    const short = await createTestApp({ SESSION_MAX_AGE_DAYS: '2' });
    try {
      expect(short.config.sessionMaxAgeMs).toBe(2 * DAY);
      const c = new TestClient(short.app);
      const user = await c.register(uniqueName('short'));
      const fresh = await c.post('/api/login', { username: user.username, password: 'secret-pw', rememberMe: true });
      // A new "Remember me" cookie lasts only as long as the session may.
      const expires = (fresh.cookies as { name: string; expires?: Date }[]).find((k) => k.name === 'sid')!.expires!.getTime();
      expect(expires).toBeLessThanOrEqual(Date.now() + 2 * DAY);
      expect(expires).toBeGreaterThan(Date.now() + 2 * DAY - 60_000);
      const browser = new TestClient(short.app);
      await browser.login(user.username, 'secret-pw');
      // Active an hour ago (the idle day is far off), but signed in two days ago.
      await short.app.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 2 * DAY - 60_000), expiresAt: new Date(Date.now() + 23 * 60 * 60 * 1000) });
      expect((await browser.get('/api/user')).statusCode).toBe(401);
      expect((await c.get('/api/user')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  }, 60_000);
});
