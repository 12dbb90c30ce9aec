import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.js';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (q: ReturnType<typeof sql>) => t.app.db.execute(q);
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.app.db, q);
const sqlState = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
};

async function newUser(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`insert into users (username, password) values (${name}, 'x') returning id`);
  return row!.id;
}

describe('migrations', () => {
  it('creates the extensions cube, earthdistance and pg_trgm', async () => {
    const ext = await rows<{ extname: string }>(sql`select extname from pg_extension order by extname`);
    expect(ext.map((e) => e.extname)).toEqual(expect.arrayContaining(['cube', 'earthdistance', 'pg_trgm']));
    const [d] = await rows<{ km: number }>(sql`select earth_distance(ll_to_earth(40, -74), ll_to_earth(41, -74)) / 1000 as km`);
    expect(Number(d!.km)).toBeCloseTo(111.3, 0);
  });

  it('has every table of the product plus sessions', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'linked_users',
        'notes',
        'payment_vendors',
        'user_payment_ids',
        'support_requests',
        'items',
        'sessions',
      ]),
    );
  });

  it('stores coordinates as numeric(10,8) and numeric(11,8) and tags as text[]', async () => {
    const cols = await rows<{ column_name: string; data_type: string; numeric_precision: number; numeric_scale: number; udt_name: string }>(
      sql`select column_name, data_type, numeric_precision, numeric_scale, udt_name from information_schema.columns where table_name = 'items'`,
    );
    const col = (n: string) => cols.find((c) => c.column_name === n)!;
    expect(col('latitude')).toMatchObject({ data_type: 'numeric', numeric_precision: 10, numeric_scale: 8 });
    expect(col('longitude')).toMatchObject({ data_type: 'numeric', numeric_precision: 11, numeric_scale: 8 });
    expect(col('tags')).toMatchObject({ data_type: 'ARRAY', udt_name: '_text' });
  });

  it('seeds the common payment vendors', async () => {
    const v = await rows<{ name: string; active: boolean }>(sql`select name, active from payment_vendors`);
    expect(v.map((x) => x.name)).toEqual(expect.arrayContaining(['PayPal', 'Venmo', 'Cash App', 'Stripe', 'Apple Pay', 'Google Pay']));
    expect(v.every((x) => x.active)).toBe(true);
  });
});

describe('constraints', () => {
  it('usernames are unique in any letter case', async () => {
    await newUser('Unique_Name');
    expect(await sqlState(newUser('unique_name'))).toBe('23505');
  });

  it('applies the defaults of the product', async () => {
    const id = await newUser('defaults_user');
    const [u] = await rows<Record<string, unknown>>(sql`select * from users where id = ${id}`);
    expect(u).toMatchObject({ is_phone_verified: false, is_admin: false, is_visible: true, marked_for_deletion: false });
    const [n] = await rows<{ visibility: string }>(
      sql`insert into notes (user_id, created_by_id, content) values (${id}, ${id}, 'hello') returning visibility`,
    );
    expect(n!.visibility).toBe('private');
    const [s] = await rows<{ status: string }>(
      sql`insert into support_requests (user_id, type, description) values (${id}, 'other', 'something long') returning status`,
    );
    expect(s!.status).toBe('pending');
    const [i] = await rows<{ status: string; tags: string[]; exact_location: boolean }>(
      sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude) values (${id}, 'Chair', 'A good chair', '/x.webp', 40.7128, -74.006, 40.714, -74.004) returning status, tags, exact_location`,
    );
    expect(i).toMatchObject({ status: 'available', tags: [], exact_location: false });
  });

  it('refuses values outside the allowed lists and ranges', async () => {
    const id = await newUser('checks_user');
    const item = (status: string, lat: number, lng: number) =>
      run(
        sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, status) values (${id}, 't', 'd', 'i', ${lat}, ${lng}, 1, 1, ${status})`,
      );
    expect(await sqlState(item('sold', 1, 1))).toBe('23514');
    expect(await sqlState(item('available', 91, 1))).not.toBe('ok');
    expect(await sqlState(item('available', 1, 181))).not.toBe('ok');
    // A place without its published (approximate) point is refused.
    expect(
      await sqlState(
        run(sql`insert into items (user_id, title, description, image_url, latitude, longitude) values (${id}, 't', 'd', 'i', 1, 1)`),
      ),
    ).toBe('23514');
    expect(await sqlState(run(sql`insert into notes (user_id, content, visibility) values (${id}, 'x', 'friends')`))).toBe('23514');
    expect(await sqlState(run(sql`insert into support_requests (user_id, type, description) values (${id}, 'refund', 'x')`))).toBe('23514');
    expect(
      await sqlState(run(sql`insert into support_requests (user_id, type, description, status) values (${id}, 'other', 'x', 'closed')`)),
    ).toBe('23514');
    expect(await sqlState(run(sql`insert into linked_users (user_id, linked_user_id) values (${id}, ${id})`))).toBe('23514');
  });

  it('deleting a user removes their sessions, items, notes and links, keeps support requests and notes they wrote for others', async () => {
    const gone = await newUser('leaving_user');
    const stays = await newUser('staying_user');
    await run(sql`insert into sessions (id, user_id, expires_at) values ('h1', ${gone}, now() + interval '1 day')`);
    await run(sql`insert into items (user_id, title, description, image_url) values (${gone}, 'Lamp', 'A lamp to give', '/l.webp')`);
    await run(sql`insert into notes (user_id, created_by_id, content) values (${gone}, ${gone}, 'mine')`);
    await run(sql`insert into notes (user_id, created_by_id, content) values (${stays}, ${gone}, 'for you')`);
    await run(sql`insert into linked_users (user_id, linked_user_id) values (${stays}, ${gone})`);
    await run(sql`insert into support_requests (user_id, type, description) values (${gone}, 'account_deletion', 'please delete me')`);
    const [vendor] = await rows<{ id: number }>(sql`select id from payment_vendors limit 1`);
    await run(sql`insert into user_payment_ids (user_id, vendor_id, payment_id) values (${gone}, ${vendor!.id}, 'pay-me')`);

    await run(sql`delete from users where id = ${gone}`);

    const count = async (table: string, where = sql`true`) =>
      Number((await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n);
    expect(await count('sessions', sql`user_id = ${gone}`)).toBe(0);
    expect(await count('items', sql`user_id = ${gone}`)).toBe(0);
    expect(await count('notes', sql`user_id = ${gone}`)).toBe(0);
    expect(await count('linked_users', sql`linked_user_id = ${gone}`)).toBe(0);
    expect(await count('user_payment_ids', sql`user_id = ${gone}`)).toBe(0);
    expect(await count('notes', sql`user_id = ${stays} and created_by_id is null`)).toBe(1);
    expect(await count('support_requests', sql`type = 'account_deletion' and user_id is null`)).toBe(1);
  });

  it('a vendor in use cannot be deleted (deactivate it instead)', async () => {
    const id = await newUser('vendor_user');
    const [vendor] = await rows<{ id: number }>(sql`insert into payment_vendors (name) values ('Test Pay') returning id`);
    await run(sql`insert into user_payment_ids (user_id, vendor_id, payment_id) values (${id}, ${vendor!.id}, 'x')`);
    // restrict_violation on PostgreSQL 18 (PGlite), foreign_key_violation on older servers.
    expect(['23001', '23503']).toContain(await sqlState(run(sql`delete from payment_vendors where id = ${vendor!.id}`)));
  });
});
