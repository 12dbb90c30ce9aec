import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { queryRows } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../features/auth/passwords.js';
import { signUnsubscribeToken, unsubscribeSecret } from '../mail/unsubscribe.js';
import { SUSPENSION_ALLOWED_WRITES } from '../plugins/suspension.js';
import { openSse } from './sse.js';
import { createTestApp, lastCode, type TestApp, TestClient, uniqueName } from './harness.js';
import { jpegWithGps, multipart } from './images.js';
import { en } from './texts.js';

/**
 * The authorisation matrix (ASVS V4): every route of the app, called by each role, gets
 * exactly the answer docs/product.md (Roles) and docs/security.md say. One table below, one row per route as
 * Fastify registers it; a route missing from the table (or a row without a route) fails the suite.
 *
 * Roles: `visitor` (no session), `user` (signed in, no relation to the thing in the path), `owner`
 * (owns the thing in the path: the item, the note, the link, the block, the payment link; one of the
 * two people of the conversation; the account itself for /api/me and /api/users/:id), `other` (the
 * owner's counterpart where the thing has one: the person who wrote about the item, the linked reader
 * with note access; elsewhere just another signed-in user) and `admin`. Each request is valid apart
 * from who sends it, so its status is the authorisation decision, not a validation error.
 */

type Role = 'visitor' | 'user' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['visitor', 'user', 'owner', 'other', 'admin'];
type Expected = Record<Role, number>;

const everyone = (status: number): Expected => ({ visitor: status, user: status, owner: status, other: status, admin: status });
const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });
const adminOnly = (status: number): Expected => ({ visitor: 401, user: 403, owner: 403, other: 403, admin: status });
/** Things of one person nobody else may even see: 404 hides that they exist, admins included. */
const ownerOnly = (status: number, other = 404): Expected => ({ visitor: 401, user: 404, owner: status, other, admin: 404 });
/** Public things their owner (or an admin) may change; others may see them, so 403. */
const ownerOrAdmin = (status: number): Expected => ({ visitor: 401, user: 403, owner: status, other: 403, admin: status });

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Sends as this browser instead of the role's own (a fresh account for calls that change or end it). */
  as?: TestClient;
  /** An event stream: opened over a real connection (an injected one would never end) and closed once answered. */
  stream?: true;
}

interface Row {
  /** Method and path exactly as registered, e.g. `DELETE /api/items/:id`. */
  route: string;
  expected: Expected;
  /** Builds one valid request for this role (making fresh fixtures where the call uses them up). */
  call(role: Role): Call | Promise<Call>;
  /** Why this write needs no CSRF token (left out of the CSRF suites below). */
  noCsrfBecause?: string;
}

const PASSWORD = 'matrix-password';
/** The address of the app once a stream row has made it listen. */
let base: string | undefined;
const registered = new Set<string>();
let t: TestApp;
const browsers = {} as Record<Role, TestClient>;
const f = {} as {
  imageUrl: string;
  vendorId: number;
  item: number;
  conversation: number;
  note: number;
  link: number;
  support: number;
  adminVendor: number;
  hidden: TestClient;
  hiddenName: string;
  loginName: string;
  resetName: string;
  reporter: TestClient;
};
let phoneCounter = 0;
let emailCounter = 0;
const newEmail = () => `matrix.${process.pid}.${++emailCounter}@example.org`;
// Valid numbers (E.164 is checked with libphonenumber): New York's 212 with an exchange of 200-899.
const newPhone = () => `+1212${200 + (process.pid % 700)}${String(++phoneCounter).padStart(4, '0')}`;

async function json<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status: number): Promise<T> {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`fixture: expected ${status}, got ${r.statusCode} ${r.body}`);
  return r.json() as T;
}
const send = (c: TestClient, method: string, url: string, payload?: unknown) => c.request({ method, url, payload: payload as object });

/** A signed-in browser of a new account (an admin one when asked). */
async function freshAccount(admin = false): Promise<{ client: TestClient; id: number; username: string }> {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName('mx'), PASSWORD);
  if (admin) await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return { client, id: user.id, username: user.username };
}
/** A browser of the role's kind on an account of its own, for calls that change or end the account. */
async function freshActor(role: Role): Promise<TestClient> {
  return role === 'visitor' ? new TestClient(t.app) : (await freshAccount(role === 'admin')).client;
}
let passwordHash: string;
/** An account nobody signs in to (written directly: no argon2 run per fixture). */
async function bareUser(values: Partial<typeof users.$inferInsert> = {}): Promise<{ id: number; username: string }> {
  const [row] = await t.app.db
    .insert(users)
    .values({ username: uniqueName('bare'), password: passwordHash, ...values })
    .returning({ id: users.id, username: users.username });
  return row!;
}

const newItem = async () =>
  (
    await json<{ id: number }>(
      browsers.owner.post('/api/items', {
        title: 'A matrix chair',
        description: 'Sturdy, a little worn',
        imageUrl: f.imageUrl,
        latitude: 40.71,
        longitude: -74,
      }),
      201,
    )
  ).id;
/** A conversation between the owner (of a new item) and `other`, who wrote about it. */
const newConversation = async () =>
  (await json<{ id: number }>(browsers.other.post(`/api/items/${await newItem()}/messages`, { body: 'Is it still there?' }), 201)).id;
/** An item of the owner's given to `other` (who wrote, was promised it, and got it): a hand-over of two. */
const newGivenItem = async () => {
  const itemId = await newItem();
  const conversation = (await json<{ id: number }>(browsers.other.post(`/api/items/${itemId}/messages`, { body: 'May I?' }), 201)).id;
  await json(browsers.owner.post(`/api/conversations/${conversation}/promise`, {}), 200);
  await json(send(browsers.owner, 'PATCH', `/api/items/${itemId}`, { status: 'taken' }), 200);
  return itemId;
};
const newNote = async (visibility: 'private' | 'linked' | 'public') =>
  (await json<{ id: number }>(browsers.owner.post('/api/notes', { content: `A ${visibility} note`, visibility }), 201)).id;
const newLink = async () =>
  (await json<{ id: number }>(browsers.owner.post('/api/links', { username: (await bareUser()).username }), 201)).id;
const newBlock = async () =>
  (await json<{ id: number }>(browsers.owner.post('/api/blocks', { username: (await bareUser()).username }), 201)).id;
const newAlert = async () => (await json<{ id: number }>(browsers.owner.post('/api/alerts', { query: uniqueName('alert') }), 201)).id;
const newPaymentLink = async () =>
  (await json<{ id: number }>(browsers.owner.post('/api/me/payment-ids', { vendorId: f.vendorId, paymentId: uniqueName('pay') }), 201)).id;
const newReport = async () =>
  (await json<{ id: number }>(f.reporter.post('/api/reports', { username: (await bareUser()).username, reason: 'spam' }), 201)).id;

/** A browser's push subscription at a browser vendor's push service (nothing is sent to it here). */
const newDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${uniqueName('device')}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

const item = { title: 'A lamp for you', description: 'Works, with a bulb', latitude: 40.7, longitude: -74.01 };

const TABLE: Row[] = [
  // Health (outside /api, listed anyway)
  { route: 'GET /healthz', expected: everyone(200), call: () => ({ url: '/healthz' }) },
  { route: 'GET /readyz', expected: everyone(200), call: () => ({ url: '/readyz' }) },

  // Accounts and sessions
  { route: 'GET /api/csrf-token', expected: everyone(200), call: () => ({ url: '/api/csrf-token' }) },
  { route: 'GET /api/user', expected: signedIn(200), call: () => ({ url: '/api/user' }) },
  // Signing in (or up) ends the session the browser held: these run on a fresh account's browser.
  {
    route: 'POST /api/register',
    expected: everyone(201),
    call: async (role) => ({
      url: '/api/register',
      payload: { username: uniqueName('reg'), password: PASSWORD, isVisible: true },
      as: await freshActor(role),
    }),
  },
  {
    route: 'POST /api/login',
    expected: everyone(200),
    call: async (role) => ({ url: '/api/login', payload: { username: f.loginName, password: PASSWORD }, as: await freshActor(role) }),
  },
  { route: 'POST /api/logout', expected: everyone(204), call: async (role) => ({ url: '/api/logout', as: await freshActor(role) }) },
  { route: 'GET /api/config', expected: everyone(200), call: () => ({ url: '/api/config' }) },

  // Items
  { route: 'GET /api/items', expected: everyone(200), call: () => ({ url: '/api/items?page=1' }) },
  { route: 'GET /api/items/clusters', expected: everyone(200), call: () => ({ url: '/api/items/clusters?bbox=-75,40,-73,41&zoom=8' }) },
  { route: 'GET /api/me/items', expected: signedIn(200), call: () => ({ url: '/api/me/items' }) },
  { route: 'GET /api/items/:id', expected: everyone(200), call: () => ({ url: `/api/items/${f.item}` }) },
  // The image is the owner's upload: only its uploader may post an item showing it (400 for everyone else).
  {
    route: 'POST /api/items',
    expected: { visitor: 401, user: 400, owner: 201, other: 400, admin: 400 },
    call: () => ({ url: '/api/items', payload: { ...item, imageUrl: f.imageUrl } }),
  },
  // An edit (title, photos, place...) or a change of status: only the owner or an admin.
  {
    route: 'PATCH /api/items/:id',
    expected: ownerOrAdmin(200),
    call: () => ({ url: `/api/items/${f.item}`, payload: { title: 'A chair, edited', images: [f.imageUrl], renew: true } }),
  },
  { route: 'DELETE /api/items/:id', expected: ownerOrAdmin(204), call: async () => ({ url: `/api/items/${await newItem()}` }) },
  {
    route: 'POST /api/upload-image',
    expected: signedIn(201),
    call: async () => {
      const { payload, headers } = multipart([
        { field: 'image', filename: 'photo.jpg', type: 'image/jpeg', data: await jpegWithGps(64, 48) },
      ]);
      return { url: '/api/upload-image', payload, headers };
    },
  },

  // Profiles: a hidden profile is seen by its owner and the admins only.
  {
    route: 'GET /api/users/profile/:username',
    expected: { visitor: 404, user: 404, owner: 200, other: 404, admin: 200 },
    call: (role) => ({ url: `/api/users/profile/${f.hiddenName}`, as: role === 'owner' ? f.hidden : undefined }),
  },
  { route: 'GET /api/vendors', expected: everyone(200), call: () => ({ url: '/api/vendors' }) },
  // Thanks after a hand-over: its giver (owner) and receiver (other) only; nobody else, admins included.
  {
    route: 'GET /api/items/:id/thanks',
    expected: { visitor: 401, user: 403, owner: 200, other: 200, admin: 403 },
    call: async () => ({ url: `/api/items/${await newGivenItem()}/thanks` }),
  },
  {
    route: 'POST /api/items/:id/thanks',
    expected: { visitor: 401, user: 403, owner: 201, other: 201, admin: 403 },
    call: async () => ({ url: `/api/items/${await newGivenItem()}/thanks`, payload: { note: 'Thank you!' } }),
  },
  // One's own profile: bio and area, the photo.
  {
    route: 'PUT /api/me/profile',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/profile', payload: { bio: 'Hello', area: 'Park Slope' } }),
  },
  {
    route: 'POST /api/me/avatar',
    expected: signedIn(200),
    call: async () => {
      const { payload, headers } = multipart([{ field: 'image', filename: 'me.jpg', type: 'image/jpeg', data: await jpegWithGps(64, 48) }]);
      return { url: '/api/me/avatar', payload, headers };
    },
  },
  { route: 'DELETE /api/me/avatar', expected: signedIn(200), call: () => ({ url: '/api/me/avatar' }) },

  // The signed-in user's own account
  { route: 'GET /api/me/settings', expected: signedIn(200), call: () => ({ url: '/api/me/settings' }) },
  { route: 'PATCH /api/me', expected: signedIn(200), call: () => ({ url: '/api/me', payload: { isVisible: true } }) },
  {
    route: 'PUT /api/me/distance-unit',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/distance-unit', payload: { distanceUnit: 'mi' } }),
  },
  { route: 'PUT /api/me/language', expected: signedIn(200), call: () => ({ url: '/api/me/language', payload: { language: 'en' } }) },
  {
    route: 'POST /api/me/payment-ids',
    expected: signedIn(201),
    call: () => ({ url: '/api/me/payment-ids', payload: { vendorId: f.vendorId, paymentId: uniqueName('pay') } }),
  },
  {
    route: 'DELETE /api/me/payment-ids/:id',
    expected: ownerOnly(204),
    call: async () => ({ url: `/api/me/payment-ids/${await newPaymentLink()}` }),
  },
  {
    route: 'PUT /api/me/phone',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/phone', payload: { phoneNumber: newPhone(), currentPassword: PASSWORD } }),
  },
  {
    route: 'DELETE /api/me/phone',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/phone', payload: { currentPassword: PASSWORD } }),
  },
  {
    route: 'POST /api/me/phone/send-code',
    expected: signedIn(204),
    call: async (role) => {
      const as = await freshActor(role);
      if (role !== 'visitor') await json(send(as, 'PUT', '/api/me/phone', { phoneNumber: newPhone(), currentPassword: PASSWORD }), 200);
      return { url: '/api/me/phone/send-code', as };
    },
  },
  {
    route: 'POST /api/me/phone/verify',
    expected: signedIn(200),
    call: async (role) => {
      const as = await freshActor(role);
      if (role === 'visitor') return { url: '/api/me/phone/verify', payload: { code: '123456' }, as };
      const phoneNumber = newPhone();
      await json(send(as, 'PUT', '/api/me/phone', { phoneNumber, currentPassword: PASSWORD }), 200);
      expect((await as.post('/api/me/phone/send-code')).statusCode).toBe(204);
      return { url: '/api/me/phone/verify', payload: { code: await lastCode(t, phoneNumber) }, as };
    },
  },
  {
    route: 'POST /api/me/password',
    expected: signedIn(204),
    call: async (role) => ({
      url: '/api/me/password',
      payload: { currentPassword: PASSWORD, newPassword: 'changed-password' },
      as: await freshActor(role),
    }),
  },
  {
    route: 'POST /api/me/deletion-request',
    expected: signedIn(201),
    call: async (role) => ({ url: '/api/me/deletion-request', payload: { reason: 'Moving away' }, as: await freshActor(role) }),
  },
  { route: 'GET /api/me/export', expected: signedIn(200), call: () => ({ url: '/api/me/export' }) },
  {
    // An admin account is removed by another admin, never by itself.
    route: 'DELETE /api/me',
    expected: { ...signedIn(204), admin: 403 },
    call: async (role) => ({ url: '/api/me', payload: { password: PASSWORD }, as: await freshActor(role) }),
  },
  // The e-mail address (features/email)
  { route: 'GET /api/me/email', expected: signedIn(200), call: () => ({ url: '/api/me/email' }) },
  {
    route: 'PUT /api/me/email',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/email', payload: { email: newEmail(), password: PASSWORD } }),
  },
  {
    route: 'DELETE /api/me/email',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/email', payload: { password: PASSWORD } }),
  },
  {
    route: 'POST /api/me/email/send-link',
    expected: signedIn(204),
    call: async (role) => {
      if (role === 'visitor') return { url: '/api/me/email/send-link', as: new TestClient(t.app) };
      const { client, id } = await freshAccount(role === 'admin');
      await json(send(client, 'PUT', '/api/me/email', { email: newEmail(), password: PASSWORD }), 200);
      // The first link went a moment ago; another may go after a minute.
      await t.app.db
        .update(users)
        .set({ emailTokenSentAt: new Date(Date.now() - 120_000) })
        .where(eq(users.id, id));
      return { url: '/api/me/email/send-link', as: client };
    },
  },
  { route: 'POST /api/me/email/dismiss-prompt', expected: signedIn(200), call: () => ({ url: '/api/me/email/dismiss-prompt' }) },
  {
    // The link's token is the authority: anyone holding it, signed in or not.
    route: 'POST /api/email/verify',
    expected: everyone(200),
    call: async () => {
      const token = randomBytes(32).toString('base64url');
      await bareUser({
        email: newEmail(),
        emailToken: createHash('sha256').update(token).digest('hex'),
        emailTokenExpiry: new Date(Date.now() + 3_600_000),
      });
      return { url: '/api/email/verify', payload: { token } };
    },
  },
  {
    // The signed token is the authority (RFC 8058: a mail program's POST carries no cookie).
    route: 'POST /api/unsubscribe',
    expected: everyone(200),
    noCsrfBecause: 'a one-click unsubscribe carries neither cookie nor token; its signed token is the authority',
    call: async () => ({
      url: '/api/unsubscribe',
      payload: { token: signUnsubscribeToken(await unsubscribeSecret(t.app.db), (await bareUser()).id, 'matrix') },
    }),
  },
  {
    // The share sheet's POST when no service worker took it (docs/decisions/026): a redirect to Post item for anyone.
    route: 'POST /share-target',
    expected: everyone(303),
    noCsrfBecause: 'the share sheet posts without a token, and the answer is only a redirect: nothing is read or changed',
    call: () => ({ url: '/share-target', payload: {} }),
  },
  { route: 'GET /share-target', expected: everyone(303), call: () => ({ url: '/share-target' }) },
  {
    route: 'POST /api/request-reset',
    expected: everyone(200),
    call: () => ({ url: '/api/request-reset', payload: { username: f.resetName } }),
  },
  {
    route: 'POST /api/reset-password',
    expected: everyone(200),
    call: async () => {
      const phoneNumber = newPhone();
      const target = await bareUser({ phoneNumber, isPhoneVerified: true });
      await json(new TestClient(t.app).post('/api/request-reset', { username: target.username }), 200);
      return {
        url: '/api/reset-password',
        payload: { username: target.username, code: await lastCode(t, phoneNumber), newPassword: 'reset-password' },
      };
    },
  },

  // Notes (the owner's `linked` note, shared with `other`) and links
  { route: 'GET /api/notes', expected: signedIn(200), call: () => ({ url: '/api/notes' }) },
  { route: 'GET /api/notes/:id', expected: ownerOnly(200, 200), call: () => ({ url: `/api/notes/${f.note}` }) },
  {
    route: 'POST /api/notes',
    expected: signedIn(201),
    call: () => ({ url: '/api/notes', payload: { content: 'Buy milk', visibility: 'private' } }),
  },
  {
    route: 'PATCH /api/notes/:id',
    expected: ownerOnly(200, 403),
    call: () => ({ url: `/api/notes/${f.note}`, payload: { content: 'Changed by its author' } }),
  },
  { route: 'DELETE /api/notes/:id', expected: ownerOnly(204, 403), call: async () => ({ url: `/api/notes/${await newNote('linked')}` }) },
  { route: 'GET /api/links', expected: signedIn(200), call: () => ({ url: '/api/links' }) },
  {
    route: 'POST /api/links',
    expected: signedIn(201),
    call: async () => ({ url: '/api/links', payload: { username: (await bareUser()).username } }),
  },
  {
    route: 'PATCH /api/links/:id',
    expected: ownerOnly(200),
    call: () => ({ url: `/api/links/${f.link}`, payload: { hasNoteAccess: true } }),
  },
  { route: 'DELETE /api/links/:id', expected: ownerOnly(204), call: async () => ({ url: `/api/links/${await newLink()}` }) },

  // Blocks
  { route: 'GET /api/blocks', expected: signedIn(200), call: () => ({ url: '/api/blocks' }) },
  {
    route: 'POST /api/blocks',
    expected: signedIn(201),
    call: async () => ({ url: '/api/blocks', payload: { username: (await bareUser()).username } }),
  },
  { route: 'DELETE /api/blocks/:id', expected: ownerOnly(204), call: async () => ({ url: `/api/blocks/${await newBlock()}` }) },

  // Saved alerts: one's own only; anyone else's (an admin's look included) is not found.
  { route: 'GET /api/alerts', expected: signedIn(200), call: () => ({ url: '/api/alerts' }) },
  { route: 'POST /api/alerts', expected: signedIn(201), call: () => ({ url: '/api/alerts', payload: { query: uniqueName('alert') } }) },
  {
    route: 'PATCH /api/alerts/:id',
    expected: ownerOnly(200),
    call: async () => ({ url: `/api/alerts/${await newAlert()}`, payload: { paused: true } }),
  },
  { route: 'DELETE /api/alerts/:id', expected: ownerOnly(204), call: async () => ({ url: `/api/alerts/${await newAlert()}` }) },

  // Conversations (between the owner and `other`); the owner cannot write about their own item (400).
  {
    route: 'POST /api/items/:id/messages',
    expected: { visitor: 401, user: 201, owner: 400, other: 201, admin: 201 },
    call: () => ({ url: `/api/items/${f.item}/messages`, payload: { body: 'Could I have it?' } }),
  },
  { route: 'GET /api/conversations', expected: signedIn(200), call: () => ({ url: '/api/conversations' }) },
  { route: 'GET /api/events', expected: signedIn(200), call: () => ({ url: '/api/events', stream: true }) },
  { route: 'GET /api/conversations/unread-count', expected: signedIn(200), call: () => ({ url: '/api/conversations/unread-count' }) },
  { route: 'GET /api/conversations/:id', expected: ownerOnly(200, 200), call: () => ({ url: `/api/conversations/${f.conversation}` }) },
  {
    route: 'POST /api/conversations/:id/messages',
    expected: ownerOnly(201, 201),
    call: () => ({ url: `/api/conversations/${f.conversation}/messages`, payload: { body: 'Tomorrow at six?' } }),
  },
  // Only the item's owner promises it; the other person of the conversation may see it, so 403.
  {
    route: 'POST /api/conversations/:id/promise',
    expected: ownerOnly(200, 403),
    call: async () => ({ url: `/api/conversations/${await newConversation()}/promise` }),
  },

  // Search
  { route: 'GET /api/search', expected: everyone(200), call: () => ({ url: '/api/search?query=chair' }) },

  // Support requests
  {
    route: 'POST /api/support-requests',
    expected: signedIn(201),
    call: () => ({ url: '/api/support-requests', payload: { type: 'technical_issue', description: 'The map does not load for me' } }),
  },
  { route: 'GET /api/support-requests/mine', expected: signedIn(200), call: () => ({ url: '/api/support-requests/mine' }) },
  { route: 'GET /api/support-requests', expected: adminOnly(200), call: () => ({ url: '/api/support-requests' }) },
  // `owner` filed this request: resolving it is still for admins.
  {
    route: 'PATCH /api/support-requests/:id',
    expected: adminOnly(200),
    call: () => ({ url: `/api/support-requests/${f.support}`, payload: { status: 'resolved' } }),
  },

  // Reports
  {
    route: 'POST /api/reports',
    expected: signedIn(201),
    call: async () => ({ url: '/api/reports', payload: { username: (await bareUser()).username, reason: 'scam' } }),
  },
  { route: 'GET /api/admin/reports', expected: adminOnly(200), call: () => ({ url: '/api/admin/reports' }) },
  {
    route: 'POST /api/admin/reports/:id/resolve',
    expected: adminOnly(200),
    call: async () => ({ url: `/api/admin/reports/${await newReport()}/resolve`, payload: { action: 'dismiss' } }),
  },

  // Notifications: each person's own (ids of others' are ignored); failed deliveries for admins.
  { route: 'GET /api/notifications', expected: signedIn(200), call: () => ({ url: '/api/notifications' }) },
  { route: 'GET /api/notifications/unread-count', expected: signedIn(200), call: () => ({ url: '/api/notifications/unread-count' }) },
  {
    route: 'POST /api/notifications/read',
    expected: signedIn(200),
    call: () => ({ url: '/api/notifications/read', payload: { all: true } }),
  },
  { route: 'GET /api/me/notification-preferences', expected: signedIn(200), call: () => ({ url: '/api/me/notification-preferences' }) },
  {
    route: 'PUT /api/me/notification-preferences',
    expected: signedIn(200),
    call: () => ({ url: '/api/me/notification-preferences', payload: { preferences: { message: { email: 'daily' } } } }),
  },
  {
    route: 'GET /api/admin/notification-deliveries',
    expected: adminOnly(200),
    call: () => ({ url: '/api/admin/notification-deliveries' }),
  },

  // Web Push: the public key for anyone; a device's subscription is its account's alone.
  { route: 'GET /api/push/key', expected: everyone(200), call: () => ({ url: '/api/push/key' }) },
  {
    route: 'POST /api/me/push-subscriptions',
    expected: signedIn(201),
    call: () => ({ url: '/api/me/push-subscriptions', payload: newDevice() }),
  },
  {
    route: 'DELETE /api/me/push-subscriptions',
    expected: ownerOnly(204),
    call: async () => {
      const device = newDevice();
      await json(browsers.owner.post('/api/me/push-subscriptions', device), 201);
      return { url: '/api/me/push-subscriptions', payload: { endpoint: device.endpoint } };
    },
  },

  // Admin dashboard; for the user routes `owner` is the account in the path.
  { route: 'GET /api/users', expected: adminOnly(200), call: () => ({ url: '/api/users' }) },
  {
    route: 'DELETE /api/users/:id',
    expected: adminOnly(204),
    call: async (role) => {
      const victim = await freshAccount();
      return { url: `/api/users/${victim.id}`, as: role === 'owner' ? victim.client : undefined };
    },
  },
  {
    route: 'PATCH /api/users/:id/verify',
    expected: adminOnly(200),
    call: async (role) => {
      const target = await freshAccount();
      return { url: `/api/users/${target.id}/verify`, payload: { isVerified: true }, as: role === 'owner' ? target.client : undefined };
    },
  },
  { route: 'GET /api/admin/notes', expected: adminOnly(200), call: () => ({ url: '/api/admin/notes' }) },
  // `owner` wrote this public note: deleting it through the admin route is still for admins.
  {
    route: 'DELETE /api/admin/notes/:id',
    expected: adminOnly(204),
    call: async () => ({ url: `/api/admin/notes/${await newNote('public')}` }),
  },
  { route: 'GET /api/admin/vendors', expected: adminOnly(200), call: () => ({ url: '/api/admin/vendors' }) },
  {
    route: 'POST /api/admin/vendors',
    expected: adminOnly(201),
    call: () => ({ url: '/api/admin/vendors', payload: { name: uniqueName('Vendor') } }),
  },
  {
    route: 'PATCH /api/admin/vendors/:id',
    expected: adminOnly(200),
    call: () => ({ url: `/api/admin/vendors/${f.adminVendor}`, payload: { active: true } }),
  },

  // Moderation (docs/decisions/025): admins only, each action with a reason.
  {
    route: 'POST /api/admin/items/:id/hide',
    expected: adminOnly(204),
    call: async () => ({ url: `/api/admin/items/${await newItem()}/hide`, payload: { reason: 'Looks like a scam' } }),
  },
  {
    route: 'POST /api/admin/items/:id/unhide',
    expected: adminOnly(204),
    call: async () => {
      const id = await newItem();
      const hidden = await browsers.admin.post(`/api/admin/items/${id}/hide`, { reason: 'For a while' });
      if (hidden.statusCode !== 204) throw new Error(`fixture: hide answered ${hidden.statusCode} ${hidden.body}`);
      return { url: `/api/admin/items/${id}/unhide`, payload: { reason: 'Cleared' } };
    },
  },
  {
    route: 'POST /api/admin/users/:id/warn',
    expected: adminOnly(204),
    call: async () => ({ url: `/api/admin/users/${(await bareUser()).id}/warn`, payload: { reason: 'Be kind' } }),
  },
  {
    route: 'POST /api/admin/users/:id/suspend',
    expected: adminOnly(204),
    call: async () => ({ url: `/api/admin/users/${(await bareUser()).id}/suspend`, payload: { reason: 'Spam', days: 3 } }),
  },
  {
    route: 'POST /api/admin/users/:id/lift-suspension',
    expected: adminOnly(204),
    call: async () => {
      const user = await bareUser({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'Spam' });
      return { url: `/api/admin/users/${user.id}/lift-suspension`, payload: { reason: 'Appeal accepted' } };
    },
  },
  { route: 'GET /api/admin/moderation-actions', expected: adminOnly(200), call: () => ({ url: '/api/admin/moderation-actions' }) },
  {
    route: 'GET /api/admin/people/:username',
    expected: adminOnly(200),
    call: async () => ({ url: `/api/admin/people/${(await bareUser()).username}` }),
  },
  {
    route: 'DELETE /api/admin/people/:username/sessions',
    expected: adminOnly(204),
    call: async () => ({ url: `/api/admin/people/${(await bareUser()).username}/sessions` }),
  },
  { route: 'GET /api/me/moderation', expected: signedIn(200), call: () => ({ url: '/api/me/moderation' }) },
  // A support request's thread: its author and the admins; anyone else meets an unknown request.
  {
    route: 'GET /api/support-requests/:id/replies',
    expected: { ...ownerOnly(200, 404), admin: 200 },
    call: () => ({ url: `/api/support-requests/${f.support}/replies` }),
  },
  {
    route: 'POST /api/support-requests/:id/replies',
    expected: { ...ownerOnly(201, 404), admin: 201 },
    call: () => ({ url: `/api/support-requests/${f.support}/replies`, payload: { body: 'Any news on this?' } }),
  },
];

const methodOf = (row: Row) => row.route.split(' ')[0]!;
const isWrite = (row: Row) => !['GET', 'HEAD'].includes(methodOf(row));
/** The writes the CSRF rule covers: all but those that say why not. */
const needsCsrf = (row: Row) => isWrite(row) && row.noCsrfBecause === undefined;

/** Sends a row's request as a role, from a copy of the role's browser (so sign-ins and sign-outs stay there). */
async function callAs(row: Row, role: Role) {
  const call = await row.call(role);
  const browser = await (call.as ?? browsers[role]).fork();
  if (call.stream) {
    base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}${call.url}`, { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    stream.close();
    return { statusCode: stream.status, body: stream.body, json: () => JSON.parse(stream.body) as unknown };
  }
  const res = await browser.request({ method: methodOf(row), url: call.url, payload: call.payload as object, headers: call.headers });
  return res;
}

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_USERNAME: 'matrix_admin', ADMIN_PASSWORD: PASSWORD, MESSAGE_RATE_LIMIT_MAX: '1000' },
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
      },
    },
  );
  // The notification worker would change its tables between two fingerprints of the database (CSRF
  // checks below); this suite is about who may call what, so the outbox just fills up here.
  await t.app.notifications.stop();
  passwordHash = await hashPassword(PASSWORD);
  // A topic of optional mail, registered as a feature that sends such mail registers its own.
  t.app.unsubscribeTopics.set('matrix', async () => {});
  browsers.visitor = new TestClient(t.app);
  for (const role of ['user', 'owner', 'other'] as const) browsers[role] = (await freshAccount()).client;
  browsers.admin = new TestClient(t.app);
  await browsers.admin.login('matrix_admin', PASSWORD);

  const { payload, headers } = multipart([{ field: 'image', filename: 'chair.jpg', type: 'image/jpeg', data: await jpegWithGps(64, 48) }]);
  f.imageUrl = (
    await json<{ imageUrl: string }>(browsers.owner.request({ method: 'POST', url: '/api/upload-image', payload, headers }), 201)
  ).imageUrl;
  f.vendorId = (await json<{ id: number }[]>(browsers.visitor.get('/api/vendors'), 200))[0]!.id;
  f.item = await newItem();
  f.conversation = (
    await json<{ id: number }>(browsers.other.post(`/api/items/${f.item}/messages`, { body: 'Hello, is it free?' }), 201)
  ).id;
  const otherName = (await json<{ username: string }>(browsers.other.get('/api/user'), 200)).username;
  f.link = (await json<{ id: number }>(browsers.owner.post('/api/links', { username: otherName }), 201)).id;
  await json(send(browsers.owner, 'PATCH', `/api/links/${f.link}`, { hasNoteAccess: true }), 200);
  f.note = await newNote('linked');
  f.support = (
    await json<{ id: number }>(browsers.owner.post('/api/support-requests', { type: 'other', description: 'Please look at this' }), 201)
  ).id;
  f.adminVendor = (await json<{ id: number }>(browsers.admin.post('/api/admin/vendors', { name: uniqueName('Shop') }), 201)).id;
  const hidden = await freshAccount();
  await json(send(hidden.client, 'PATCH', '/api/me', { isVisible: false }), 200);
  f.hidden = hidden.client;
  f.hiddenName = hidden.username;
  f.loginName = (await bareUser()).username;
  f.resetName = (await bareUser()).username;
  f.reporter = (await freshAccount()).client;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the table lists every route', () => {
  it('has a row for each /api route the app registers, and no row without a route', () => {
    const listed = TABLE.map((r) => r.route);
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    const missing = [...registered].filter((r) => r.split(' ')[1]!.startsWith('/api') && !listed.includes(r));
    expect(missing, 'routes with no row in the authorisation matrix').toEqual([]);
    expect(
      listed.filter((r) => !registered.has(r)),
      'rows for routes the app does not have',
    ).toEqual([]);
  });
});

describe('authorisation matrix', () => {
  it.each(TABLE.map((row) => [row.route, row] as const))(
    '%s',
    async (_route, row) => {
      const actual = {} as Expected;
      const bodies: string[] = [];
      for (const role of ROLES) {
        const res = await callAs(row, role);
        actual[role] = res.statusCode;
        if (res.statusCode !== row.expected[role]) bodies.push(`${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode === 401) expect(res.json()).toEqual({ message: en(MSG.notSignedIn) });
      }
      expect(actual, bodies.join('\n')).toEqual(row.expected);
    },
    60_000,
  );
});

/** Every table's rows, as one fingerprint per table: a write that changed anything changes it. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await queryRows<{ tablename: string }>(
    t.app.db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      t.app.db,
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${tablename}" x`),
    );
    out[tablename] = `${row!.n}:${row!.h}`;
  }
  return out;
}

describe('CSRF: every write without a token, or with a wrong one, is refused and changes nothing', () => {
  const writes = TABLE.filter(needsCsrf);

  it('covers the writes of the table', () => {
    expect(writes.length).toBeGreaterThan(30);
  });

  it.each(writes.map((row) => [row.route, row] as const))(
    '%s',
    async (_route, row) => {
      // The role that may make this call: without the token it would succeed.
      const role = (['owner', 'user', 'other', 'admin', 'visitor'] as const).find((r) => row.expected[r] < 300)!;
      const call = await row.call(role);
      const browser = await (call.as ?? browsers[role]).fork();
      const foreign = await new TestClient(t.app).csrf();
      const own = await browser.csrf();
      const before = await fingerprint();
      const request = (token?: string) =>
        browser.request({
          method: methodOf(row),
          url: call.url,
          payload: call.payload as object,
          headers: { ...call.headers, ...(token === undefined ? {} : { 'x-csrf-token': token }) },
          csrf: false,
        });
      const wrong = [undefined, foreign, `${own.split('.')[0]}.${'A'.repeat(43)}`, 'forged', ''];
      for (const token of wrong) {
        const res = await request(token);
        expect(res.statusCode, `token ${JSON.stringify(token)}`).toBe(403);
        expect(res.json()).toEqual({ message: en(MSG.invalidCsrf), code: 'invalid_csrf' });
      }
      expect(await fingerprint()).toEqual(before);
      // The same request with the right token goes through: it was refused for the token alone.
      expect((await request(own)).statusCode).toBe(row.expected[role]);
    },
    60_000,
  );
});

/**
 * Other spellings of a write's path that a router, a proxy or a URL parser might read as the same
 * route: percent-encoded letters (lower- and upper-case hex), encoded slashes, doubled slashes, dot
 * segments, other letter cases and a trailing slash. The /api rules must hold for each of them.
 */
function pathVariants(url: string): string[] {
  const [pathname, query = ''] = url.split('?');
  const rest = pathname!.slice('/api'.length);
  const q = query ? `?${query}` : '';
  const hex = (c: string, upper: boolean) => `%${c.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`;
  const encodeLetters = (text: string, upper: boolean) => text.replace(/[a-z]/g, (c) => hex(c, upper));
  const firstLetter = (text: string, upper: boolean) => text.replace(/[a-z]/, (c) => hex(c, upper));
  return [
    `/%61pi${rest}`,
    `/ap%69${rest}`,
    `/%41pi${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `/api${rest.toUpperCase()}`,
    `/api${firstLetter(rest, false)}`,
    `/api${firstLetter(rest, true)}`,
    `${encodeLetters('/api', false)}${encodeLetters(rest, false)}`,
    `${encodeLetters('/api', true)}${encodeLetters(rest, true)}`,
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `%2Fapi${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/x/../api${rest}`,
    `/api/./${rest.slice(1)}`,
    `/api/x/..${rest}`,
    `/x/%2e%2e/api${rest}`,
    `/x/%2E%2E/api${rest}`,
    `/api${rest}/`,
  ].map((variant) => `${variant}${q}`);
}

describe('CSRF holds for every spelling of a write’s path: refused (403) or not routed (404), never run', () => {
  const writes = TABLE.filter(needsCsrf);

  it('builds the variants it claims to', () => {
    expect(pathVariants('/api/notes/12?x=1')).toEqual(
      expect.arrayContaining([
        '/%61pi/notes/12?x=1',
        '/api%2Fnotes/12?x=1',
        '//api/notes/12?x=1',
        '/x/../api/notes/12?x=1',
        '/API/notes/12?x=1',
        '/%61%70%69/%6e%6f%74%65%73/12?x=1',
        '/%61%70%69/%6E%6F%74%65%73/12?x=1',
      ]),
    );
  });

  it.each(writes.map((row) => [row.route, row] as const))(
    '%s',
    async (_route, row) => {
      const role = (['owner', 'user', 'other', 'admin', 'visitor'] as const).find((r) => row.expected[r] < 300)!;
      const call = await row.call(role);
      const browser = await (call.as ?? browsers[role]).fork();
      const before = await fingerprint();
      const answers: string[] = [];
      for (const url of pathVariants(call.url)) {
        const res = await browser.request({
          method: methodOf(row),
          url,
          payload: call.payload as object,
          headers: call.headers,
          csrf: false,
        });
        const refused = res.statusCode === 403 && res.json().message === en(MSG.invalidCsrf);
        if (!refused && res.statusCode !== 404) answers.push(`${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(answers, 'variants that were not refused').toEqual([]);
      expect(await fingerprint()).toEqual(before);
    },
    60_000,
  );
});

describe('writes a browser says come from another site are refused, with a valid token too', () => {
  const row = TABLE.find((r) => r.route === 'POST /api/notes')!;
  const crossSite: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    // A sibling subdomain can set cookies for the whole site: it is another site here.
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost.evil.example' },
    { origin: 'https://localhost' },
    { origin: 'http://localhost:3000' },
  ];

  it.each(crossSite)('%j: 403 with a message, nothing stored', async (headers) => {
    const browser = await browsers.owner.fork();
    const before = await fingerprint();
    for (const url of ['/api/notes', '/%61pi/notes']) {
      const res = await browser.request({ method: 'POST', url, payload: (await row.call('owner')).payload as object, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: en(MSG.crossSiteRequest) });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('same-origin writes, and clients that send neither header, still follow the token rule', async () => {
    const browser = await browsers.owner.fork();
    const payload = (await row.call('owner')).payload as object;
    // inject sends Host: localhost:80; a browser leaves the default port out of Origin.
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
      { origin: 'http://LOCALHOST:80' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      {},
    ]) {
      expect((await browser.request({ method: 'POST', url: '/api/notes', payload, headers })).statusCode, JSON.stringify(headers)).toBe(
        201,
      );
      const without = await browser.request({ method: 'POST', url: '/api/notes', payload, headers, csrf: false });
      expect(without.statusCode).toBe(403);
      expect(without.json()).toEqual({ message: en(MSG.invalidCsrf), code: 'invalid_csrf' });
    }
  });
});

describe('a hidden account answers exactly as an unknown name does, for everyone but admins', () => {
  /** Every route that takes another person's username, with a valid request naming `username`. */
  const BY_NAME: { route: string; method: 'GET' | 'POST'; url: (username: string) => string; payload?: (username: string) => object }[] = [
    { route: 'GET /api/users/profile/:username', method: 'GET', url: (username) => `/api/users/profile/${username}` },
    { route: 'POST /api/links', method: 'POST', url: () => '/api/links', payload: (username) => ({ username }) },
    { route: 'POST /api/blocks', method: 'POST', url: () => '/api/blocks', payload: (username) => ({ username }) },
    { route: 'POST /api/reports', method: 'POST', url: () => '/api/reports', payload: (username) => ({ username, reason: 'spam' }) },
  ];
  const ask = async (as: TestClient, row: (typeof BY_NAME)[number], username: string) =>
    (await as.fork()).request({ method: row.method, url: row.url(username), payload: row.payload?.(username) });

  it.each(BY_NAME.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const hidden = await freshAccount();
    await json(send(hidden.client, 'PATCH', '/api/me', { isVisible: false }), 200);
    const unknown = uniqueName('nobody');
    for (const role of ['visitor', 'user', 'owner', 'other'] as const) {
      if (role === 'visitor' && row.method !== 'GET') continue;
      const [toHidden, toUnknown] = [await ask(browsers[role], row, hidden.username), await ask(browsers[role], row, unknown)];
      expect(toUnknown.statusCode, `${role}: unknown`).toBe(404);
      expect({ status: toHidden.statusCode, body: toHidden.json() }, role).toEqual({
        status: toUnknown.statusCode,
        body: toUnknown.json(),
      });
      // The letter case of the name changes nothing either.
      expect((await ask(browsers[role], row, hidden.username.toUpperCase())).json()).toEqual(toUnknown.json());
    }
    // Admins see every account.
    expect((await ask(browsers.admin, row, hidden.username)).statusCode).toBe(row.method === 'GET' ? 200 : 201);
  });

  it('the person a hidden account writes to knows its name there, and can still block and report it', async () => {
    const hidden = await freshAccount();
    await json(send(hidden.client, 'PATCH', '/api/me', { isVisible: false }), 200);
    await json(hidden.client.post(`/api/items/${await newItem()}/messages`, { body: 'Is it still free?' }), 201);
    const owner = await browsers.owner.fork();
    expect((await owner.post('/api/blocks', { username: hidden.username })).statusCode).toBe(201);
    expect((await owner.post('/api/reports', { username: hidden.username, reason: 'spam' })).statusCode).toBe(201);
    // The profile page stays hidden from them.
    expect((await owner.get(`/api/users/profile/${hidden.username}`)).statusCode).toBe(404);
    // Anyone else still meets an unknown name.
    expect((await (await browsers.user.fork()).post('/api/blocks', { username: hidden.username })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/notes/:id acts on public notes only', () => {
  it.each(['private', 'linked'] as const)('a %s note is not found for every role, admins included, and stays', async (visibility) => {
    const note = await newNote(visibility);
    const before = await fingerprint();
    for (const role of ROLES) {
      const res = await (await browsers[role].fork()).request({ method: 'DELETE', url: `/api/admin/notes/${note}` });
      expect(res.statusCode, role).toBe({ visitor: 401, user: 403, owner: 403, other: 403, admin: 404 }[role]);
    }
    expect(await fingerprint()).toEqual(before);
    expect((await (await browsers.owner.fork()).get(`/api/notes/${note}`)).statusCode).toBe(200);
  });
});

describe('a suspended person: every write refused with a clear 403 (code suspended), but the allow-list', () => {
  const writes = TABLE.filter(isWrite);

  it('the allow-list names only routes of the table', () => {
    expect([...SUSPENSION_ALLOWED_WRITES].filter((r) => !TABLE.some((row) => row.route === r))).toEqual([]);
  });

  it.each(writes.map((row) => [row.route, row] as const))(
    '%s',
    async (_route, row) => {
      // A signed-in role this call is meant for (visitor-only calls have nobody to suspend).
      const role = (['owner', 'user', 'other', 'admin'] as const).find((r) => row.expected[r] < 300);
      if (!role) return;
      const call = await row.call(role);
      const browser = await (call.as ?? browsers[role]).fork();
      const me = await browser.get('/api/user');
      if (me.statusCode !== 200) return;
      const id = me.json<{ id: number }>().id;
      await t.app.db
        .update(users)
        .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'Matrix test' })
        .where(eq(users.id, id));
      try {
        const before = await fingerprint();
        const res = await browser.request({ method: methodOf(row), url: call.url, payload: call.payload as object, headers: call.headers });
        if (SUSPENSION_ALLOWED_WRITES.has(row.route)) {
          expect(res.statusCode, res.body).toBe(row.expected[role]);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().code).toBe('suspended');
          expect(res.json().message).toMatch(/^Your account is suspended until .* Reason: Matrix test$/);
          expect(await fingerprint()).toEqual(before);
        }
      } finally {
        await t.app.db.update(users).set({ suspendedUntil: null, suspensionReason: null }).where(eq(users.id, id));
      }
    },
    60_000,
  );
});
