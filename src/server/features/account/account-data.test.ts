import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'data_admin', ADMIN_PASSWORD: 'admin-password' });
  // Rounds of the notification worker run when a test asks (a background round could hold an event mid-way).
  await t.app.notifications.stop();
});
afterAll(async () => {
  await t?.close();
});

let shade = 0;
/** A user with a payment link, an item, a note, a link, a conversation about someone else's item and a saved alert. */
async function busyUser() {
  const client = new TestClient(t.app);
  const user = await client.register(uniqueName('busy'), 'my-password');
  const neighbour = new TestClient(t.app);
  const neighbourUser = await neighbour.register(uniqueName('neighbour'));
  const vendors = (await client.get('/api/vendors')).json();
  await client.post('/api/me/payment-ids', { vendorId: vendors[0].id, paymentId: 'pay-me@example.com' });
  const imageUrl = (await client.upload([{ data: await jpegWithGps(300, 200, { r: 5, g: 6, b: ++shade }) }])).json().imageUrl;
  const item = (
    await client.post('/api/items', {
      title: 'Spare bike pump',
      description: 'Works fine, ask away.',
      imageUrl,
      latitude: 40.7,
      longitude: -74,
    })
  ).json();
  await client.post('/api/notes', { content: 'My private reminder', visibility: 'private' });
  await client.post('/api/links', { username: neighbourUser.username });
  const neighbourImage = (await neighbour.upload([{ data: await jpegWithGps(300, 200, { r: 8, g: 9, b: 100 + ++shade }) }])).json()
    .imageUrl;
  const theirs = (
    await neighbour.post('/api/items', {
      title: 'Garden hose',
      description: 'Twenty metres, no leaks.',
      imageUrl: neighbourImage,
      latitude: 40.7,
      longitude: -74,
    })
  ).json();
  await client.post(`/api/items/${theirs.id}/messages`, { body: 'Could I have the hose?' });
  await client.post('/api/alerts', { query: 'ladder', latitude: 40.7, longitude: -74, radiusKm: 2 });
  await neighbour.post('/api/alerts', { query: 'not mine to download' });
  return { client, user, item, imageUrl, neighbour, theirs };
}

describe('GET /api/me/export', () => {
  it('downloads everything stored about me as JSON, without secrets', async () => {
    const { client, user, item } = await busyUser();
    const res = await client.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="sharenearby-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = res.json();
    expect(data.profile).toMatchObject({ id: user.id, username: user.username });
    expect(data.paymentLinks).toEqual([expect.objectContaining({ payment_id: 'pay-me@example.com' })]);
    expect(data.items).toEqual([expect.objectContaining({ id: item.id, title: 'Spare bike pump' })]);
    expect(data.notes).toEqual([expect.objectContaining({ content: 'My private reminder' })]);
    expect(data.links).toHaveLength(1);
    expect(data.conversations).toHaveLength(1);
    expect(data.messages).toEqual([expect.objectContaining({ body: 'Could I have the hose?' })]);
    expect(data.savedAlerts).toEqual([
      expect.objectContaining({ query: 'ladder', tag: null, latitude: 40.7, longitude: -74, radius_m: 2000, paused: false }),
    ]);
    expect(res.body).not.toMatch(/argon2|"password"|verification_code/);
  });

  it('holds my notifications, what was sent to me by other channels, and my notification choices', async () => {
    const { client, neighbour, theirs } = await busyUser();
    await t.app.notifications.runOnce();
    const put = await client.request({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { preferences: { message: { email: 'off' } } },
    });
    expect(put.statusCode).toBe(200);

    const mine = (await client.get('/api/me/export')).json();
    expect(mine.notificationPreferences).toEqual([{ type: 'message', channel: 'email', mode: 'off' }]);
    expect(mine.notifications).toEqual([]);

    // The neighbour was asked about the hose: the bell's entry and its e-mail delivery are theirs.
    const theirsExport = (await neighbour.get('/api/me/export')).json();
    expect(theirsExport.notifications).toEqual([
      expect.objectContaining({ type: 'item_asked', item_id: theirs.id, read_at: null, count: 1 }),
    ]);
    expect(theirsExport.notificationDeliveries).toEqual([
      expect.objectContaining({ channel: 'email', type: 'item_asked', item_id: theirs.id }),
    ]);
    expect(theirsExport.notificationPreferences).toEqual([]);
  });

  it('is for the signed-in user only', async () => {
    expect((await new TestClient(t.app).get('/api/me/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('needs the password again; then the account, its items, images, notes, messages and sessions are gone', async () => {
    const { client, user, item, imageUrl, neighbour, theirs } = await busyUser();
    const wrong = await client.request({ method: 'DELETE', url: '/api/me', payload: { password: 'not-it' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    const missing = await client.request({ method: 'DELETE', url: '/api/me', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const elsewhere = new TestClient(t.app);
    await elsewhere.post('/api/login', { username: user.username, password: 'my-password' });
    const res = await client.request({ method: 'DELETE', url: '/api/me', payload: { password: 'my-password' } });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', { username: user.username, password: 'my-password' })).statusCode).toBe(401);
    expect((await neighbour.get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'uploads', path.basename(imageUrl)))).toBe(false);
    const [counts] = await queryRows<Record<string, number>>(
      t.app.db,
      sql`SELECT (SELECT count(*)::int FROM notes WHERE user_id = ${user.id} OR created_by_id = ${user.id}) AS notes,
                 (SELECT count(*)::int FROM conversations WHERE requester_id = ${user.id}) AS conversations,
                 (SELECT count(*)::int FROM user_payment_ids WHERE user_id = ${user.id}) AS links,
                 (SELECT count(*)::int FROM sessions WHERE user_id = ${user.id}) AS sessions`,
    );
    expect(counts).toEqual({ notes: 0, conversations: 0, links: 0, sessions: 0 });
    // The neighbour's own item is untouched.
    expect((await neighbour.get(`/api/items/${theirs.id}`)).statusCode).toBe(200);
  });

  it('refuses visitors (401) and admins (403: an admin account is removed by another admin)', async () => {
    expect((await new TestClient(t.app).request({ method: 'DELETE', url: '/api/me', payload: { password: 'x' } })).statusCode).toBe(401);
    const admin = new TestClient(t.app);
    await admin.login('data_admin', 'admin-password');
    const res = await admin.request({ method: 'DELETE', url: '/api/me', payload: { password: 'admin-password' } });
    expect(res.statusCode).toBe(403);
    expect((await admin.get('/api/user')).statusCode).toBe(200);
  });
});
