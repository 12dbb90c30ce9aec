import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { PEOPLE_MSG, SUPPORT_DESCRIPTION_MAX } from '#shared/people.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let user: TestClient;
let other: TestClient;
let admin: TestClient;
let visitor: TestClient;
let me: { id: number; username: string };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'support_admin', ADMIN_PASSWORD: 'admin-password' });
  user = new TestClient(t.app);
  other = new TestClient(t.app);
  admin = new TestClient(t.app);
  visitor = new TestClient(t.app);
  me = await user.register(uniqueName('helpme'));
  await other.register(uniqueName('other'));
  await admin.login('support_admin', 'admin-password');
});
afterAll(async () => {
  await t?.close();
});

type Request = {
  id: number;
  userId: number | null;
  username: string | null;
  type: string;
  description: string;
  status: string;
  createdAt: string;
  resolvedAt: string | null;
};

async function file(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/support-requests', {
    type: 'technical_issue',
    description: 'The map does not load on my phone.',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`support request: ${res.statusCode} ${res.body}`);
  return res.json<Request>();
}

const patch = (client: TestClient, id: number | string, payload: unknown) =>
  client.request({ method: 'PATCH', url: `/api/support-requests/${id}`, payload: payload as object });

const stored = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from support_requests`))[0]!.n;

describe('who may call the support API', () => {
  it.each([
    ['POST', '/api/support-requests', 401, 201, 201],
    ['GET', '/api/support-requests/mine', 401, 200, 200],
    ['GET', '/api/support-requests', 401, 403, 200],
    ['PATCH', '/api/support-requests/abc', 401, 403, 400],
  ])(
    '%s %s: visitor %i, signed-in user %i (before any validation), admin %i',
    async (method, url, visitorStatus, userStatus, adminStatus) => {
      const payload =
        method === 'POST'
          ? { type: 'other', description: 'Just checking who can send this.' }
          : method === 'PATCH'
            ? { status: 'bogus' }
            : undefined;
      const asVisitor = await visitor.request({ method, url, ...(payload ? { payload } : {}) });
      expect(asVisitor.statusCode).toBe(visitorStatus);
      expect(asVisitor.json()).toEqual({ message: en(MSG.notSignedIn) });
      const asUser = await other.request({ method, url, ...(payload ? { payload } : {}) });
      expect(asUser.statusCode).toBe(userStatus);
      if (userStatus === 403) expect(asUser.json()).toEqual({ message: en(MSG.adminOnly) });
      expect((await admin.request({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(adminStatus);
    },
  );
});

describe('POST /api/support-requests', () => {
  it('files a pending request for me, even when the client claims it is resolved', async () => {
    const res = await user.post('/api/support-requests', {
      type: 'account_deletion',
      description: '  Please delete my account and data.  ',
      status: 'resolved',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      userId: me.id,
      username: me.username,
      type: 'account_deletion',
      description: 'Please delete my account and data.',
      status: 'pending',
      createdAt: expect.any(String),
      resolvedAt: null,
    });
  });

  it('keeps hostile text as written', async () => {
    const description = "'); delete from support_requests; -- <img src=x onerror=alert(1)>";
    expect((await file(user, { description })).description).toBe(description);
  });

  it.each([
    [{ description: 'too short' }, en(MSG.supportDescriptionMin)],
    [{ description: '   short      ' }, en(MSG.supportDescriptionMin)],
    [{ description: undefined }, en(MSG.supportDescriptionMin)],
    [{ description: 1234567890123 }, en(MSG.supportDescriptionMin)],
    [{ description: 'x'.repeat(SUPPORT_DESCRIPTION_MAX + 1) }, `Description must be at most ${SUPPORT_DESCRIPTION_MAX} characters`],
    [{ type: 'refund' }, 'type must be account_deletion, technical_issue or other'],
    [{ type: undefined }, 'type must be account_deletion, technical_issue or other'],
    [{ type: ['other'] }, 'type must be account_deletion, technical_issue or other'],
    [{ status: 'done' }, 'status must be pending, in_progress or resolved'],
  ])('refuses %j with 400 and stores nothing', async (override, message) => {
    const before = await stored();
    const res = await user.post('/api/support-requests', { type: 'other', description: 'A long enough description.', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await stored()).toBe(before);
  });
});

describe('listing and resolving', () => {
  let first: Request;
  let second: Request;
  let theirs: Request;

  beforeAll(async () => {
    await t.app.db.execute(sql`delete from support_requests`);
    first = await file(user, { description: 'First: cannot upload a photo.' });
    await new Promise((r) => setTimeout(r, 5));
    theirs = await file(other, { type: 'other', description: 'Their question about the rules.' });
    await new Promise((r) => setTimeout(r, 5));
    second = await file(user, { description: 'Second: the search is slow.' });
  });

  it('GET mine: only my requests, newest first', async () => {
    const mine = (await user.get('/api/support-requests/mine')).json<Request[]>();
    expect(mine.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await other.get('/api/support-requests/mine')).json<Request[]>().map((r) => r.id)).toEqual([theirs.id]);
  });

  it('PATCH: an admin moves the status; resolvedAt follows it', async () => {
    const resolved = await patch(admin, first.id, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: first.id, status: 'resolved', username: me.username, resolvedAt: expect.any(String) });
    const resolvedAt = resolved.json().resolvedAt;
    // Resolving again keeps the time it was first resolved.
    expect((await patch(admin, first.id, { status: 'resolved' })).json().resolvedAt).toBe(resolvedAt);
    expect((await patch(admin, theirs.id, { status: 'in_progress' })).json()).toMatchObject({ status: 'in_progress', resolvedAt: null });
    // The user sees the new status.
    expect((await user.get('/api/support-requests/mine')).json<Request[]>().find((r) => r.id === first.id)).toMatchObject({
      status: 'resolved',
      resolvedAt,
    });
  });

  it('GET all (admin): pending first, then newest, with the user names', async () => {
    const all = (await admin.get('/api/support-requests')).json<Request[]>();
    expect(all.map((r) => [r.id, r.status])).toEqual([
      [second.id, 'pending'],
      [theirs.id, 'in_progress'],
      [first.id, 'resolved'],
    ]);
    expect(all[0]!.username).toBe(me.username);
  });

  it('reopening clears resolvedAt', async () => {
    expect((await patch(admin, first.id, { status: 'pending' })).json()).toMatchObject({ status: 'pending', resolvedAt: null });
  });

  it.each([
    [{}, 'status must be pending, in_progress or resolved'],
    [{ status: 'closed' }, 'status must be pending, in_progress or resolved'],
    [
      { status: 'resolved', description: 'rewritten by the admin' },
      /^(Unrecognized key: "description"|The request body must be a JSON object)$/,
    ],
  ])('PATCH refuses %j with 400 and changes nothing', async (body, message) => {
    const before = (await admin.get('/api/support-requests')).json();
    const res = await patch(admin, second.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await admin.get('/api/support-requests')).json()).toEqual(before);
  });

  it('PATCH: 404 for an unknown request, 400 for a malformed id', async () => {
    const unknown = await patch(admin, 999999, { status: 'resolved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: en(PEOPLE_MSG.supportNotFound) });
    for (const bad of ['0', 'x', '1.0', '12345678901']) {
      const res = await patch(admin, bad, { status: 'resolved' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Support request id must be a whole number' });
    }
  });
});
