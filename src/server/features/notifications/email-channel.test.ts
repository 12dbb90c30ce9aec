import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp.js';
import { emailChannel } from './email-channel.js';
import { enqueue } from './outbox.js';
import { NotificationWorker } from './worker.js';

const SITE = 'https://share.example.org';
let smtp: SmtpCatcher;
let t: TestApp;
let owner: TestClient;
let bob: TestClient;
const ids = { owner: 0, bob: 0 };
let bobName = '';
let ownerMail = '';
let itemSeq = 0;

const run = () => t.app.notifications.runOnce();
const db = () => t.app.db;
const verify = (id: number, address: string) =>
  db().execute(sql`UPDATE users SET email = ${address}, is_email_verified = true WHERE id = ${id}`);
/** Moves every waiting e-mail delivery (and the time of the mails sent) `minutes` into the past: time passes. */
const pass = async (minutes: number) => {
  await db().execute(sql`UPDATE notification_deliveries SET next_attempt_at = next_attempt_at - make_interval(mins => ${minutes}),
                          created_at = created_at - make_interval(mins => ${minutes}), updated_at = updated_at - make_interval(mins => ${minutes})`);
};
const deliveries = (userId: number) =>
  queryRows<{ status: string; attempts: number; type: string }>(
    db(),
    sql`SELECT status, attempts, type FROM notification_deliveries WHERE user_id = ${userId} AND channel = 'email' ORDER BY id`,
  );

async function postItem(title: string): Promise<number> {
  const imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
  const res = await owner.post('/api/items', {
    title,
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl,
    latitude: 40.7128,
    longitude: -74.006,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
async function ask(itemId: number): Promise<number> {
  const res = await bob.post(`/api/items/${itemId}/messages`, { body: 'Could I have it, please?' });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await queryRows<{ id: number }>(db(), sql`SELECT id FROM conversations WHERE item_id = ${itemId}`);
  return row!.id;
}
const bobMessage = async (conversationId: number) =>
  expect((await bob.post(`/api/conversations/${conversationId}/messages`, { body: 'Still there?' })).statusCode).toBe(201);
const mailsTo = (address: string) => smtp.to(address).length;
/** What a mail program does with the mail's List-Unsubscribe header (RFC 8058): a POST with no cookie and no CSRF token. */
async function oneClickUnsubscribe(mail: { headers: Record<string, string | undefined> }) {
  const oneClick = /<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: oneClick.slice(SITE.length),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(res.statusCode, res.body).toBe(200);
}
const preferences = async () =>
  (await owner.get('/api/me/notification-preferences')).json<{ preferences: Record<string, Record<string, string>> }>();

beforeAll(async () => {
  smtp = await startSmtpCatcher({ closeTimeoutMs: 100 });
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, NOTIFICATION_MAX_ATTEMPTS: '3', MESSAGE_RATE_LIMIT_MAX: '1000' });
  await t.app.notifications.stop(); // the tests run the rounds themselves
  owner = new TestClient(t.app);
  bob = new TestClient(t.app);
  ids.owner = (await owner.register(uniqueName('owner'))).id;
  ({ id: ids.bob, username: bobName } = await bob.register(uniqueName('bob')));
  ownerMail = `owner${ids.owner}@example.org`;
  await verify(ids.owner, ownerMail);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the e-mail channel', () => {
  it('mails a question when its window has passed, with both parts, the link and one-click unsubscribe; the unsubscribe turns that type off', async () => {
    const item = await postItem(`Oak table ${++itemSeq}`);
    const conversation = await ask(item);
    const first = mailsTo(ownerMail);
    await run();
    expect(mailsTo(ownerMail)).toBe(first); // the window: more may follow
    await pass(6);
    await run();
    const mail = await smtp.waitFor((m) => m.to.includes(ownerMail) && m.subject.includes(`Oak table ${itemSeq}`));
    expect(mail.subject).toContain('asked about your');
    expect(mail.text).toContain(`${SITE}/messages/${conversation}`);
    expect(mail.html).toContain(`href="${SITE}/messages/${conversation}"`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(/<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]).toContain(`${SITE}/api/unsubscribe?token=`);
    await oneClickUnsubscribe(mail);
    const prefs = await preferences();
    expect(prefs.preferences.item_asked!.email).toBe('off');
    expect(prefs.preferences.message!.email).toBe('instant');

    const before = mailsTo(ownerMail);
    await ask(await postItem(`Oak chair ${++itemSeq}`));
    await run();
    await pass(6);
    await run();
    expect(mailsTo(ownerMail)).toBe(before);
  });

  it('sends ten messages in five minutes as one mail, in Spanish for a Spanish reader; news after it starts a window of its own', async () => {
    await db().execute(sql`UPDATE users SET language = 'es' WHERE id = ${ids.owner}`);
    const item = await postItem(`Lamp ${++itemSeq}`);
    const conversation = await ask(item); // item_asked: off since the test above
    const before = mailsTo(ownerMail);
    for (let i = 0; i < 5; i++) await bobMessage(conversation);
    await run();
    await pass(2);
    for (let i = 0; i < 5; i++) await bobMessage(conversation);
    await run();
    await pass(2);
    await run();
    expect(mailsTo(ownerMail)).toBe(before); // still in the window of the first
    await pass(2);
    await run();
    const mail = await smtp.waitFor((m) => m.to.includes(ownerMail) && m.subject.startsWith('10 mensajes nuevos'));
    expect(mail.text).toContain(`${SITE}/messages/${conversation}`);
    await run();
    expect(mailsTo(ownerMail)).toBe(before + 1);
    // One more message: it waits for a window of its own, then goes alone.
    await bobMessage(conversation);
    await run();
    expect(mailsTo(ownerMail)).toBe(before + 1);
    await pass(6);
    await run();
    await smtp.waitFor((m) => m.to.includes(ownerMail) && m.subject.includes(`Lamp ${itemSeq}`) && !m.subject.startsWith('10 '));
    expect(mailsTo(ownerMail)).toBe(before + 2);
    expect((await deliveries(ids.owner)).filter((d) => d.status === 'pending')).toEqual([]);
    await db().execute(sql`UPDATE users SET language = NULL WHERE id = ${ids.owner}`);
  });

  it('drops news held for a coalesced mail when a block comes in between', async () => {
    const conversation = await ask(await postItem(`Shelf ${++itemSeq}`));
    const count = mailsTo(ownerMail);
    await bobMessage(conversation);
    await run();
    for (let i = 0; i < 2; i++) await bobMessage(conversation);
    await run();
    expect((await owner.post('/api/blocks', { username: bobName })).statusCode).toBe(201);
    await pass(6);
    await run();
    expect(mailsTo(ownerMail)).toBe(count);
    expect((await deliveries(ids.owner)).filter((d) => d.status === 'pending')).toEqual([]);
    expect((await deliveries(ids.owner)).filter((d) => d.status === 'dropped')).toHaveLength(3);
    await db().execute(sql`DELETE FROM user_blocks WHERE blocker_id = ${ids.owner}`);
  });

  it('two workers (separate connections on PostgreSQL) taking a coalesced burst mail each message exactly once', async () => {
    const conversation = await ask(await postItem(`Desk ${++itemSeq}`));
    const before = smtp.to(ownerMail).length;
    for (let i = 0; i < 12; i++) await bobMessage(conversation);
    await run(); // all wait for the window
    await pass(6);
    const second: Database | undefined = t.config.databaseUrl
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, pgliteDir: '' })
      : undefined;
    const { digestHours, emailWindowMs } = t.config.notifications;
    const workers = [t.app.db, second?.db ?? t.app.db].map((workerDb) => {
      const w = new NotificationWorker(workerDb, { intervalMs: 60_000, maxAttempts: 3, batchSize: 5 });
      w.registerChannel(emailChannel({ db: workerDb, mail: t.app.mail, site: SITE, digestHours, windowMs: emailWindowMs }));
      return w;
    });
    try {
      await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
    } finally {
      await second?.close();
    }
    const toldSoFar = () =>
      smtp
        .to(ownerMail)
        .slice(before)
        .filter((m) => m.subject.includes(`Desk ${itemSeq}`))
        .map((m) => Number(/^(\d+) new messages/.exec(m.subject)?.[1] ?? 1))
        .reduce((a, b) => a + b, 0);
    // The catcher parses what it accepted on its own time: wait for it (a busy machine is slow).
    for (let waited = 0; toldSoFar() < 12 && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    // Every message told once: the counts of the mails add up to the twelve.
    expect(toldSoFar()).toBe(12);
    expect((await deliveries(ids.owner)).filter((d) => d.status === 'pending')).toEqual([]);
  });

  it('holds daily news for one digest, whose unsubscribe turns off every kind it carries', async () => {
    const items = [await postItem(`Bike ${++itemSeq}`), await postItem(`Bike ${++itemSeq}`)];
    const put = await owner.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { preferences: { support_update: { email: 'daily' } } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const support = (await owner.post('/api/support-requests', { type: 'other', description: 'Where do I change my name?' })).json<{
      id: number;
    }>().id;
    await t.app.db.transaction((tx) =>
      enqueue(tx, [
        ...items.map((itemId) => ({ type: 'alert_matched' as const, recipientId: ids.owner, itemId })),
        { type: 'support_update' as const, recipientId: ids.owner, supportRequestId: support },
      ]),
    );
    const before = mailsTo(ownerMail);
    await run();
    await pass(60 * 23);
    await run();
    expect(mailsTo(ownerMail)).toBe(before);
    await pass(61);
    await run();
    const digest = await smtp.waitFor((m) => m.to.includes(ownerMail) && m.subject.includes('3 pieces of news'));
    for (const itemId of items) expect(digest.text).toContain(`${SITE}/items/${itemId}`);
    expect(digest.text).toContain(`${SITE}/help`);
    expect(digest.html).toContain(`Bike ${itemSeq}`);
    await run();
    expect(mailsTo(ownerMail)).toBe(before + 1);

    await oneClickUnsubscribe(digest);
    const prefs = await preferences();
    expect(prefs.preferences.alert_matched!.email).toBe('off');
    expect(prefs.preferences.support_update!.email).toBe('off');
    expect(prefs.preferences.message!.email).toBe('instant');
  });

  it('sends nothing, and does not retry, without a verified address', async () => {
    const bobItem = (await bob.upload([{ data: await jpegWithGps() }])).json().imageUrl;
    const res = await bob.post('/api/items', {
      title: 'Kettle',
      description: 'Works fine, a little limescale.',
      imageUrl: bobItem,
      latitude: 40.7,
      longitude: -74,
    });
    expect(res.statusCode, res.body).toBe(201);
    const count = smtp.mails.length;
    expect((await owner.post(`/api/items/${res.json<{ id: number }>().id}/messages`, { body: 'Is it free?' })).statusCode).toBe(201);
    await run();
    await run();
    expect(smtp.mails.length).toBe(count);
    expect(await deliveries(ids.bob)).toEqual([expect.objectContaining({ status: 'dropped', attempts: 1 })]);
  });

  it('retries while the SMTP server is down and delivers once when it is back', async () => {
    const port = smtp.port;
    const item = await postItem(`Rug ${++itemSeq}`);
    const conversation = await ask(item);
    await smtp.close();
    await bobMessage(conversation);
    await run();
    await pass(6); // its window
    await run();
    const [failed] = (await deliveries(ids.owner)).filter((d) => d.status === 'pending');
    expect(failed).toEqual(expect.objectContaining({ attempts: 1 }));
    const old = smtp;
    smtp = await startSmtpCatcher({ port, closeTimeoutMs: 100 });
    await pass(10);
    await run();
    await smtp.waitFor((m) => m.to.includes(ownerMail) && m.subject.includes(`Rug ${itemSeq}`));
    await pass(10);
    await run();
    expect(smtp.to(ownerMail)).toHaveLength(1);
    expect(old.to(ownerMail).some((m) => m.subject.includes(`Rug ${itemSeq}`))).toBe(false);
  });
});
