import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MSG, MODERATION_REASON_MAX } from '#shared/moderation.js';
import { ITEM_MSG } from '#shared/items.js';
import { REPORT_MSG } from '#shared/reports.js';
import { users } from '../../db/schema.js';
import { alertsMatchingItem } from '../alerts/service.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { en } from '../../test/texts.js';

let t: TestApp;
let admin: TestClient;
let owner: TestClient;
let other: TestClient;
let visitor: TestClient;
type Person = { id: number; username: string };
const ids = {} as Record<'admin' | 'owner' | 'other', Person>;
let imageUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.notifications.stop();
  [admin, owner, other, visitor] = Array.from({ length: 4 }, () => new TestClient(t.app)) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  ids.admin = await admin.register(uniqueName('mod'));
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, ids.admin.id));
  ids.owner = await owner.register(uniqueName('own'));
  ids.other = await other.register(uniqueName('oth'));
  imageUrl = (await owner.upload([{ data: await jpegWithGps() }])).json().imageUrl;
});
afterAll(async () => {
  await t?.close();
});

async function postItem(title: string, as = owner): Promise<number> {
  const res = await as.post('/api/items', {
    title,
    description: 'A sturdy thing, collect any evening.',
    imageUrl: as === owner ? imageUrl : (await as.upload([{ data: await jpegWithGps() }])).json().imageUrl,
    latitude: 40.7128,
    longitude: -74.006,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
const search = async (as: TestClient, word: string) =>
  (await as.get(`/api/items?query=${encodeURIComponent(word)}&page=1`)).json<{ items: { id: number }[] }>().items.map((i) => i.id);
const near = async (as: TestClient) =>
  (await as.get('/api/items?lat=40.7128&lng=-74.006&page=1&limit=50')).json<{ items: { id: number }[] }>().items.map((i) => i.id);
type N = { type: string; read: boolean; item: { id: number } | null; supportRequest: { id: number } | null };
async function unreadOf(as: TestClient, type: string): Promise<N[]> {
  await t.app.notifications.runOnce();
  return (await as.get('/api/notifications')).json<{ notifications: N[] }>().notifications.filter((n) => !n.read && n.type === type);
}
const log = async () =>
  (await admin.get('/api/admin/moderation-actions')).json<
    {
      action: string;
      reason: string | null;
      user: Person | null;
      username: string | null;
      item: { id: number | null; title: string } | null;
      admin: Person | null;
    }[]
  >();

describe('hiding an item', () => {
  it('asks an admin for a reason: missing, blank or too long is 400, nothing changes; others are refused', async () => {
    const id = await postItem(`Lamp ${uniqueName('r')}`);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(MODERATION_REASON_MAX + 1) }, { reason: 3 }]) {
      const res = await admin.post(`/api/admin/items/${id}/hide`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    expect((await admin.post(`/api/admin/items/${id}/hide`, {})).json().message).toBe(en(MODERATION_MSG.reasonRequired));
    expect((await owner.post(`/api/admin/items/${id}/hide`, { reason: 'mine' })).statusCode).toBe(403);
    expect((await visitor.post(`/api/admin/items/${id}/hide`, { reason: 'x' })).statusCode).toBe(401);
    expect((await visitor.get(`/api/items/${id}`)).statusCode).toBe(200);
  });

  it('is invisible to all but its owner and the admins: detail, lists, search, nearest first, profile, alerts; new messages refused', async () => {
    const word = uniqueName('zebrawood');
    const id = await postItem(`Chair ${word}`);
    expect(await search(visitor, word)).toEqual([id]);
    expect((await admin.post(`/api/admin/items/${id}/hide`, { reason: 'Looks like a scam' })).statusCode).toBe(204);

    for (const [who, as] of [
      ['visitor', visitor],
      ['other', other],
    ] as const) {
      const res = await as.get(`/api/items/${id}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ message: en(ITEM_MSG.notFound) });
      expect(await search(as, word), who).toEqual([]);
      expect(await near(as), who).not.toContain(id);
    }
    // Its owner sees it, with the reason; so do the admins.
    const mine = await owner.get(`/api/items/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().hidden).toMatchObject({ reason: 'Looks like a scam' });
    expect(await search(owner, word)).toEqual([id]);
    expect((await admin.get(`/api/items/${id}`)).json().hidden).toMatchObject({ reason: 'Looks like a scam' });
    expect(await search(admin, word)).toEqual([id]);
    const myItems = (await owner.get('/api/me/items')).json<{ items: { id: number; hiddenReason?: string }[] }>().items;
    expect(myItems.find((i) => i.id === id)?.hiddenReason).toBe('Looks like a scam');
    // The profile lists it for nobody (the owner finds it in My items).
    const profile = (await visitor.get(`/api/users/profile/${ids.owner.username}`)).json<{ items: { id: number }[] }>();
    expect(profile.items.map((i) => i.id)).not.toContain(id);
    // No alert matches it, however well its words fit.
    expect((await other.post('/api/alerts', { query: word })).statusCode).toBe(201);
    expect(await alertsMatchingItem(t.app.db, id)).toEqual([]);
    // Nobody can start a conversation about it; others cannot change it either, and learn nothing (404).
    expect((await other.post(`/api/items/${id}/messages`, { body: 'Still there?' })).statusCode).toBe(404);
    expect((await other.request({ method: 'PATCH', url: `/api/items/${id}`, payload: { title: 'Mine now' } })).statusCode).toBe(404);
    // A page preview says nothing of it.
    const page = await visitor.get(`/items/${id}`);
    expect(page.body).not.toContain(word);
  });

  it('is logged, tells the owner, refuses a second hide (409); unhiding shows it again, logged and told too', async () => {
    const word = uniqueName('teak');
    const id = await postItem(`Table ${word}`);
    await unreadOf(owner, 'moderation').then(() => owner.post('/api/notifications/read', { all: true }));
    expect((await admin.post(`/api/admin/items/${id}/hide`, { reason: 'Off-topic' })).statusCode).toBe(204);
    expect((await admin.post(`/api/admin/items/${id}/hide`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await unreadOf(owner, 'moderation')).toMatchObject([{ item: { id } }]);
    expect(await unreadOf(other, 'moderation')).toEqual([]);
    expect((await log())[0]).toMatchObject({
      action: 'hide_item',
      reason: 'Off-topic',
      user: { id: ids.owner.id },
      item: { id, title: `Table ${word}` },
      admin: { id: ids.admin.id },
    });
    expect((await admin.post(`/api/admin/items/${id}/unhide`, {})).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/items/${id}/unhide`, { reason: 'Cleared after a look' })).statusCode).toBe(204);
    expect((await admin.post(`/api/admin/items/${id}/unhide`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await search(visitor, word)).toEqual([id]);
    expect((await visitor.get(`/api/items/${id}`)).json().hidden).toBeUndefined();
    expect((await log())[0]).toMatchObject({ action: 'unhide_item', reason: 'Cleared after a look' });
    // Owner's own notices on Help.
    const notices = (await owner.get('/api/me/moderation')).json<{ notices: { action: string; reason: string }[] }>().notices;
    expect(notices.slice(0, 2).map((n) => n.action)).toEqual(['unhide_item', 'hide_item']);
  });
});

describe('warning and suspending a person', () => {
  it('warns with a reason: logged and told; an admin cannot be warned; unknown is 404', async () => {
    expect((await admin.post(`/api/admin/users/${ids.other.id}/warn`, {})).statusCode).toBe(400);
    expect((await other.post(`/api/admin/users/${ids.owner.id}/warn`, { reason: 'x' })).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/users/${ids.other.id}/warn`, { reason: 'Be kind in messages' })).statusCode).toBe(204);
    expect((await admin.post(`/api/admin/users/${ids.admin.id}/warn`, { reason: 'x' })).json()).toEqual({
      message: en(MODERATION_MSG.adminNotModerated),
    });
    expect((await admin.post('/api/admin/users/99999999/warn', { reason: 'x' })).statusCode).toBe(404);
    expect((await log())[0]).toMatchObject({ action: 'warn', reason: 'Be kind in messages', user: { id: ids.other.id } });
    expect((await unreadOf(other, 'moderation')).length).toBeGreaterThan(0);
    expect((await other.get('/api/me/moderation')).json().notices[0]).toMatchObject({ action: 'warn', reason: 'Be kind in messages' });
  });

  it('a suspended person cannot post, message, report or thank (a clear 403), can still read, ask for help and sign out; lifting ends it', async () => {
    const p = new TestClient(t.app);
    const me = await p.register(uniqueName('susp'));
    const theirs = await postItem(`Vase ${uniqueName('v')}`);
    for (const body of [{ reason: 'x' }, { reason: 'x', days: 0 }, { reason: 'x', days: 366 }, { reason: '', days: 3 }, { days: 3 }]) {
      expect((await admin.post(`/api/admin/users/${me.id}/suspend`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: 'Spam in messages', days: 7 })).statusCode).toBe(204);

    const refused = [
      await p.post('/api/items', { title: 'Free sofa', description: 'Comfy and clean', imageUrl, latitude: 40.7, longitude: -74 }),
      await p.post(`/api/items/${theirs}/messages`, { body: 'Hello' }),
      await p.post('/api/reports', { itemId: theirs, reason: 'spam' }),
      await p.post('/api/notes', { content: 'A note', visibility: 'private' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('suspended');
      expect(res.json().message).toMatch(/^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC: .*Reason: Spam in messages$/);
      // The end as a time and the reason, for the app to say the date in the viewer's zone; the message's minute is its UTC one.
      const { until, reason } = res.json<{ until: string; reason: string }>();
      expect(reason).toBe('Spam in messages');
      expect(Date.parse(until) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect(res.json().message).toContain(`${until.slice(0, 16).replace('T', ' ')} UTC`);
    }
    // Bad input from a suspended person is refused as suspended too: never looked at.
    expect((await p.post('/api/items', { nonsense: true })).json().code).toBe('suspended');
    // Reading, the Help page's notices, marking read: fine.
    expect((await p.get(`/api/items/${theirs}`)).statusCode).toBe(200);
    expect((await p.post('/api/notifications/read', { all: true })).statusCode).toBe(200);
    // Asking the team for help (an appeal) is allowed; the request shows on their Help page.
    const appeal = await p.post('/api/support-requests', { type: 'other', description: 'Please look again at my suspension.' });
    expect(appeal.statusCode, appeal.body).toBe(201);
    expect((await p.get('/api/support-requests/mine')).json<{ description: string }[]>().map((r) => r.description)).toEqual([
      'Please look again at my suspension.',
    ]);
    const mine = (await p.get('/api/me/moderation')).json<{ suspendedUntil: string; suspensionReason: string }>();
    expect(mine.suspensionReason).toBe('Spam in messages');
    expect(new Date(mine.suspendedUntil).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await log())[0]).toMatchObject({ action: 'suspend', reason: 'Spam in messages', user: { id: me.id } });

    expect((await admin.post(`/api/admin/users/${me.id}/lift-suspension`, {})).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/users/${me.id}/lift-suspension`, { reason: 'Appeal accepted' })).statusCode).toBe(204);
    expect((await admin.post(`/api/admin/users/${me.id}/lift-suspension`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await p.post(`/api/items/${theirs}/messages`, { body: 'Hello again' })).statusCode).toBe(201);
    expect((await log())[0]).toMatchObject({ action: 'lift_suspension', reason: 'Appeal accepted' });
  });

  it('a suspension past its end refuses nothing', async () => {
    const p = new TestClient(t.app);
    const me = await p.register(uniqueName('past'));
    await t.app.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000), suspensionReason: 'old' })
      .where(eq(users.id, me.id));
    expect((await p.post('/api/notes', { content: 'Back again', visibility: 'private' })).statusCode).toBe(201);
    expect((await p.get('/api/me/moderation')).json().suspendedUntil).toBeNull();
  });
});

describe('a suspended person registering again; permanent suspensions', () => {
  const refusedRegistration =
    'New accounts cannot be made from a suspended account, or from a browser it signed in on. If you think this is wrong, ask the team on the Help page of that account.';
  const accountCount = async () => (await t.app.db.select({ id: users.id }).from(users)).length;

  it('from the suspended session, or after signing out on that browser, no account is made; the admins see the accounts made on their browsers', async () => {
    const p = new TestClient(t.app);
    const me = await p.register(uniqueName('again'));
    // Made on this browser before the suspension: the admins see it beside theirs.
    const before = await (await p.fork()).register(uniqueName('sock'));
    await p.login(me.username, 'secret-pw');
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: 'Scams', days: 30 })).statusCode).toBe(204);
    const count = await accountCount();

    const signedIn = await p.post('/api/register', { username: uniqueName('new'), password: 'secret-pw', isVisible: true });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().code).toBe('suspended');
    expect((await p.post('/api/logout')).statusCode).toBe(204);
    const sameBrowser = await p.post('/api/register', { username: uniqueName('new'), password: 'secret-pw', isVisible: true });
    expect(sameBrowser.statusCode).toBe(403);
    expect(sameBrowser.json()).toEqual({ message: refusedRegistration });
    expect(await accountCount()).toBe(count);

    // A browser where the suspended person never signed in knows nothing of them.
    expect((await new TestClient(t.app).register(uniqueName('elsewhere'))).id).toBeGreaterThan(0);
    const viewRes = await admin.get(`/api/admin/people/${me.username}`);
    expect(viewRes.statusCode, viewRes.body).toBe(200);
    const view = viewRes.json();
    expect(view.registeredOnDevices).toEqual([
      { id: before.id, username: before.username, createdAt: expect.any(String) as string, suspended: false },
    ]);
    expect((await admin.get(`/api/admin/people/${before.username}`)).json().user.registeredFrom).toEqual({
      id: me.id,
      username: me.username,
    });
    expect((await admin.post(`/api/admin/users/${me.id}/lift-suspension`, { reason: 'Done' })).statusCode).toBe(204);
    expect((await p.post('/api/register', { username: uniqueName('later'), password: 'secret-pw', isVisible: true })).statusCode).toBe(201);
  });

  it('a permanent suspension refuses the same writes until lifted, says it has no end, and is logged without one', async () => {
    const p = new TestClient(t.app);
    const me = await p.register(uniqueName('banned'));
    for (const body of [
      { reason: 'x', permanent: false },
      { reason: 'x', days: 7, permanent: true },
      { reason: 'x', permanent: 'yes' },
    ]) {
      const res = await admin.post(`/api/admin/users/${me.id}/suspend`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('Give either days (a whole number from 1 to 365) or permanent: true, not both');
    }
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: 'Threats', permanent: true })).statusCode).toBe(204);
    const res = await p.post('/api/notes', { content: 'A note', visibility: 'private' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message:
        'Your account is suspended permanently: you can still read, export your data, ask the team for help (on the Help page), delete your account and sign out. Reason: Threats',
      code: 'suspended',
      permanent: 'true',
      reason: 'Threats',
    });
    expect((await p.post('/api/register', { username: uniqueName('new'), password: 'secret-pw', isVisible: true })).statusCode).toBe(403);
    expect((await p.get('/api/me/moderation')).json()).toMatchObject({
      suspendedUntil: null,
      suspendedPermanently: true,
      suspensionReason: 'Threats',
    });
    expect((await admin.get(`/api/admin/people/${me.username}`)).json().user).toMatchObject({
      suspendedUntil: null,
      suspendedPermanently: true,
      suspensionReason: 'Threats',
    });
    expect((await log())[0]).toMatchObject({ action: 'suspend', reason: 'Threats', suspendedUntil: null, user: { id: me.id } });
    // Days replace it, and lifting ends either.
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: 'Shorter', days: 2 })).statusCode).toBe(204);
    expect((await p.get('/api/me/moderation')).json()).toMatchObject({ suspendedPermanently: false, suspensionReason: 'Shorter' });
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: 'Threats', permanent: true })).statusCode).toBe(204);
    expect((await admin.post(`/api/admin/users/${me.id}/lift-suspension`, { reason: 'Appeal' })).statusCode).toBe(204);
    expect((await p.post('/api/notes', { content: 'Back', visibility: 'private' })).statusCode).toBe(201);
    expect((await p.get('/api/me/moderation')).json()).toMatchObject({ suspendedUntil: null, suspendedPermanently: false });
  });
});

describe('deletions by an admin', () => {
  it('are logged with the reason the screens send, and the owner of a deleted item is told', async () => {
    const id = await postItem(`Rug ${uniqueName('rug')}`);
    await owner.post('/api/notifications/read', { all: true });
    await unreadOf(owner, 'moderation');
    await owner.post('/api/notifications/read', { all: true });
    expect((await admin.request({ method: 'DELETE', url: `/api/items/${id}`, payload: { reason: '' } })).statusCode).toBe(400);
    expect((await admin.request({ method: 'DELETE', url: `/api/items/${id}`, payload: { reason: 'Prohibited item' } })).statusCode).toBe(
      204,
    );
    expect((await log())[0]).toMatchObject({ action: 'delete_item', reason: 'Prohibited item', user: { id: ids.owner.id } });
    expect(await unreadOf(owner, 'moderation')).toHaveLength(1);
    // An owner deleting their own item is no moderation.
    const own = await postItem(`Cup ${uniqueName('cup')}`);
    const before = (await log()).length;
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${own}` })).statusCode).toBe(204);
    expect((await log()).length).toBe(before);

    const gone = new TestClient(t.app);
    const g = await gone.register(uniqueName('gone'));
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${g.id}`, payload: { reason: 'Spam account' } })).statusCode).toBe(
      204,
    );
    expect((await log())[0]).toMatchObject({ action: 'delete_user', reason: 'Spam account', user: null, username: g.username });
    // The body-less call still works, logged without a reason.
    const g2 = await new TestClient(t.app).register(uniqueName('gone'));
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${g2.id}` })).statusCode).toBe(204);
    expect((await log())[0]).toMatchObject({ action: 'delete_user', reason: null, username: g2.username });
  });
});

describe('support answers', () => {
  it('an admin answers: the thread shows on the author’s list, the request is in progress, the author is told; follow-ups reopen it', async () => {
    const u = new TestClient(t.app);
    await u.register(uniqueName('help'));
    const req = (await u.post('/api/support-requests', { type: 'technical_issue', description: 'The map does not load for me' })).json<{
      id: number;
    }>();
    expect((await admin.post(`/api/support-requests/${req.id}/replies`, { body: '' })).statusCode).toBe(400);
    const answered = await admin.post(`/api/support-requests/${req.id}/replies`, { body: 'Try reloading the page, please.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject([{ fromAdmin: true, author: ids.admin.username, body: 'Try reloading the page, please.' }]);
    const mine = (await u.get('/api/support-requests/mine')).json<{ id: number; status: string; replies: { body: string }[] }[]>();
    expect(mine[0]).toMatchObject({ id: req.id, status: 'in_progress', replies: [{ body: 'Try reloading the page, please.' }] });
    expect(await unreadOf(u, 'support_reply')).toMatchObject([{ supportRequest: { id: req.id } }]);

    expect((await u.post(`/api/support-requests/${req.id}/replies`, { body: 'Still broken after reloading' })).statusCode).toBe(201);
    const thread = (await admin.get(`/api/support-requests/${req.id}/replies`)).json<{ fromAdmin: boolean }[]>();
    expect(thread.map((r) => r.fromAdmin)).toEqual([true, false]);
    expect((await u.get('/api/support-requests/mine')).json()[0].status).toBe('pending');
    // The author's own follow-up tells nobody; others cannot read or write the thread.
    expect(await unreadOf(u, 'support_reply')).toHaveLength(1);
    expect((await other.get(`/api/support-requests/${req.id}/replies`)).statusCode).toBe(404);
    expect((await other.post(`/api/support-requests/${req.id}/replies`, { body: 'Hi' })).statusCode).toBe(404);
    expect((await visitor.get(`/api/support-requests/${req.id}/replies`)).statusCode).toBe(401);
    // The admin can resolve it.
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/support-requests/${req.id}`, payload: { status: 'resolved' } })).statusCode,
    ).toBe(200);
  });

  it('admins’ answers do not count against the author’s support quota', async () => {
    const quota = await createTestApp({ SUPPORT_LIMIT_PER_DAY: '1' });
    try {
      const a = new TestClient(quota.app);
      const ad = await a.register(uniqueName('qa'));
      await quota.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, ad.id));
      const u = new TestClient(quota.app);
      await u.register(uniqueName('qu'));
      const req = (await u.post('/api/support-requests', { type: 'other', description: 'One request is all I get' })).json<{
        id: number;
      }>();
      for (let i = 0; i < 3; i++)
        expect((await a.post(`/api/support-requests/${req.id}/replies`, { body: `Answer ${i}` })).statusCode).toBe(201);
      expect((await u.post(`/api/support-requests/${req.id}/replies`, { body: 'Thanks!' })).statusCode).toBe(201);
      // The quota itself still holds for new requests.
      expect((await u.post('/api/support-requests', { type: 'other', description: 'A second request today' })).statusCode).toBe(429);
    } finally {
      await quota.close();
    }
  });
});

describe('reports of messages and no-shows', () => {
  it('a message of one’s conversation, not one’s own; an outsider gets 404; the admins see it with its sender', async () => {
    const itemId = await postItem(`Bike ${uniqueName('b')}`);
    const conv = (await other.post(`/api/items/${itemId}/messages`, { body: 'Send me money first' })).json<{ id: number }>();
    const msgs = (await owner.get(`/api/conversations/${conv.id}`)).json<{ messages: { id: number; body: string }[] }>().messages;
    const theirs = msgs.find((m) => m.body === 'Send me money first')!;
    const outsider = new TestClient(t.app);
    await outsider.register(uniqueName('out'));
    expect((await outsider.post('/api/reports', { messageId: theirs.id, reason: 'scam' })).json()).toEqual({
      message: en(REPORT_MSG.messageNotFound),
    });
    expect((await other.post('/api/reports', { messageId: theirs.id, reason: 'scam' })).json()).toEqual({
      message: en(REPORT_MSG.ownMessage),
    });
    const res = await owner.post('/api/reports', { messageId: theirs.id, reason: 'scam' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ targetType: 'message', subject: 'Send me money first' });
    expect((await owner.post('/api/reports', { messageId: theirs.id, reason: 'scam' })).statusCode).toBe(200);
    expect((await owner.post('/api/reports', { messageId: theirs.id, itemId, reason: 'scam' })).statusCode).toBe(400);
    const open = (await admin.get('/api/admin/reports')).json<{ id: number; targetType: string; user: Person | null }[]>();
    expect(open.find((r) => r.id === res.json().id)).toMatchObject({ targetType: 'message', user: { id: ids.other.id } });
  });

  it('a no-show: only the two people of a promised or given offer, about the other one; never public', async () => {
    const itemId = await postItem(`Desk ${uniqueName('d')}`);
    expect((await owner.post('/api/reports', { noShowItemId: itemId, reason: 'other', details: 'Never came by at all' })).statusCode).toBe(
      404,
    );
    const conv = (await other.post(`/api/items/${itemId}/messages`, { body: 'Can I come at six?' })).json<{ id: number }>();
    expect((await owner.post(`/api/conversations/${conv.id}/promise`, {})).statusCode).toBe(200);
    const outsider = new TestClient(t.app);
    await outsider.register(uniqueName('out'));
    expect(
      (await outsider.post('/api/reports', { noShowItemId: itemId, reason: 'other', details: 'Never came by at all' })).json(),
    ).toEqual({
      message: en(REPORT_MSG.noShowNotFound),
    });
    const res = await owner.post('/api/reports', { noShowItemId: itemId, reason: 'other', details: 'Never came by at all' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ targetType: 'no_show' });
    // The receiver may report the giver too; an item report of the same item is apart from it.
    expect((await other.post('/api/reports', { noShowItemId: itemId, reason: 'unsafe' })).statusCode).toBe(201);
    expect((await owner.post('/api/reports', { username: ids.other.username, reason: 'spam' })).statusCode).toBe(201);
    const open = (await admin.get('/api/admin/reports')).json<
      { id: number; targetType: string; user: Person | null; item: { id: number } | null }[]
    >();
    expect(open.find((r) => r.id === res.json().id)).toMatchObject({
      targetType: 'no_show',
      user: { id: ids.other.id },
      item: { id: itemId },
    });
    // Nothing public names it: the profile of the one reported says nothing.
    expect(JSON.stringify((await visitor.get(`/api/users/profile/${ids.other.username}`)).json())).not.toContain('no_show');
  });

  it('a want has no hand-over, so no no-show', async () => {
    const want = await owner.post('/api/items', {
      type: 'want',
      title: 'Looking for a ladder',
      description: 'Any size would help me out',
      latitude: 40.7,
      longitude: -74,
    });
    expect(want.statusCode, want.body).toBe(201);
    expect((await owner.post('/api/reports', { noShowItemId: want.json().id, reason: 'spam' })).statusCode).toBe(404);
  });
});

describe('the admins’ page of a person', () => {
  it('shows items, reports by and about them, actions and sessions; ending the sessions signs them out', async () => {
    const p = new TestClient(t.app);
    const me = await p.register(uniqueName('page'));
    const itemId = await postItem(`Stool ${uniqueName('s')}`, p);
    await owner.post('/api/reports', { itemId, reason: 'spam' });
    await p.post('/api/reports', { username: ids.owner.username, reason: 'spam' });
    await admin.post(`/api/admin/users/${me.id}/warn`, { reason: 'First warning' });
    expect((await other.get(`/api/admin/people/${me.username}`)).statusCode).toBe(403);
    expect((await admin.get('/api/admin/people/nobody-at-all-here')).statusCode).toBe(404);
    const page = await admin.get(`/api/admin/people/${me.username.toUpperCase()}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.user).toMatchObject({ id: me.id, username: me.username, suspendedUntil: null });
    expect(body.items).toMatchObject([{ id: itemId, hiddenReason: null }]);
    expect(body.reportsAbout).toMatchObject([{ targetType: 'item', item: { id: itemId } }]);
    expect(body.reportsBy).toMatchObject([{ targetType: 'user', user: { id: ids.owner.id } }]);
    expect(body.actions).toMatchObject([{ action: 'warn', reason: 'First warning' }]);
    expect(body.sessions.length).toBeGreaterThan(0);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/people/${me.username}/sessions` })).statusCode).toBe(204);
    expect((await p.get('/api/user')).statusCode).toBe(401);
    expect((await admin.get(`/api/admin/people/${me.username}`)).json().sessions).toEqual([]);
  });
});
