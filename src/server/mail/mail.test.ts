import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { queryRows } from '../db/client.js';
import { createMailSender } from '../plugins/mail.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp.js';
import { composeMail, MAIL_MSG } from './compose.js';
import { signUnsubscribeToken, unsubscribeLinks, unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe.js';

describe('unsubscribe tokens', () => {
  const secret = randomBytes(32).toString('base64url');

  it('carry the user and the topic, and verify only as they were signed', () => {
    const token = signUnsubscribeToken(secret, 42, 'messages');
    expect(token).toMatch(/^42\.messages\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId: 42, topic: 'messages' });
    const signature = token.split('.')[2]!;
    for (const forged of [
      `43.messages.${signature}`, // another user
      `42.item-requests.${signature}`, // another topic
      `42.messages.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, // altered signature
      signUnsubscribeToken(randomBytes(32).toString('base64url'), 42, 'messages'), // another secret
      '',
      '42.messages',
      `0.messages.${signature}`,
      `42.Messages.${signature}`,
      `${token}.`,
    ]) {
      expect(verifyUnsubscribeToken(secret, forged)).toBeUndefined();
    }
  });

  it('are refused for parts that could not be read back', () => {
    expect(() => signUnsubscribeToken(secret, 0, 'messages')).toThrow();
    expect(() => signUnsubscribeToken(secret, 1, 'has.dot')).toThrow();
    expect(() => signUnsubscribeToken(secret, 1, '')).toThrow();
  });
});

describe('mail as it arrives at an SMTP server', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  const unsubscribed: { topic: string; userId: number }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://share.example.org' });
    // A topic registered the way a feature that sends optional mail registers its own.
    t.app.unsubscribeTopics.set('test-news', (_db, userId) => {
      unsubscribed.push({ topic: 'test-news', userId });
      return Promise.resolve();
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a notification carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), and the unsubscribe page in its footer', async () => {
    const links = await unsubscribeLinks(t.app.db, 'https://share.example.org', 7, 'test-news');
    const mail = composeMail({
      to: 'reader@example.org',
      language: 'en',
      site: 'https://share.example.org',
      subject: MAIL_MSG.changedSubject,
      paragraphs: [MAIL_MSG.changedBody],
      values: { username: '<b>Ann & "Bo"</b>' },
      unsubscribe: links,
    });
    await t.app.mail.send(mail);
    const got = await smtp.waitFor((m) => m.to.includes('reader@example.org'));
    expect(links.oneClickUrl).toMatch(/^https:\/\/share\.example\.org\/api\/unsubscribe\?token=7\.test-news\.[A-Za-z0-9_-]{43}$/);
    expect(got.headers['list-unsubscribe']).toBe(`<${links.oneClickUrl}>`);
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(got.text).toContain(`Unsubscribe from these e-mails: ${links.pageUrl}`);
    expect(got.text).toContain('You get this e-mail because of your account at ShareNearby, https://share.example.org.');
    expect(got.text).toContain('account <b>Ann & "Bo"</b> was just changed');
    // The HTML part says the same, with every value escaped.
    expect(got.html).toContain(`href="${links.pageUrl}"`);
    expect(got.html).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;');
    expect(got.html).not.toContain('<b>Ann');
  });

  it('one-click: a form POST with the token in the query, no cookie and no CSRF token, unsubscribes', async () => {
    const client = new TestClient(t.app);
    const user = await client.register(uniqueName('unsub'));
    const { oneClickUrl } = await unsubscribeLinks(t.app.db, 'https://share.example.org', user.id, 'test-news');
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(oneClickUrl).pathname + new URL(oneClickUrl).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You will get no more of these e-mails' });
    expect(unsubscribed).toContainEqual({ topic: 'test-news', userId: user.id });
  });

  it('the unsubscribe page sends the token as JSON; forged, unknown-topic and missing tokens get 400 and stop nothing', async () => {
    const secret = await unsubscribeSecret(t.app.db);
    const stored = await queryRows<{ value: string }>(t.app.db, sql`SELECT value FROM app_secrets WHERE name = 'unsubscribe'`);
    expect(stored).toEqual([{ value: secret }]);
    const before = unsubscribed.length;
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: payload as object });
    expect((await post({ token: signUnsubscribeToken(secret, 99, 'test-news') })).statusCode).toBe(200);
    expect(unsubscribed.length).toBe(before + 1);
    for (const token of [
      signUnsubscribeToken(randomBytes(32).toString('base64url'), 99, 'test-news'),
      signUnsubscribeToken(secret, 99, 'no-such-topic'),
      'garbage',
      'x'.repeat(500),
    ]) {
      const res = await post({ token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'This unsubscribe link is not valid' });
    }
    expect((await post({})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe' })).statusCode).toBe(400);
    expect(unsubscribed.length).toBe(before + 1);
  });
});

describe('without SMTP_URL', () => {
  it('production warns at start that mails are not delivered', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { log } = Fastify({ logger: { level: 'info', stream } });
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://share.example.org',
      ADMIN_USERNAME: 'site_admin',
      ADMIN_PASSWORD: 'a-long-admin-password-1',
    });
    createMailSender(production, log);
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringContaining('SMTP_URL is not set') }),
    );
    expect(production.mail.from).toBe('ShareNearby <no-reply@share.example.org>');
    lines.length = 0;
    createMailSender({ ...production, mail: { ...production.mail, smtpUrl: 'smtp://127.0.0.1:2525' } }, log).close();
    expect(lines).toEqual([]);
  });
});
