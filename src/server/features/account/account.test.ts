import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, lastCode, smsOutbox, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

let t: TestApp;
let admin: TestClient;
const visitor = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'acct_admin', ADMIN_PASSWORD: 'admin-password' });
  admin = new TestClient(t.app);
  await admin.login('acct_admin', 'admin-password');
});
afterAll(async () => {
  await t?.close();
});

async function newUser(prefix = 'acct', password = 'secret-pw') {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName(prefix), password);
  return { client, user, password };
}
const vendorId = async (name: string) =>
  (await visitor().get('/api/vendors')).json().find((v: { name: string }) => v.name === name).id as number;
const patch = (c: TestClient, url: string, payload: unknown) => c.request({ method: 'PATCH', url, payload: payload as object });
const put = (c: TestClient, url: string, payload: unknown) => c.request({ method: 'PUT', url, payload: payload as object });
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

/** Sets the phone number (with the password) and verifies it with the code sent to it. */
async function verifiedPhone(client: TestClient, phoneNumber: string, currentPassword = 'secret-pw') {
  expect((await put(client, '/api/me/phone', { phoneNumber, currentPassword })).statusCode).toBe(200);
  expect((await client.post('/api/me/phone/send-code')).statusCode).toBe(204);
  const code = await lastCode(t, phoneNumber);
  expect((await client.post('/api/me/phone/verify', { code })).json().isPhoneVerified).toBe(true);
}

describe('signed-out callers', () => {
  it.each([
    ['GET', '/api/me/settings'],
    ['PATCH', '/api/me'],
    ['POST', '/api/me/payment-ids'],
    ['DELETE', '/api/me/payment-ids/1'],
    ['PUT', '/api/me/phone'],
    ['DELETE', '/api/me/phone'],
    ['POST', '/api/me/phone/send-code'],
    ['POST', '/api/me/phone/verify'],
    ['POST', '/api/me/password'],
    ['POST', '/api/me/deletion-request'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await visitor().request({ method, url, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in' });
  });
});

describe('profiles and payment links', () => {
  it('lists the active vendors, and the profile shows the links a user adds', async () => {
    const vendors = (await visitor().get('/api/vendors')).json();
    expect(vendors.map((v: { name: string }) => v.name)).toEqual(expect.arrayContaining(['PayPal', 'Venmo', 'Cash App']));
    const { client, user } = await newUser();
    const added = await client.post('/api/me/payment-ids', { vendorId: await vendorId('PayPal'), paymentId: '  me@example.com ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ paymentId: 'me@example.com', vendor: { name: 'PayPal', active: true } });

    const profile = await visitor().get(`/api/users/profile/${user.username.toUpperCase()}`);
    expect(profile.statusCode).toBe(200);
    // The profile's first fields; its reputation fields are proved in profiles/profiles.test.ts.
    expect(profile.json()).toMatchObject({
      username: user.username,
      isPhoneVerified: false,
      paymentIds: [{ id: added.json().id, paymentId: 'me@example.com', vendor: { name: 'PayPal' } }],
    });
  });

  it('answers 404 User not found for an unknown user, and for a hidden one except to its owner and admins', async () => {
    const res = await visitor().get('/api/users/profile/nobody_here_at_all');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });

    const { client, user } = await newUser('hidden');
    const hidden = await patch(client, '/api/me', { isVisible: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().isVisible).toBe(false);
    expect((await visitor().get(`/api/users/profile/${user.username}`)).statusCode).toBe(404);
    expect((await (await newUser()).client.get(`/api/users/profile/${user.username}`)).statusCode).toBe(404);
    expect((await client.get(`/api/users/profile/${user.username}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/users/profile/${user.username}`)).statusCode).toBe(200);
  });

  it.each([
    [{ vendorId: 999999, paymentId: 'x' }, 'Choose one of the offered payment vendors'],
    [{ vendorId: 'PayPal', paymentId: 'x' }, 'Choose one of the offered payment vendors'],
    [{ paymentId: 'x' }, 'Choose one of the offered payment vendors'],
    [{ vendorId: 1, paymentId: '   ' }, 'Payment ID is required'],
    [{ vendorId: 1, paymentId: 'x'.repeat(201) }, 'Payment ID must be at most 200 characters'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const { client } = await newUser();
    const res = await client.post('/api/me/payment-ids', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await client.get('/api/me/settings')).json().paymentIds).toEqual([]);
  });

  it('offers no deactivated vendor, and keeps links already made with it', async () => {
    const { client, user } = await newUser();
    const [vendor] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into payment_vendors (name) values (${uniqueName('Pay')}) returning id`,
    );
    expect((await client.post('/api/me/payment-ids', { vendorId: vendor!.id, paymentId: 'kept' })).statusCode).toBe(201);
    await t.app.db.execute(sql`update payment_vendors set active = false where id = ${vendor!.id}`);
    expect((await visitor().get('/api/vendors')).json().some((v: { id: number }) => v.id === vendor!.id)).toBe(false);
    expect((await client.post('/api/me/payment-ids', { vendorId: vendor!.id, paymentId: 'new' })).statusCode).toBe(400);
    const profile = (await visitor().get(`/api/users/profile/${user.username}`)).json();
    expect(profile.paymentIds.map((p: { paymentId: string }) => p.paymentId)).toEqual(['kept']);
  });

  it('removes only your own links: another user gets 404 and the link stays', async () => {
    const owner = await newUser();
    const other = await newUser();
    const link = (await owner.client.post('/api/me/payment-ids', { vendorId: await vendorId('Venmo'), paymentId: '@mine' })).json();
    const stolen = await del(other.client, `/api/me/payment-ids/${link.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Payment link not found' });
    expect((await del(admin, `/api/me/payment-ids/${link.id}`)).statusCode).toBe(404);
    expect((await del(owner.client, `/api/me/payment-ids/${link.id}`)).statusCode).toBe(204);
    expect((await owner.client.get('/api/me/settings')).json().paymentIds).toEqual([]);
    expect((await del(owner.client, '/api/me/payment-ids/abc')).statusCode).toBe(400);
  });

  it('allows at most 20 payment links', async () => {
    const { client } = await newUser();
    const id = await vendorId('Venmo');
    for (let i = 0; i < 20; i++)
      expect((await client.post('/api/me/payment-ids', { vendorId: id, paymentId: `@p${i}` })).statusCode).toBe(201);
    const res = await client.post('/api/me/payment-ids', { vendorId: id, paymentId: '@one-too-many' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You can add up to 20 payment links' });
  });
});

describe('phone number and verification', () => {
  it('sets a number (unverified), sends a code by SMS, and the right code verifies it', async () => {
    const { client, user } = await newUser();
    const set = await put(client, '/api/me/phone', { phoneNumber: '+12125550101', currentPassword: 'secret-pw' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ phoneNumber: '+12125550101', isPhoneVerified: false });
    expect((await client.post('/api/me/phone/send-code')).statusCode).toBe(204);
    const code = await lastCode(t, '+12125550101');
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash is stored.
    const [row] = await queryRows<{ verification_code: string }>(t.app.db, sql`select verification_code from users where id = ${user.id}`);
    expect(row!.verification_code).not.toContain(code!);

    const wrong = await client.post('/api/me/phone/verify', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired code' });
    const ok = await client.post('/api/me/phone/verify', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().isPhoneVerified).toBe(true);
    expect((await visitor().get(`/api/users/profile/${user.username}`)).json().isPhoneVerified).toBe(true);
    // A used code does not work twice; a new number is unverified again.
    expect((await client.post('/api/me/phone/verify', { code })).statusCode).toBe(400);
    expect((await put(client, '/api/me/phone', { phoneNumber: '+12125550102', currentPassword: 'secret-pw' })).json().isPhoneVerified).toBe(
      false,
    );
  });

  it('refuses a malformed number with the phone number message, and codes that are not 6 digits', async () => {
    const { client } = await newUser();
    for (const phoneNumber of ['0123456', '+0123', '1', 'call me', '+1234567890123456', '+1 555 0100']) {
      const res = await put(client, '/api/me/phone', { phoneNumber, currentPassword: 'secret-pw' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a valid phone number' });
    }
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      const res = await client.post('/api/me/phone/verify', { code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Verification code must be 6 digits' });
    }
  });

  it('asks for a number before sending a code, and sends at most one code a minute', async () => {
    const { client } = await newUser();
    const none = await client.post('/api/me/phone/send-code');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Add a phone number first' });
    await put(client, '/api/me/phone', { phoneNumber: '+12125550103', currentPassword: 'secret-pw' });
    expect((await client.post('/api/me/phone/send-code')).statusCode).toBe(204);
    const again = await client.post('/api/me/phone/send-code');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/wait/);
  });

  it('voids a code after five wrong tries, and an expired code fails', async () => {
    const { client, user } = await newUser();
    await put(client, '/api/me/phone', { phoneNumber: '+12125550104', currentPassword: 'secret-pw' });
    await client.post('/api/me/phone/send-code');
    const code = (await lastCode(t, '+12125550104'))!;
    const wrongCode = code === '999999' ? '999998' : '999999';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await client.post('/api/me/phone/verify', { code: wrongCode })).json().message);
    expect(answers).toEqual([...Array(4).fill('Invalid or expired code'), 'Too many wrong codes: ask for a new one']);
    const late = await client.post('/api/me/phone/verify', { code });
    expect(late.json()).toEqual({ message: 'Too many wrong codes: ask for a new one' });

    await t.app.db.execute(sql`update users set verification_sent_at = now() - interval '2 minutes' where id = ${user.id}`);
    await client.post('/api/me/phone/send-code');
    const fresh = (await lastCode(t, '+12125550104'))!;
    await t.app.db.execute(sql`update users set verification_code_expiry = now() - interval '1 second' where id = ${user.id}`);
    expect((await client.post('/api/me/phone/verify', { code: fresh })).json()).toEqual({ message: 'Invalid or expired code' });
  });
});

describe('changing or removing the phone number asks for the password', () => {
  const messagesTo = (phone: string) =>
    smsOutbox(t)
      .filter((m) => m.to === phone)
      .map((m) => m.body);

  it('without the password: 400 with a message, and the number stays', async () => {
    const { client } = await newUser('phonepw');
    await verifiedPhone(client, '+12125550301');
    for (const [res, message] of [
      [await put(client, '/api/me/phone', { phoneNumber: '+12125550302' }), 'Password is required'],
      [await put(client, '/api/me/phone', { phoneNumber: '+12125550302', currentPassword: '' }), 'Password is required'],
      [await client.request({ method: 'DELETE', url: '/api/me/phone', payload: {} }), 'Password is required'],
      [await client.request({ method: 'DELETE', url: '/api/me/phone' }), 'The request body must be a JSON object'],
      [
        await put(client, '/api/me/phone', { phoneNumber: '+12125550302', currentPassword: 'not-my-password' }),
        'Current password is incorrect',
      ],
      [
        await client.request({ method: 'DELETE', url: '/api/me/phone', payload: { currentPassword: 'not-my-password' } }),
        'Current password is incorrect',
      ],
    ] as const) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await client.get('/api/me/settings')).json()).toMatchObject({ phoneNumber: '+12125550301', isPhoneVerified: true });
    expect(messagesTo('+12125550302')).toEqual([]);
  });

  // An app of its own (migrations on a fresh database): slow on a busy machine, hence 60 s.
  it('a wrong password here is counted by the per-account limit of password checks', async () => {
    const limited = await createTestApp({ ACCOUNT_RATE_LIMIT_MAX: '3' });
    try {
      const client = new TestClient(limited.app);
      await client.register(uniqueName('phonelimit'), 'secret-pw');
      const codes = [];
      for (let i = 0; i < 3; i++) {
        // Each from a new address: the per-address limit is not what stops them.
        const from = await client.fork(`198.51.100.${40 + i}`);
        codes.push(
          (
            await from.request({
              method: 'PUT',
              url: '/api/me/phone',
              payload: { phoneNumber: '+12125550303', currentPassword: `guess-${i}` },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 400]);
      const refused = await (
        await client.fork('198.51.100.49')
      ).request({ method: 'DELETE', url: '/api/me/phone', payload: { currentPassword: 'secret-pw' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests, please try again later/);
      // The same budget as a password change: it is spent too.
      expect((await client.post('/api/me/password', { currentPassword: 'secret-pw', newPassword: 'other-pw' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('a reset code never goes to an unverified number, only to a verified one', async () => {
    const { client, user } = await newUser('resetunv');
    expect((await put(client, '/api/me/phone', { phoneNumber: '+12125550304', currentPassword: 'secret-pw' })).statusCode).toBe(200);
    expect((await visitor().post('/api/request-reset', { username: user.username })).statusCode).toBe(200);
    expect(await lastCode(t, '+12125550304')).toBeUndefined();

    await client.post('/api/me/phone/send-code');
    expect((await client.post('/api/me/phone/verify', { code: await lastCode(t, '+12125550304') })).statusCode).toBe(200);
    expect((await visitor().post('/api/request-reset', { username: user.username })).statusCode).toBe(200);
    await expect.poll(() => messagesTo('+12125550304').filter((b) => b.includes('password reset')).length).toBe(1);
  });

  it('the old verified number is told when the number is changed, and when it is removed', async () => {
    const { client } = await newUser('notice');
    await verifiedPhone(client, '+12125550305');
    const changed = await put(client, '/api/me/phone', { phoneNumber: '+12125550306', currentPassword: 'secret-pw' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ phoneNumber: '+12125550306', isPhoneVerified: false });
    expect(messagesTo('+12125550305').at(-1)).toBe(
      'The phone number of your ShareNearby account was just changed. If that was not you, sign in, change your password and tell the admins.',
    );
    // The new number is not verified: it gets no notice when it goes again.
    const removed = await client.request({ method: 'DELETE', url: '/api/me/phone', payload: { currentPassword: 'secret-pw' } });
    expect(removed.json()).toMatchObject({ phoneNumber: null, isPhoneVerified: false });
    expect(messagesTo('+12125550306')).toEqual([]);

    await verifiedPhone(client, '+12125550307');
    expect((await client.request({ method: 'DELETE', url: '/api/me/phone', payload: { currentPassword: 'secret-pw' } })).statusCode).toBe(
      200,
    );
    expect(messagesTo('+12125550307').at(-1)).toBe(
      'The phone number was just removed from your ShareNearby account. If that was not you, sign in, change your password and tell the admins.',
    );
  });
});

describe('change password', () => {
  it('needs the current password; then ends every other session and keeps this one', async () => {
    const { client, user } = await newUser('pw', 'old-password');
    const elsewhere = new TestClient(t.app);
    await elsewhere.post('/api/login', { username: user.username, password: 'old-password' });

    const wrong = await client.post('/api/me/password', { currentPassword: 'not-it', newPassword: 'new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    const short = await client.post('/api/me/password', { currentPassword: 'old-password', newPassword: '123' });
    expect(short.json()).toEqual({ message: 'Password must be at least 6 characters' });

    const ok = await client.post('/api/me/password', { currentPassword: 'old-password', newPassword: 'new-password' });
    expect(ok.statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await visitor().post('/api/login', { username: user.username, password: 'old-password' })).statusCode).toBe(401);
    expect((await visitor().post('/api/login', { username: user.username, password: 'new-password' })).statusCode).toBe(200);
  });
});

describe('profile visibility and account deletion request', () => {
  it('refuses anything but a boolean for visibility', async () => {
    const { client } = await newUser();
    for (const payload of [{ isVisible: 'no' }, {}, { isVisible: true, isAdmin: true }]) {
      const res = await patch(client, '/api/me', payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await client.get('/api/me/settings')).json()).toMatchObject({ isVisible: true });
    expect((await client.get('/api/user')).json().isAdmin).toBe(false);
  });

  it('a deletion request becomes one pending support request and marks the account', async () => {
    const { client, user } = await newUser();
    expect((await client.post('/api/me/deletion-request', { reason: 'Moving away from the area' })).statusCode).toBe(201);
    expect((await client.post('/api/me/deletion-request', {})).statusCode).toBe(201);
    expect((await client.get('/api/me/settings')).json().markedForDeletion).toBe(true);
    const requests = await queryRows<{ type: string; status: string; description: string }>(
      t.app.db,
      sql`select type, status, description from support_requests where user_id = ${user.id}`,
    );
    expect(requests).toEqual([{ type: 'account_deletion', status: 'pending', description: 'Moving away from the area' }]);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the user exists, and texts a code only to a user with a phone', async () => {
    const { client, user } = await newUser('reset');
    await verifiedPhone(client, '+12125550199');
    const noPhone = await newUser('nophone');
    const before = smsOutbox(t).length;
    const answers = [];
    for (const username of [user.username, noPhone.user.username, 'no_such_user_here']) {
      const res = await visitor().post('/api/request-reset', { username });
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([
      200,
      { message: 'If an account exists with this username, you will receive a verification code via SMS.' },
    ]);
    expect(await lastCode(t, '+12125550199', 'password reset')).toMatch(/^\d{6}$/);
    expect(smsOutbox(t).length).toBe(before + 1);
  });

  it('a valid code sets the new password and ends every session of the user', async () => {
    const { client, user } = await newUser('reset2', 'forgotten-pw');
    await verifiedPhone(client, '+12125550198', 'forgotten-pw');
    await visitor().post('/api/request-reset', { username: user.username });
    const code = (await lastCode(t, '+12125550198', 'password reset'))!;
    const wrong = await visitor().post('/api/reset-password', {
      username: user.username,
      code: code === '123456' ? '654321' : '123456',
      newPassword: 'brand-new-pw',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired reset code' });
    const ok = await visitor().post('/api/reset-password', { username: user.username, code, newPassword: 'brand-new-pw' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password reset successful' });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await visitor().post('/api/login', { username: user.username, password: 'brand-new-pw' })).statusCode).toBe(200);
    // Used up.
    expect((await visitor().post('/api/reset-password', { username: user.username, code, newPassword: 'again-new-pw' })).statusCode).toBe(
      400,
    );
  });

  it('answers a real, a hidden and an unknown account alike at every step, also after five wrong codes', async () => {
    const real = await newUser('reset3');
    await verifiedPhone(real.client, '+12125550197');
    const hidden = await newUser('reset4');
    await verifiedPhone(hidden.client, '+12125550196');
    expect((await patch(hidden.client, '/api/me', { isVisible: false })).statusCode).toBe(200);
    const noCode = await newUser('reset5');
    const names = [real.user.username, hidden.user.username, noCode.user.username, uniqueName('nobody')];

    const requests = [];
    for (const username of names) {
      const res = await visitor().post('/api/request-reset', { username });
      requests.push([res.statusCode, res.json()]);
    }
    expect(new Set(requests.map((a) => JSON.stringify(a))).size).toBe(1);
    const code = (await lastCode(t, '+12125550197', 'password reset'))!;
    expect(await lastCode(t, '+12125550196', 'password reset')).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '000001' : '000000';
    const answers = new Map<string, unknown[]>();
    for (const username of names) {
      const seen = [];
      for (let i = 0; i < 6; i++) {
        const res = await visitor().post('/api/reset-password', { username, code: wrongCode, newPassword: 'brand-new-pw' });
        seen.push([res.statusCode, res.json()]);
      }
      answers.set(username, seen);
    }
    const expected = Array(6).fill([400, { message: 'Invalid or expired reset code' }]);
    for (const username of names) expect(answers.get(username)).toEqual(expected);
    // The spent code stays void, with the same answer.
    const late = await visitor().post('/api/reset-password', { username: real.user.username, code, newPassword: 'brand-new-pw' });
    expect([late.statusCode, late.json()]).toEqual([400, { message: 'Invalid or expired reset code' }]);
    expect((await visitor().post('/api/login', { username: real.user.username, password: 'secret-pw' })).statusCode).toBe(200);
  });

  it.each([
    [{ username: 'someone', code: '12345', newPassword: 'secret-pw' }, 'Reset code must be 6 digits'],
    [{ username: '', code: '123456', newPassword: 'secret-pw' }, 'Username is required'],
    [{ username: 'someone', code: '123456', newPassword: '123' }, 'Password must be at least 6 characters'],
    [{ username: 'no_such_user_here', code: '123456', newPassword: 'secret-pw' }, 'Invalid or expired reset code'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const res = await visitor().post('/api/reset-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an empty username for a reset request', async () => {
    const res = await visitor().post('/api/request-reset', { username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Username is required' });
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const c = new TestClient(limited.app, '198.51.100.9');
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await c.post('/api/request-reset', { username: 'x_user' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const resets = [];
      for (let i = 0; i < 3; i++)
        resets.push((await c.post('/api/reset-password', { username: 'x_user', code: '123456', newPassword: 'secret-pw' })).statusCode);
      expect(resets).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
