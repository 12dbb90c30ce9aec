import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_CAP } from '#shared/people.js';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let visitor: TestClient;
let signedIn: TestClient;
let author: { id: number; username: string };

/** Users straight into the table: search needs names and flags, not passwords. */
async function addUser(username: string, flags: { verified?: boolean; visible?: boolean } = {}) {
  const [row] = await queryRows<{ id: number }>(
    t.app.db,
    sql`insert into users (username, password, is_phone_verified, is_visible)
        values (${username}, 'not-a-hash', ${flags.verified ?? false}, ${flags.visible ?? true}) returning id`,
  );
  return row!.id;
}

async function addNote(content: string, visibility: string, createdById: number | null = author.id, ageMinutes = 0) {
  await t.app.db.execute(
    sql`insert into notes (user_id, created_by_id, content, visibility, created_at)
        values (${author.id}, ${createdById}, ${content}, ${visibility}, now() - make_interval(mins => ${ageMinutes}))`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'search_admin', ADMIN_PASSWORD: 'admin-password' });
  visitor = new TestClient(t.app);
  signedIn = new TestClient(t.app);
  author = await signedIn.register('noteauthor');
  await addUser('zed.Gardener', { verified: false });
  await addUser('ann_gardener', { verified: false });
  await addUser('Bob-gardener', { verified: true });
  await addUser('hidden_gardener', { verified: true, visible: false });
  await addUser('percent_x');
  await addUser('percentax');
  await addNote('Fresh eggs every morning, ring the GARDEN bell', 'public', author.id, 3);
  await addNote('Garden tools to lend, ask me', 'public', author.id, 1);
  await addNote('My garden diary', 'private');
  await addNote('Garden key under the pot', 'linked');
  await addNote('Discount: 100% free garden compost', 'public', null, 2);
  await addNote('path C:\\garden\\shed and a_b and a%b', 'public', author.id, 5);
});
afterAll(async () => {
  await t?.close();
});

const search = async (query: string, client = visitor) => {
  const res = await client.get(`/api/search?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    users: { id: number; username: string; isPhoneVerified: boolean }[];
    publicNotes: { content: string; username: string | null; createdAt: string }[];
  }>();
};

describe('GET /api/search', () => {
  it('is open to visitors, signed-in users and admins alike (hidden users stay hidden from all)', async () => {
    const admin = new TestClient(t.app);
    await admin.login('search_admin', 'admin-password');
    const asVisitor = await search('gardener');
    expect(await search('gardener', signedIn)).toEqual(asVisitor);
    expect(await search('gardener', admin)).toEqual(asVisitor);
  });

  it('finds visible users by any part of the name in any letter case, verified first, then by name', async () => {
    const { users } = await search('GARDENER');
    expect(users.map((u) => u.username)).toEqual(['Bob-gardener', 'ann_gardener', 'zed.Gardener']);
    expect(users[0]).toEqual({ id: expect.any(Number), username: 'Bob-gardener', isPhoneVerified: true });
    expect(Object.keys(users[1]!).sort()).toEqual(['id', 'isPhoneVerified', 'username']);
  });

  it('never lists a hidden user', async () => {
    expect((await search('hidden')).users).toEqual([]);
  });

  it('finds public notes only, newest first, with the author (null when gone) and an ISO date', async () => {
    const { publicNotes } = await search('garden');
    expect(publicNotes.map((n) => n.content)).toEqual([
      'Garden tools to lend, ask me',
      'Discount: 100% free garden compost',
      'Fresh eggs every morning, ring the GARDEN bell',
      'path C:\\garden\\shed and a_b and a%b',
    ]);
    expect(publicNotes[0]).toEqual({
      id: expect.any(Number),
      content: 'Garden tools to lend, ask me',
      username: 'noteauthor',
      createdAt: expect.any(String),
    });
    expect(new Date(publicNotes[0]!.createdAt).toISOString()).toBe(publicNotes[0]!.createdAt);
    expect(publicNotes[1]!.username).toBeNull();
  });

  it("shows a hidden author's public notes without the author's name, to everyone", async () => {
    const hidden = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = 'hidden_gardener'`);
    await t.app.db.execute(
      sql`insert into notes (user_id, created_by_id, content, visibility) values (${hidden[0]!.id}, ${hidden[0]!.id}, 'Quince jam, a jar for a jar', 'public')`,
    );
    const admin = new TestClient(t.app);
    await admin.login('search_admin', 'admin-password');
    for (const client of [visitor, signedIn, admin]) {
      const { publicNotes } = await search('quince', client);
      expect(publicNotes).toEqual([
        { id: expect.any(Number), content: 'Quince jam, a jar for a jar', username: null, createdAt: expect.any(String) },
      ]);
    }
  });

  it('takes %, _ and \\ literally', async () => {
    expect((await search('percent_')).users.map((u) => u.username)).toEqual(['percent_x']);
    expect((await search('_')).users.map((u) => u.username)).toEqual(['ann_gardener', 'percent_x']);
    expect((await search('%')).users).toEqual([]);
    expect((await search('100%')).publicNotes.map((n) => n.content)).toEqual(['Discount: 100% free garden compost']);
    expect((await search('a%b')).publicNotes).toHaveLength(1);
    expect((await search('a_b')).publicNotes).toHaveLength(1);
    expect((await search('\\garden\\')).publicNotes).toHaveLength(1);
    expect((await search('\\')).publicNotes).toHaveLength(1);
  });

  it('treats SQL as plain text', async () => {
    for (const hostile of ["'; drop table users; --", "' or '1'='1", "garden%' or 1=1 --", ')) union select 1,2,3 --']) {
      expect(await search(hostile)).toEqual({ users: [], publicNotes: [] });
    }
    expect((await search('gardener')).users).toHaveLength(3);
  });

  it(`caps each list at ${SEARCH_RESULTS_CAP}`, async () => {
    for (let i = 0; i < SEARCH_RESULTS_CAP + 3; i++) {
      await addUser(`capped_${String(i).padStart(2, '0')}`);
      await addNote(`capped note ${i}`, 'public', author.id, 100 + i);
    }
    const res = await search('capped');
    expect(res.users).toHaveLength(SEARCH_RESULTS_CAP);
    expect(res.users[0]!.username).toBe('capped_00');
    expect(res.publicNotes).toHaveLength(SEARCH_RESULTS_CAP);
    expect(res.publicNotes[0]!.content).toBe('capped note 0');
  });

  it.each([
    ['', 'Search query is required'],
    ['?query=', 'Search query is required'],
    ['?query=%20%20%20', 'Search query is required'],
    [`?query=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ['?query=a&query=b', 'Search query is required'],
  ])('refuses %s with 400', async (qs, message) => {
    const res = await visitor.get(`/api/search${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a query string far beyond any limit without a crash', async () => {
    const res = await visitor.get(`/api/search?query=${'%25'.repeat(20_000)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
