import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, smsOutbox, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from '../../test/smtp.js';

let smtp: SmtpCatcher;
let t: TestApp;
const visitor = () => new TestClient(t.app);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'ShareNearby <no-reply@share.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let addressCount = 0;
/** A fresh address; letter case as given. */
const newAddress = (prefix = 'person') => `${prefix}.${process.pid}.${++addressCount}@example.org`;

async function newUser(prefix = 'mail', password = 'secret-pw') {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName(prefix), password);
  return { client, user, password };
}
const put = (c: TestClient, payload: unknown) => c.request({ method: 'PUT', url: '/api/me/email', payload: payload as object });
const del = (c: TestClient, payload: unknown) => c.request({ method: 'DELETE', url: '/api/me/email', payload: payload as object });
const userRow = async (id: number) =>
  (
    await queryRows<{ email: string | null; is_email_verified: boolean; email_token: string | null; hours_left: number | null }>(
      t.app.db,
      sql`SELECT email, is_email_verified, email_token, extract(epoch from email_token_expiry - now()) / 3600 AS hours_left FROM users WHERE id = ${id}`,
    )
  )[0]!;

const isLink = (address: string) => (m: CaughtMail) => m.to.includes(address.toLowerCase()) && m.text.includes('/verify-email?token=');
/** The token of the newest verification link mailed to `address` (waiting for it). */
async function linkToken(address: string, nth = 1): Promise<string> {
  await smtp.waitFor(() => smtp.to(address).filter(isLink(address)).length >= nth);
  const mail = smtp.to(address).filter(isLink(address))[nth - 1]!;
  return /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
}

/** Adds `address` and opens the link mailed to it. */
async function verifiedAddress(client: TestClient, address: string, password = 'secret-pw') {
  expect((await put(client, { email: address, password })).statusCode).toBe(200);
  expect((await visitor().post('/api/email/verify', { token: await linkToken(address) })).statusCode).toBe(200);
}

describe('adding an address and its verification link', () => {
  it('mails a link (text and HTML parts, the product name, the sender of MAIL_FROM) that verifies the address once', async () => {
    const { client, user } = await newUser();
    expect((await client.get('/api/me/email')).json()).toEqual({ email: null, isEmailVerified: false, showPrompt: true });
    const address = newAddress();
    const set = await put(client, { email: `  ${address}  `, password: 'secret-pw' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ email: address, isEmailVerified: false, showPrompt: false });

    const token = await linkToken(address);
    const mail = smtp.to(address)[0]!;
    expect(mail.from).toMatch(/^"?ShareNearby"? <no-reply@share\.test>$/);
    expect(mail.subject).toBe('Confirm your e-mail address for ShareNearby');
    expect(mail.text).toContain(`added this address to the ShareNearby account ${user.username}`);
    expect(mail.text).toContain(`http://localhost:${t.config.port}/verify-email?token=${token}`);
    expect(mail.html).toContain('ShareNearby');
    expect(mail.html).toContain(`href="http://localhost:${t.config.port}/verify-email?token=${token}"`);
    expect(mail.html).toContain('Confirm this address');
    // Not a notification: nothing to unsubscribe from.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();

    // Stored as its SHA-256 only, for 24 hours.
    const row = await userRow(user.id);
    expect(row.email_token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.email_token).not.toContain(token);
    expect(Number(row.hours_left)).toBeGreaterThan(23.9);
    expect(Number(row.hours_left)).toBeLessThanOrEqual(24);

    // Opened on any device, signed in or not.
    const ok = await visitor().post('/api/email/verify', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your e-mail address is verified' });
    expect((await client.get('/api/me/email')).json()).toEqual({ email: address, isEmailVerified: true, showPrompt: false });
    expect((await userRow(user.id)).email_token).toBeNull();

    const again = await visitor().post('/api/email/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This link is invalid, used or expired. Ask for a new one in Settings.' });
  });

  it('a link no longer works 24 hours after it was sent', async () => {
    const { client, user } = await newUser();
    const address = newAddress();
    await put(client, { email: address, password: 'secret-pw' });
    const token = await linkToken(address);
    await t.app.db.execute(sql`update users set email_token_expiry = email_token_expiry - interval '24 hours' where id = ${user.id}`);
    const late = await visitor().post('/api/email/verify', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This link is invalid, used or expired. Ask for a new one in Settings.');
    expect((await client.get('/api/me/email')).json().isEmailVerified).toBe(false);
  });

  it('refuses malformed addresses and tokens with a message, changing nothing', async () => {
    const { client, user } = await newUser();
    for (const email of ['', 'nobody', 'two@@example.org', 'a b@example.org', `${'x'.repeat(250)}@example.org`, 42]) {
      const res = await put(client, { email, password: 'secret-pw' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a valid e-mail address' });
    }
    for (const token of ['', 'short', 'x'.repeat(44), '../../etc/passwd']) {
      expect((await visitor().post('/api/email/verify', { token })).statusCode).toBe(400);
    }
    expect((await userRow(user.id)).email).toBeNull();
  });

  it('mails in the language the person chose', async () => {
    const { client } = await newUser();
    expect((await client.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } })).statusCode).toBe(200);
    const address = newAddress();
    await put(client, { email: address, password: 'secret-pw' });
    await linkToken(address);
    const mail = smtp.to(address)[0]!;
    expect(mail.subject).toBe('Confirma tu dirección de correo para ShareNearby');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain('Confirmar esta dirección');
  });

  it('sends the link again only after a minute, and a new link voids the old one', async () => {
    const { client, user } = await newUser();
    expect((await client.post('/api/me/email/send-link')).json()).toEqual({ message: 'Add an e-mail address first' });
    const address = newAddress();
    await put(client, { email: address, password: 'secret-pw' });
    const first = await linkToken(address);
    const soon = await client.post('/api/me/email/send-link');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe('A link was sent less than a minute ago: please wait before asking again');
    await t.app.db.execute(sql`update users set email_token_sent_at = now() - interval '2 minutes' where id = ${user.id}`);
    expect((await client.post('/api/me/email/send-link')).statusCode).toBe(204);
    const second = await linkToken(address, 2);
    expect(second).not.toBe(first);
    expect((await visitor().post('/api/email/verify', { token: first })).statusCode).toBe(400);
    expect((await visitor().post('/api/email/verify', { token: second })).statusCode).toBe(200);
    const done = await client.post('/api/me/email/send-link');
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toBe('This e-mail address is already verified');
  });

  it('the /home card shows until the person adds an address or dismisses it, and never again once dismissed', async () => {
    const { client } = await newUser();
    expect((await client.get('/api/me/email')).json().showPrompt).toBe(true);
    expect((await client.post('/api/me/email/dismiss-prompt')).json()).toEqual({ email: null, isEmailVerified: false, showPrompt: false });
    expect((await client.get('/api/me/email')).json().showPrompt).toBe(false);
    const address = newAddress();
    await put(client, { email: address, password: 'secret-pw' });
    await del(client, { password: 'secret-pw' });
    expect((await client.get('/api/me/email')).json()).toEqual({ email: null, isEmailVerified: false, showPrompt: false });
  });
});

describe('a verified address belongs to one account', () => {
  it('adding an address another account verified answers the same, mails its owner a note instead of a link, and never verifies', async () => {
    const owner = await newUser('owner');
    const address = newAddress('Shared');
    await verifiedAddress(owner.client, address);

    const other = await newUser('other');
    const before = smtp.to(address).length;
    const res = await put(other.client, { email: address.toUpperCase(), password: 'secret-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: address.toUpperCase(), isEmailVerified: false, showPrompt: false });
    const note = await smtp.waitFor((m) => smtp.to(address).indexOf(m) >= before);
    expect(note.subject).toBe('Your e-mail address at ShareNearby');
    expect(note.text).toContain('it already belongs to another account');
    expect(note.text).not.toContain('verify-email');
    // The owner's account is untouched, and its address not shown to the other.
    expect((await owner.client.get('/api/me/email')).json()).toMatchObject({ email: address, isEmailVerified: true });
    expect(res.body).not.toContain(owner.user.username);
  });

  it('a link opened after another account verified the same address answers 409 and leaves both as they were', async () => {
    const a = await newUser('first');
    const b = await newUser('second');
    const address = newAddress('race');
    await put(a.client, { email: address, password: 'secret-pw' });
    const tokenA = await linkToken(address);
    await put(b.client, { email: address, password: 'secret-pw' });
    const tokenB = await linkToken(address, 2);
    expect((await visitor().post('/api/email/verify', { token: tokenB })).statusCode).toBe(200);
    const late = await visitor().post('/api/email/verify', { token: tokenA });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This e-mail address already belongs to another account' });
    expect((await a.client.get('/api/me/email')).json().isEmailVerified).toBe(false);
  });
});

describe('changing or removing the address asks for the password', () => {
  it('a missing or wrong password is a 400 that changes nothing and mails nobody', async () => {
    const { client, user } = await newUser();
    const address = newAddress();
    await verifiedAddress(client, address);
    const sent = smtp.mails.length;
    const other = newAddress();
    for (const [res, message] of [
      [await put(client, { email: other }), 'Password is required'],
      [await put(client, { email: other, password: '' }), 'Password is required'],
      [await put(client, { email: other, password: 'not-my-password' }), 'Current password is incorrect'],
      [await del(client, {}), 'Password is required'],
      [await del(client, { password: 'not-my-password' }), 'Current password is incorrect'],
    ] as const) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await userRow(user.id)).toMatchObject({ email: address, is_email_verified: true });
    // Nor later: the work the requests left for after their answers is over.
    await t.app.settled();
    expect(smtp.mails.length).toBe(sent);
  });

  it('is limited per account like the other password checks', async () => {
    const limited = await createTestApp({ ACCOUNT_RATE_LIMIT_MAX: '3', SMTP_URL: smtp.url });
    try {
      const client = new TestClient(limited.app);
      await client.register(uniqueName('maillimit'), 'secret-pw');
      const codes = [];
      for (let i = 0; i < 3; i++) {
        // Each from a new address: the per-address limit is not what stops them.
        const from = await client.fork(`198.51.100.${60 + i}`);
        codes.push(
          (await from.request({ method: 'PUT', url: '/api/me/email', payload: { email: newAddress(), password: `guess-${i}` } }))
            .statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 400]);
      const refused = await (
        await client.fork('198.51.100.69')
      ).request({ method: 'DELETE', url: '/api/me/email', payload: { password: 'secret-pw' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests, please try again later/);
      // The same budget as a password change.
      expect((await client.post('/api/me/password', { currentPassword: 'secret-pw', newPassword: 'other-pw' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('the old, verified address is told when it is replaced, and when it is removed', async () => {
    const { client, user } = await newUser();
    const old = newAddress('old');
    await verifiedAddress(client, old);
    const next = newAddress('new');
    expect((await put(client, { email: next, password: 'secret-pw' })).json()).toEqual({
      email: next,
      isEmailVerified: false,
      showPrompt: false,
    });
    const changed = await smtp.waitFor((m) => m.to.includes(old) && m.subject.includes('was changed'));
    expect(changed.subject).toBe('The e-mail address of your ShareNearby account was changed');
    expect(changed.text).toContain(`your ShareNearby account ${user.username} was just changed`);
    expect(changed.text).not.toContain(next);
    await visitor().post('/api/email/verify', { token: await linkToken(next) });

    const removed = await del(client, { password: 'secret-pw' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ email: null, isEmailVerified: false, showPrompt: false });
    const notice = await smtp.waitFor((m) => m.to.includes(next) && m.subject.includes('was removed'));
    expect(notice.text).toContain('was just removed from your ShareNearby account');
    expect((await userRow(user.id)).email).toBeNull();
  });

  it('an unverified address is not told (it may not be the owner’s)', async () => {
    const { client } = await newUser();
    const typed = newAddress('typo');
    await put(client, { email: typed, password: 'secret-pw' });
    await linkToken(typed);
    await put(client, { email: newAddress(), password: 'secret-pw' });
    await del(client, { password: 'secret-pw' });
    // The work the requests left for after their answers is over too.
    await t.app.settled();
    expect(smtp.to(typed).map((m) => m.subject)).toEqual(['Confirm your e-mail address for ShareNearby']);
  });
});

describe('password reset by e-mail', () => {
  const resetMails = (address: string) => smtp.to(address).filter((m) => m.subject === 'Your ShareNearby password reset code');

  it('sends the code to a verified address (not an unverified one), and the code resets the password', async () => {
    const { client, user } = await newUser('resetmail');
    const address = newAddress('reset');
    await put(client, { email: address, password: 'secret-pw' });
    await linkToken(address);
    expect((await visitor().post('/api/request-reset', { username: user.username })).statusCode).toBe(200);
    // The code is sent after the answer: that work is over.
    await t.app.settled();
    expect(resetMails(address)).toEqual([]);

    await visitor().post('/api/email/verify', { token: await linkToken(address) });
    expect((await visitor().post('/api/request-reset', { username: user.username.toUpperCase() })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => resetMails(address).includes(m));
    expect(mail.text).toMatch(/\b\d{6} is the password reset code of your ShareNearby account/);
    expect(mail.html).toContain('ShareNearby');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const reset = await visitor().post('/api/reset-password', { username: user.username, code, newPassword: 'brand-new-pw' });
    expect(reset.statusCode).toBe(200);
    await new TestClient(t.app).login(user.username, 'brand-new-pw');
  });

  it('one code goes to both the verified address and the verified phone', async () => {
    const { client, user } = await newUser('resetboth');
    const address = newAddress('both');
    await verifiedAddress(client, address);
    const phone = `+1212555${String(Date.now()).slice(-4)}`;
    await client.request({ method: 'PUT', url: '/api/me/phone', payload: { phoneNumber: phone, currentPassword: 'secret-pw' } });
    await t.app.db.execute(sql`update users set is_phone_verified = true where id = ${user.id}`);
    await visitor().post('/api/request-reset', { username: user.username });
    const mail = await smtp.waitFor((m) => resetMails(address).includes(m));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await expect.poll(() => smsOutbox(t).filter((m) => m.to === phone && m.body.includes(code)).length).toBe(1);
  });

  it('answers every name the same: unknown, without any verified place, with an address, with a phone', async () => {
    const plain = await newUser('resetplain');
    const withMail = await newUser('resetwith');
    await verifiedAddress(withMail.client, newAddress('same'));
    const answers = [];
    for (const username of ['nobody_at_all_here', plain.user.username, withMail.user.username]) {
      const res = await visitor().post('/api/request-reset', { username });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual(
      Array(3).fill({
        status: 200,
        body: { message: 'If an account exists with this username, you will receive a verification code via SMS.' },
      }),
    );
  });
});

describe('data export and account deletion', () => {
  it('the export includes the address; deleting the account frees the address for another', async () => {
    const { client, user } = await newUser('exporter');
    const address = newAddress('export');
    await verifiedAddress(client, address);
    const data = (await client.get('/api/me/export')).json();
    expect(data.profile).toMatchObject({ email: address, is_email_verified: true });
    expect(JSON.stringify(data)).not.toContain('email_token');

    expect((await client.request({ method: 'DELETE', url: '/api/me', payload: { password: 'secret-pw' } })).statusCode).toBe(204);
    const rows = await queryRows(t.app.db, sql`SELECT id FROM users WHERE lower(email) = lower(${address})`);
    expect(rows).toEqual([]);
    expect(user.id).toBeGreaterThan(0);
    const next = await newUser('heir');
    await put(next.client, { email: address, password: 'secret-pw' });
    expect((await visitor().post('/api/email/verify', { token: await linkToken(address, 2) })).statusCode).toBe(200);
    expect((await next.client.get('/api/me/email')).json().isEmailVerified).toBe(true);
  });
});

describe('the console sender (no SMTP_URL)', () => {
  it('writes each mail as a JSON line to MAIL_OUTBOX_FILE', async () => {
    const local = await createTestApp({ MAIL_OUTBOX_FILE: path.join(t.config.dataDir, 'mail-outbox.jsonl') });
    try {
      const file = local.config.mail.outboxFile!;
      const client = new TestClient(local.app);
      await client.register(uniqueName('outbox'), 'secret-pw');
      expect(
        (await client.request({ method: 'PUT', url: '/api/me/email', payload: { email: 'local@example.org', password: 'secret-pw' } }))
          .statusCode,
      ).toBe(200);
      expect(existsSync(file)).toBe(true);
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, string>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ to: 'local@example.org', subject: 'Confirm your e-mail address for ShareNearby' });
      expect(lines[0]!.from).toBe('ShareNearby <no-reply@localhost>');
      expect(lines[0]!.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}/);
      expect(lines[0]!.html).toContain('<!doctype html>');
    } finally {
      await local.close();
    }
  }, 60_000);
});
