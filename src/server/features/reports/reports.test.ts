import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { PEOPLE_MSG } from '#shared/people.js';
import { type AdminReport, REPORT_DETAILS_MAX, REPORT_MSG, type Report, REPORTS_PER_HOUR } from '#shared/reports.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let owner: TestClient; // owns the reported items
let reporter: TestClient; // reports them
let other: TestClient; // another signed-in person
let admin: TestClient;
let visitor: TestClient;
type Person = { id: number; username: string };
const person = ({ id, username }: Person): Person => ({ id, username });
const ids: Record<'owner' | 'reporter' | 'other' | 'admin', Person> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'reports_admin', ADMIN_PASSWORD: 'admin-password' });
  owner = new TestClient(t.app);
  reporter = new TestClient(t.app);
  other = new TestClient(t.app);
  admin = new TestClient(t.app);
  visitor = new TestClient(t.app);
  for (const [key, client] of [
    ['owner', owner],
    ['reporter', reporter],
    ['other', other],
  ] as const) {
    ids[key] = person(await client.register(uniqueName(key)));
  }
  ids.admin = person(await admin.login('reports_admin', 'admin-password'));
});
afterAll(async () => {
  await t?.close();
});

let shade = 0;
/** Posts an item with an image of its own (so deleting the item deletes its files). */
async function postItem(client: TestClient, title = 'A sturdy oak chair'): Promise<{ id: number; imageUrl: string }> {
  const upload = await client.upload([
    { data: await jpegWithGps(320, 240, { r: (++shade * 53) % 256, g: (shade * 29) % 256, b: (shade * 97) % 256 }) },
  ]);
  const imageUrl = upload.json<{ imageUrl: string }>().imageUrl;
  const res = await client.post('/api/items', {
    title,
    description: 'Solid oak, a little scuffed, collect any evening.',
    imageUrl,
    latitude: 40.7128,
    longitude: -74.006,
  });
  if (res.statusCode !== 201) throw new Error(`post item: ${res.statusCode} ${res.body}`);
  return { id: res.json<{ id: number }>().id, imageUrl };
}

/** A new signed-in person: the input tests would otherwise use up one person's hourly reports. */
async function freshReporter(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.register(uniqueName('fresh'));
  return client;
}

const stored = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from reports`))[0]!.n;
// A bare string would go as text (415): send every body as JSON.
const asJson = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const report = (client: TestClient, body: unknown) => client.request({ method: 'POST', url: '/api/reports', ...asJson(body) });
async function reportOk(client: TestClient, body: Record<string, unknown>): Promise<Report> {
  const res = await report(client, { reason: 'spam', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const resolve = (client: TestClient, id: number | string, payload: unknown) =>
  client.request({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, ...asJson(payload) });
async function adminList(status?: string): Promise<AdminReport[]> {
  const res = await admin.get(`/api/admin/reports${status ? `?status=${status}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const listed = async (id: number, status?: string) => (await adminList(status)).find((r) => r.id === id);
const uploadsFile = (imageUrl: string) => path.join(t.config.dataDir, 'uploads', imageUrl.replace('/uploads/', ''));

describe('who may call the reports API', () => {
  it('POST /api/reports answers 401 to a visitor, whatever the body, and stores nothing', async () => {
    const item = await postItem(owner);
    const before = await stored();
    for (const body of [
      { itemId: item.id, reason: 'spam' },
      { username: ids.owner.username, reason: 'scam' },
      { itemId: 'x' },
      ['nonsense'],
    ]) {
      const res = await report(visitor, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: en(MSG.notSignedIn) });
    }
    expect(await stored()).toBe(before);
  });

  it.each([
    ['GET', '/api/admin/reports?status=bogus'],
    ['POST', '/api/admin/reports/1/resolve'],
    ['POST', '/api/admin/reports/abc/resolve'],
  ] as const)('%s %s: 401 for a visitor, 403 for users (even the owner of what was reported)', async (method, url) => {
    const payload = method === 'POST' ? { action: 'delete_user', reason: 'Against the rules' } : undefined;
    const asVisitor = await visitor.request({ method, url, ...(payload ? { payload } : {}) });
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.json()).toEqual({ message: en(MSG.notSignedIn) });
    for (const client of [reporter, owner]) {
      const res = await client.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: en(MSG.adminOnly) });
    }
  });

  it('a write without the CSRF token is refused', async () => {
    const item = await postItem(owner);
    const before = await stored();
    const res = await reporter.post('/api/reports', { itemId: item.id, reason: 'spam' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: en(MSG.invalidCsrf), code: 'invalid_csrf' });
    expect(await stored()).toBe(before);
  });
});

describe('POST /api/reports', () => {
  it('reports an item: 201 with the report; the same report again changes nothing and answers 200', async () => {
    const item = await postItem(owner, 'Suspicious bargain watch');
    const before = await stored();
    const res = await report(reporter, { itemId: item.id, reason: 'scam', details: '  Asks for payment up front.  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<Report>();
    expect(created).toEqual({
      id: expect.any(Number),
      targetType: 'item',
      subject: 'Suspicious bargain watch',
      reason: 'scam',
      status: 'open',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const again = await report(reporter, { itemId: item.id, reason: 'offensive', details: 'Changed my mind about the reason' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created);
    expect(await stored()).toBe(before + 1);
    const [row] = await queryRows<{ reason: string; details: string; reporter_id: number; reported_user_id: number | null }>(
      t.app.db,
      sql`select reason, details, reporter_id, reported_user_id from reports where id = ${created.id}`,
    );
    expect(row).toEqual({ reason: 'scam', details: 'Asks for payment up front.', reporter_id: ids.reporter.id, reported_user_id: null });
    // Someone else reporting the same item is a report of its own; so is one by an admin.
    expect((await reportOk(other, { itemId: item.id })).id).not.toBe(created.id);
    expect((await reportOk(admin, { itemId: item.id })).id).not.toBe(created.id);
  });

  it('reports a user by name in any letter case, with the name as it is stored', async () => {
    const res = await report(reporter, { username: ` ${ids.owner.username.toUpperCase()} `, reason: 'offensive' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ targetType: 'user', subject: ids.owner.username, reason: 'offensive', status: 'open' });
    expect((await report(reporter, { username: ids.owner.username, reason: 'spam' })).statusCode).toBe(200);
  });

  it('keeps hostile text as written', async () => {
    const item = await postItem(owner);
    const details = "'); delete from reports; -- <img src=x onerror=alert(1)>";
    const created = await reportOk(reporter, { itemId: item.id, reason: 'other', details });
    expect((await listed(created.id))?.details).toBe(details);
  });

  it('refuses one’s own item and oneself with 400, unknown things with 404, and stores nothing', async () => {
    const item = await postItem(owner);
    const hidden = new TestClient(t.app);
    const hiddenName = uniqueName('hidden');
    expect((await hidden.post('/api/register', { username: hiddenName, password: 'secret-pw', isVisible: false })).statusCode).toBe(201);
    const before = await stored();
    const cases: [TestClient, unknown, number, string][] = [
      [owner, { itemId: item.id, reason: 'spam' }, 400, en(REPORT_MSG.ownItem)],
      [reporter, { username: ids.reporter.username.toUpperCase(), reason: 'spam' }, 400, en(REPORT_MSG.self)],
      [admin, { username: ids.admin.username, reason: 'spam' }, 400, en(REPORT_MSG.self)],
      [hidden, { username: hiddenName, reason: 'spam' }, 400, en(REPORT_MSG.self)],
      [reporter, { itemId: 999_999, reason: 'spam' }, 404, en(REPORT_MSG.itemNotFound)],
      [reporter, { username: 'nobody_by_this_name', reason: 'spam' }, 404, en(REPORT_MSG.userNotFound)],
      // A hidden profile does not exist for other users, as on its profile page.
      [reporter, { username: hiddenName, reason: 'spam' }, 404, en(REPORT_MSG.userNotFound)],
    ];
    for (const [client, body, status, message] of cases) {
      const res = await report(client, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect(await stored()).toBe(before);
    // The admins see hidden profiles, and may report them.
    expect((await report(admin, { username: hiddenName, reason: 'spam' })).statusCode).toBe(201);
  });

  it.each([
    [{}, en(REPORT_MSG.reasonRequired)],
    [{ itemId: 1 }, en(REPORT_MSG.reasonRequired)],
    [{ itemId: 1, reason: 'rude' }, en(REPORT_MSG.reasonRequired)],
    [{ itemId: 1, reason: ['spam'] }, en(REPORT_MSG.reasonRequired)],
    [{ reason: 'spam' }, en(REPORT_MSG.oneTarget)],
    [{ itemId: 1, username: 'someone', reason: 'spam' }, en(REPORT_MSG.oneTarget)],
    [{ itemId: '1', reason: 'spam' }, en(REPORT_MSG.itemId)],
    [{ itemId: 1.5, reason: 'spam' }, en(REPORT_MSG.itemId)],
    [{ itemId: 0, reason: 'spam' }, en(REPORT_MSG.itemId)],
    [{ itemId: -3, reason: 'spam' }, en(REPORT_MSG.itemId)],
    [{ itemId: null, reason: 'spam' }, en(REPORT_MSG.itemId)],
    [{ itemId: 1e15, reason: 'spam' }, en(REPORT_MSG.itemNotFound)],
    [{ username: 42, reason: 'spam' }, en(REPORT_MSG.userNotFound)],
    [{ username: '   ', reason: 'spam' }, en(REPORT_MSG.userNotFound)],
    [{ username: 'x'.repeat(10_000), reason: 'spam' }, en(REPORT_MSG.userNotFound)],
    [{ itemId: 1, reason: 'other' }, en(REPORT_MSG.detailsRequired)],
    [{ itemId: 1, reason: 'other', details: '   too short         ' }, en(REPORT_MSG.detailsRequired)],
    [{ itemId: 1, reason: 'spam', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }, en(REPORT_MSG.detailsMax)],
    [{ itemId: 1, reason: 'spam', details: 12345 }, en(REPORT_MSG.detailsText)],
    [{ itemId: 1, reason: 'spam', details: null }, en(REPORT_MSG.detailsText)],
    [{ itemId: 1, reason: 'spam', status: 'dismissed' }, /^(Unrecognized key: "status"|The request body must be a JSON object)$/],
    [{ itemId: 1, reason: 'spam', reporterId: 1 }, /^(Unrecognized key: "reporterId"|The request body must be a JSON object)$/],
    ['spam', 'The request body must be a JSON object'],
    [[{ itemId: 1, reason: 'spam' }], 'The request body must be a JSON object'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const item = await postItem(owner);
    const before = await stored();
    // Point at a real item, so only the input's own fault can answer.
    const payload =
      body && typeof body === 'object' && !Array.isArray(body) && (body as { itemId?: unknown }).itemId === 1
        ? { ...body, itemId: item.id }
        : body;
    const res = await report(await freshReporter(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message,
    );
    expect(await stored()).toBe(before);
  });

  it('refuses a huge body and a body that is not JSON with a 4xx message', async () => {
    const client = await freshReporter();
    const before = await stored();
    const huge = await report(client, { itemId: 1, reason: 'spam', details: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });
    const broken = await client.request({
      method: 'POST',
      url: '/api/reports',
      payload: '{"itemId": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: expect.any(String) });
    expect(await stored()).toBe(before);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per person, then 429; others are not affected`, async () => {
    const flooder = await freshReporter();
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report(flooder, { username: ids.owner.username, reason: 'spam' })).statusCode).toBeLessThan(300);
    }
    const limited = await report(flooder, { username: ids.owner.username, reason: 'spam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)}`));
    expect((await report(other, { username: ids.owner.username, reason: 'spam' })).statusCode).toBeLessThan(300);
  });
});

describe('GET /api/admin/reports', () => {
  it('lists open reports newest first, with the reporter, the item and its owner, and the open count', async () => {
    const item = await postItem(owner, 'Chair with a loose leg');
    const first = await reportOk(reporter, { itemId: item.id, reason: 'unsafe', details: 'The leg falls off.' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await reportOk(other, { itemId: item.id, reason: 'spam' });
    const list = await adminList();
    expect(list.every((r) => r.status === 'open')).toBe(true);
    const positions = [second.id, first.id].map((id) => list.findIndex((r) => r.id === id));
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions[0]).toBeLessThan(positions[1]!);
    expect(list.find((r) => r.id === first.id)).toEqual({
      id: first.id,
      targetType: 'item',
      subject: 'Chair with a loose leg',
      reason: 'unsafe',
      details: 'The leg falls off.',
      status: 'open',
      createdAt: first.createdAt,
      resolvedAt: null,
      reporter: ids.reporter,
      item: { id: item.id, title: 'Chair with a loose leg', status: 'available' },
      user: ids.owner,
      resolvedBy: null,
      openReports: 2,
    });
  });

  it('shows a user report with the reported user', async () => {
    const target = new TestClient(t.app);
    const rude = person(await target.register(uniqueName('rude')));
    const created = await reportOk(reporter, { username: rude.username, reason: 'offensive' });
    expect(await listed(created.id)).toMatchObject({ targetType: 'user', subject: rude.username, item: null, user: rude, openReports: 1 });
  });

  it('filters by status and refuses an unknown one', async () => {
    expect((await adminList('dismissed')).every((r) => r.status === 'dismissed')).toBe(true);
    expect((await adminList('actioned')).every((r) => r.status === 'actioned')).toBe(true);
    for (const bad of ['closed', '', 'open&status=dismissed']) {
      const res = await admin.get(`/api/admin/reports?status=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: en(REPORT_MSG.status) });
    }
  });
});

describe('POST /api/admin/reports/:id/resolve', () => {
  it('dismiss: closes only this report; a second decision is refused; the reporter may report again', async () => {
    const item = await postItem(owner);
    const mine = await reportOk(reporter, { itemId: item.id });
    const theirs = await reportOk(other, { itemId: item.id });
    const res = await resolve(admin, mine.id, { action: 'dismiss' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: mine.id,
      status: 'dismissed',
      resolvedAt: expect.any(String),
      resolvedBy: ids.admin,
      openReports: 1,
    });
    expect(await listed(mine.id)).toBeUndefined();
    expect(await listed(mine.id, 'dismissed')).toMatchObject({ status: 'dismissed' });
    expect((await listed(theirs.id))?.status).toBe('open');
    for (const action of ['dismiss', 'delete_item', 'delete_user']) {
      const again = await resolve(admin, mine.id, { action, reason: 'Against the rules' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: en(REPORT_MSG.alreadyResolved) });
    }
    expect((await owner.get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await report(reporter, { itemId: item.id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('refuses bad input with 400 (404 for an unknown report) and changes nothing', async () => {
    const item = await postItem(owner);
    const open = await reportOk(reporter, { itemId: item.id });
    const cases: [string | number, unknown, number, string | RegExp][] = [
      [open.id, {}, 400, en(REPORT_MSG.action)],
      [open.id, { action: 'delete' }, 400, en(REPORT_MSG.action)],
      [open.id, { action: ['dismiss'] }, 400, en(REPORT_MSG.action)],
      [open.id, { action: 'dismiss', status: 'open' }, 400, /^(Unrecognized key: "status"|The request body must be a JSON object)$/],
      [open.id, 'dismiss', 400, 'The request body must be a JSON object'],
      ['abc', { action: 'dismiss' }, 400, 'Report id must be a whole number'],
      ['0', { action: 'dismiss' }, 400, 'Report id must be a whole number'],
      ['12345678901', { action: 'dismiss' }, 400, 'Report id must be a whole number'],
      [999_999, { action: 'dismiss' }, 404, en(REPORT_MSG.notFound)],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await resolve(admin, id, body);
      expect(res.statusCode, `${id} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await listed(open.id)).toMatchObject({ status: 'open', resolvedAt: null });
  });

  it('delete_item: deletes the item and its image, and closes every open report of it as actioned', async () => {
    const item = await postItem(owner, 'Counterfeit handbag');
    const a = await reportOk(reporter, { itemId: item.id, reason: 'scam' });
    const b = await reportOk(other, { itemId: item.id, reason: 'spam' });
    const aboutOwner = (await report(reporter, { username: ids.owner.username, reason: 'scam' })).json<Report>();
    expect(existsSync(uploadsFile(item.imageUrl))).toBe(true);
    const res = await resolve(admin, a.id, { action: 'delete_item', reason: 'Against the rules' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, status: 'actioned', subject: 'Counterfeit handbag', item: null, resolvedBy: ids.admin });
    const gone = await visitor.get(`/api/items/${item.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Item not found' });
    expect(existsSync(uploadsFile(item.imageUrl))).toBe(false);
    const actioned = await adminList('actioned');
    for (const id of [a.id, b.id]) expect(actioned.find((r) => r.id === id)).toMatchObject({ status: 'actioned', item: null });
    // The owner is still there, and so are the reports about them as a person.
    expect((await visitor.get(`/api/users/profile/${ids.owner.username}`)).statusCode).toBe(200);
    expect((await listed(aboutOwner.id))?.status).toBe('open');
  });

  it('delete_item on a user report is refused; on an item already gone it is 404', async () => {
    const target = new TestClient(t.app);
    const targetUser = await target.register(uniqueName('target'));
    const aboutUser = await reportOk(reporter, { username: targetUser.username });
    const refused = await resolve(admin, aboutUser.id, { action: 'delete_item', reason: 'Against the rules' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: en(REPORT_MSG.notAnItemReport) });
    expect((await listed(aboutUser.id))?.status).toBe('open');

    const item = await postItem(target, 'Removed by its owner');
    const aboutItem = await reportOk(reporter, { itemId: item.id });
    expect((await target.request({ method: 'DELETE', url: `/api/items/${item.id}` })).statusCode).toBe(204);
    expect(await listed(aboutItem.id)).toMatchObject({ subject: 'Removed by its owner', item: null, user: null, openReports: 1 });
    const missing = await resolve(admin, aboutItem.id, { action: 'delete_item', reason: 'Against the rules' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: en(REPORT_MSG.itemNotFound) });
    const noOwner = await resolve(admin, aboutItem.id, { action: 'delete_user', reason: 'Against the rules' });
    expect(noOwner.statusCode).toBe(404);
    expect(noOwner.json()).toEqual({ message: en(REPORT_MSG.ownerUnknown) });
    expect((await resolve(admin, aboutItem.id, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it('delete_user on an item report deletes the owner and closes the reports of them and of their items', async () => {
    const bad = new TestClient(t.app);
    const badUser = person(await bad.register(uniqueName('scammer'), 'scam-password'));
    const item = await postItem(bad, 'Too good to be true');
    const otherItem = await postItem(bad, 'Another fake');
    const r1 = await reportOk(reporter, { itemId: item.id, reason: 'scam' });
    const r2 = await reportOk(other, { itemId: otherItem.id, reason: 'scam' });
    const r3 = await reportOk(other, { username: badUser.username, reason: 'scam' });
    const unrelated = (await report(other, { username: ids.owner.username, reason: 'spam' })).json<Report>();
    expect(await listed(r1.id)).toMatchObject({ user: badUser });

    const res = await resolve(admin, r1.id, { action: 'delete_user', reason: 'Against the rules' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: r1.id, status: 'actioned', item: null, user: null, subject: 'Too good to be true' });
    const actioned = await adminList('actioned');
    for (const id of [r1.id, r2.id, r3.id]) expect(actioned.find((r) => r.id === id)?.status).toBe('actioned');
    expect((await listed(unrelated.id))?.status).toBe('open');
    expect((await visitor.get(`/api/users/profile/${badUser.username}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/items/${otherItem.id}`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).post('/api/login', { username: badUser.username, password: 'scam-password' })).statusCode).toBe(
      401,
    );
    // Their session is gone too.
    expect((await bad.get('/api/user')).statusCode).toBe(401);
  });

  it('delete_user on a user report deletes that user; an admin cannot be deleted and the report stays open', async () => {
    const target = new TestClient(t.app);
    const spammer = await target.register(uniqueName('spammer'));
    const aboutSpammer = await reportOk(reporter, { username: spammer.username, reason: 'spam' });
    const res = await resolve(admin, aboutSpammer.id, { action: 'delete_user', reason: 'Against the rules' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'actioned', user: null, subject: spammer.username });
    expect((await visitor.get(`/api/users/profile/${spammer.username}`)).statusCode).toBe(404);

    const otherAdmin = await new TestClient(t.app).register(uniqueName('admin'));
    await t.app.db.execute(sql`update users set is_admin = true where id = ${otherAdmin.id}`);
    const aboutAdmin = await reportOk(reporter, { username: otherAdmin.username, reason: 'offensive' });
    const refused = await resolve(admin, aboutAdmin.id, { action: 'delete_user', reason: 'Against the rules' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: en(PEOPLE_MSG.adminNotDeletable) });
    expect((await listed(aboutAdmin.id))?.status).toBe('open');
  });

  it('keeps a report readable after its reporter is gone', async () => {
    const item = await postItem(owner);
    const leaving = new TestClient(t.app);
    await leaving.register(uniqueName('leaver'), 'leave-password');
    const created = await reportOk(leaving, { itemId: item.id, reason: 'offensive' });
    expect((await leaving.request({ method: 'DELETE', url: '/api/me', payload: { password: 'leave-password' } })).statusCode).toBe(204);
    expect(await listed(created.id)).toMatchObject({ reporter: null, status: 'open' });
  });
});

describe('GET /api/me/export', () => {
  it('includes what I reported, not what others reported about me', async () => {
    const item = await postItem(owner, 'Exported subject');
    await reportOk(reporter, { itemId: item.id, reason: 'other', details: 'Listed twice under two names.' });
    const mine = (await reporter.get('/api/me/export')).json<{ reports: Record<string, unknown>[] }>().reports;
    expect(mine).toContainEqual(
      expect.objectContaining({
        target_type: 'item',
        subject: 'Exported subject',
        reason: 'other',
        details: 'Listed twice under two names.',
        status: 'open',
        created_at: expect.anything(),
      }),
    );
    const theirs = (await owner.get('/api/me/export')).json<{ reports: Record<string, unknown>[] }>().reports;
    expect(theirs.some((r) => r.subject === 'Exported subject')).toBe(false);
  });
});
