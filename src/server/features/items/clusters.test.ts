import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { expireItems } from './service.js';

// GET /api/items/clusters (docs/decisions/021-map-clusters.md): the Map view's clusters and single
// items, from per-cell counts kept by statement triggers (migration 0029) or grouped at request time.

let t: TestApp;
let owner: TestClient;
const visitor = () => new TestClient(t.app);

type Cluster = { latitude: number; longitude: number; count: number };
type MapItem = { id: number; latitude: number; longitude: number };
type Answer = { clusters: Cluster[]; items: MapItem[] };

// Wellington: nothing else in this test's database is near it. Items spread within ±0.015°.
const HOME = { lat: -41.29, lng: 174.78 };
const BOX = { west: HOME.lng - 0.016, south: HOME.lat - 0.016, east: HOME.lng + 0.016, north: HOME.lat + 0.016 };
const bbox = (b = BOX) => `${b.west},${b.south},${b.east},${b.north}`;

async function clusters(query: string, client = visitor()): Promise<Answer> {
  const res = await client.get(`/api/items/clusters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}
const total = (a: Answer) => a.clusters.reduce((n, c) => n + c.count, 0) + a.items.length;

/** The list's total for the same filters, over a circle holding the box (and nothing else of this test's). */
async function listTotal(filters = ''): Promise<number> {
  const res = await visitor().get(`/api/items?lat=${HOME.lat}&lng=${HOME.lng}&radiusKm=5${filters}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ pagination: { total: number } }>().pagination.total;
}

/** The cells the triggers kept against a count from scratch of every level: how many differ, and how many are kept. */
async function cellsAgainstACount(): Promise<{ differ: number; cells: number }> {
  const [row] = await queryRows<{ differ: number; cells: number }>(
    t.app.db,
    sql`with direct as (
          select l.level::smallint as level, map_cell_x(i.approx_longitude::float8, l.level) as x,
                 map_cell_y(i.approx_latitude::float8, l.level) as y, count(*)::int as count, sum(i.id)::bigint as sum_id
            from items i cross join generate_series(2, 21) as l(level)
           where item_on_map(i)
           group by 1, 2, 3
        ), kept as (select level, x, y, count, sum_id from item_map_cells)
        select (select count(*)::int from ((select * from direct except select * from kept)
                 union all (select * from kept except select * from direct)) d) as differ,
               (select count(*)::int from kept) as cells`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = new TestClient(t.app);
  const me = await owner.register(uniqueName('map_owner'));
  // 80 items: groups of 1 to 5 share a published point (as items of one place do), each published
  // 0.003° from its exact point; some taken, promised... not listed; some past their expiry that
  // the sweep has not marked; some wants; some "Lamp"s.
  await t.app.db.execute(sql`
    insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude,
                       tags, status, type, created_at, expires_at)
    select ${me.id},
           case when g % 4 = 0 then 'Lamp ' || g else 'Chair ' || g end,
           'A thing for the map test',
           case when g % 9 = 4 then '' else '/uploads/m' || g || '.webp' end,
           p_lat - 0.003, p_lng + 0.003, p_lat, p_lng,
           array['Furniture'],
           case when g % 11 = 3 then 'taken' else 'available' end,
           case when g % 9 = 4 then 'want' else 'offer' end,
           now() - (g || ' minutes')::interval,
           case when g % 13 = 5 then now() - interval '1 minute' else now() + interval '10 days' end
      from generate_series(1, 80) as g,
           lateral (select ${HOME.lat} + ((((g / 3) * 7919) % 300) - 150) / 10000.0 as p_lat,
                           ${HOME.lng} + ((((g / 3) * 6007) % 300) - 150) / 10000.0 as p_lng) as p`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/items/clusters: bad input', () => {
  it.each([
    ['no bbox', 'zoom=3'],
    ['no zoom', `bbox=${bbox()}`],
    ['three numbers', 'bbox=1,2,3&zoom=3'],
    ['five numbers', 'bbox=1,2,3,4,5&zoom=3'],
    ['a word', 'bbox=a,2,3,4&zoom=3'],
    ['an empty part', 'bbox=1,,3,4&zoom=3'],
    ['Infinity', 'bbox=-Infinity,2,3,4&zoom=3'],
    ['NaN', 'bbox=NaN,2,3,4&zoom=3'],
    ['a latitude past 90', 'bbox=1,2,3,91&zoom=3'],
    ['a longitude past 180', 'bbox=1,2,181,4&zoom=3'],
    ['across the 180th meridian (west east of east)', 'bbox=170,-10,-170,10&zoom=3'],
    ['south north of north', 'bbox=1,20,3,10&zoom=3'],
    ['a negative zoom', `bbox=${bbox()}&zoom=-1`],
    ['zoom 21', `bbox=${bbox()}&zoom=21`],
    ['a fractional zoom', `bbox=${bbox()}&zoom=1.5`],
    ['a zoom word', `bbox=${bbox()}&zoom=far`],
    ['two bboxes', `bbox=${bbox()}&bbox=${bbox()}&zoom=3`],
    ['the whole world at street zoom', 'bbox=-180,-85,180,85&zoom=16'],
    ['a radius without a place', `bbox=${bbox()}&zoom=3&radiusKm=5`],
    ['a bad type', `bbox=${bbox()}&zoom=3&type=gift`],
  ])('%s: 400 with a message', async (_name, query) => {
    const res = await visitor().get(`/api/items/clusters?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().message.length).toBeGreaterThan(3);
  });
});

describe('GET /api/items/clusters: what the list shows', () => {
  const zooms = [2, 6, 10, 13, 15, 16, 17, 19];

  it.each(zooms)('at zoom %i clusters and single items sum to the list total of the area', async (zoom) => {
    const expected = await listTotal();
    expect(expected).toBeGreaterThan(40);
    // Small area, big zoom: a bbox within the cell limit.
    const area = zoom >= 19 ? { west: HOME.lng - 0.004, south: HOME.lat - 0.004, east: HOME.lng + 0.004, north: HOME.lat + 0.004 } : BOX;
    const a = await clusters(`bbox=${bbox(area)}&zoom=${zoom}`);
    if (zoom < 19) expect(total(a)).toBe(expected);
    else expect(total(a)).toBeLessThanOrEqual(expected);
    for (const c of a.clusters) expect(c.count).toBeGreaterThanOrEqual(zoom >= 15 ? 2 : 1);
    if (zoom <= 6) expect(a.clusters.length).toBeLessThanOrEqual(2);
    if (zoom >= 16) expect(a.items.length).toBeGreaterThan(0);
  });

  it('clusters split as the zoom grows', async () => {
    const low = await clusters(`bbox=${bbox()}&zoom=6`);
    const high = await clusters(`bbox=${bbox()}&zoom=15`);
    expect(low.clusters.length + low.items.length).toBeLessThan(high.clusters.length + high.items.length);
  });

  it.each([
    ['a search', '&query=lamp&tag=lamp'],
    ['wants', '&type=want'],
    ['offers', '&type=offer'],
    ['a tag', '&tag=furniture'],
  ])('with %s, they sum to the list total of the same filter', async (_name, filters) => {
    const expected = await listTotal(filters);
    expect(expected).toBeGreaterThan(0);
    for (const zoom of [4, 12, 17]) expect(total(await clusters(`bbox=${bbox()}&zoom=${zoom}${filters}`))).toBe(expected);
  });

  it('a search answers the same cells whether the area is tested point by point or its matches are read first', async () => {
    // The area holds more items than twice the list's "lamp"s: the search indexes read the matches.
    const read = async () => Promise.all([4, 12, 17].map((zoom) => clusters(`bbox=${bbox()}&zoom=${zoom}&query=lamp&tag=lamp`)));
    const byMatches = await read();
    expect(total(byMatches[0]!)).toBe(await listTotal('&query=lamp&tag=lamp'));
    // Lamps far away (Lisbon) make the list's matches many: now each point of the area is tested.
    const [me] = await queryRows<{ user_id: number }>(t.app.db, sql`select user_id from items where title like 'Lamp %' limit 1`);
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
      select ${me!.user_id}, 'Far lamp ' || g, 'Not on this map', '/uploads/far.webp', 38.7, -9.1 + g / 1000.0, 38.7, -9.1 + g / 1000.0,
             now() + interval '10 days'
        from generate_series(1, 200) as g`);
    try {
      expect(await read()).toEqual(byMatches);
    } finally {
      await t.app.db.execute(sql`delete from items where title like 'Far lamp %'`);
    }
  });

  it('within a radius of a place, only the items in it', async () => {
    const near = await listTotal('');
    const res = await visitor().get(`/api/items?lat=${HOME.lat}&lng=${HOME.lng}&radiusKm=0.5`);
    const inside = res.json().pagination.total;
    expect(inside).toBeLessThan(near);
    const a = await clusters(`bbox=${bbox()}&zoom=12&lat=${HOME.lat}&lng=${HOME.lng}&radiusKm=0.5`);
    expect(total(a)).toBe(inside);
  });

  it('single items carry the published point only, never the exact one', async () => {
    const a = await clusters(`bbox=${bbox()}&zoom=17`);
    expect(a.items.length).toBeGreaterThan(0);
    for (const item of a.items) {
      const [row] = await queryRows<{ lat: string; lng: string; alat: string; alng: string }>(
        t.app.db,
        sql`select latitude as lat, longitude as lng, approx_latitude as alat, approx_longitude as alng from items where id = ${item.id}`,
      );
      expect(item.latitude).toBeCloseTo(Number(row!.alat), 5);
      expect(item.longitude).toBeCloseTo(Number(row!.alng), 5);
      expect(Math.abs(item.latitude - Number(row!.lat))).toBeGreaterThan(0.002);
      expect(item).not.toHaveProperty('exactLocation');
      // Its id and point only: the card reads the rest (GET /api/items/:id) when opened.
      expect(Object.keys(item).sort()).toEqual(['id', 'latitude', 'longitude']);
      // The item's own page says the same for a visitor.
      const detail = (await visitor().get(`/api/items/${item.id}`)).json();
      expect([detail.latitude, detail.longitude]).toEqual([item.latitude, item.longitude]);
    }
  });
});

describe('GET /api/items/clusters: a single item from its cell', () => {
  it("answers the published point as the item's page does, whatever the cell's sums went through", async () => {
    // Two items in one cell, then one taken away: the cell's running sum of latitudes is then
    // 40.123455 + 40.123755 - 40.123755 = 40.12345499999999 in floating point, which rounded to
    // five decimals is 40.12345, where the item's page (from the stored 40.123455) says 40.12346.
    const [user] = await queryRows<{ id: number }>(t.app.db, sql`select id from users order by id limit 1`);
    const rows = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
          select ${user!.id}, 'Buoy ' || g, 'Out at sea', '/uploads/buoy.webp', lat, -30.5, lat, -30.5, now() + interval '1 day'
            from (values (1, 40.123455), (2, 40.123755)) as v(g, lat)
          returning id`,
    );
    await t.app.db.execute(sql`delete from items where id = ${rows[1]!.id}`);
    for (const zoom of [5, 13, 17]) {
      const a = await clusters(`bbox=-30.52,40.11,-30.48,40.14&zoom=${zoom}`);
      expect(a.items).toEqual([{ id: rows[0]!.id, latitude: 40.12346, longitude: -30.5 }]);
    }
    const page = (await visitor().get(`/api/items/${rows[0]!.id}`)).json<{ latitude: number; longitude: number }>();
    expect([page.latitude, page.longitude]).toEqual([40.12346, -30.5]);
    await t.app.db.execute(sql`delete from items where id = ${rows[0]!.id}`);
  });
});

describe('GET /api/items/clusters: the counts follow the writes', () => {
  // Cape Town: the items of this part only.
  const CAPE = { lat: -33.92, lng: 18.42 };
  const capeBox = `bbox=${CAPE.lng - 1},${CAPE.lat - 1},${CAPE.lng + 1},${CAPE.lat + 1}`;
  const count = async (zoom = 5) => total(await clusters(`${capeBox}&zoom=${zoom}`));
  const cells = async () =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select coalesce(sum(count), 0)::int as n from item_map_cells
          where level = 7 and x = map_cell_x(${CAPE.lng}, 7) and y = map_cell_y(${CAPE.lat}, 7)`,
      )
    )[0]!.n;

  async function postWant(title: string) {
    const res = await owner.post('/api/items', {
      title,
      description: 'Looking for this near Cape Town',
      type: 'want',
      tags: ['Furniture'],
      latitude: CAPE.lat + Math.random() / 100,
      longitude: CAPE.lng + Math.random() / 100,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; latitude: number; longitude: number }>();
  }

  it('a post adds one, taken removes it, available brings it back, delete removes it; past expiry it goes at once', async () => {
    expect(await count()).toBe(0);
    const before = await cells();
    const a = await postWant('Looking for a crib');
    const b = await postWant('Looking for a pram');
    expect(await count()).toBe(2);
    expect(await count(9)).toBe(2);
    expect(await cells()).toBe(before + 2);
    // Far apart at street level: two single items, at their published points.
    const single = await clusters(`bbox=${CAPE.lng - 0.01},${CAPE.lat - 0.01},${CAPE.lng + 0.02},${CAPE.lat + 0.02}&zoom=14`);
    expect(total(single)).toBe(2);

    const patch = (id: number, body: object) => owner.request({ method: 'PATCH', url: `/api/items/${id}`, payload: body });
    // A want has no hand-over (docs/decisions/023): its status changes as a promise of an offer would.
    await t.app.db.execute(sql`update items set status = 'taken' where id = ${a.id}`);
    expect(await count()).toBe(1);
    expect(await cells()).toBe(before + 1);
    await t.app.db.execute(sql`update items set status = 'available' where id = ${a.id}`);
    expect(await count()).toBe(2);
    // A renewal through the API (an UPDATE of the row that keeps it listed) changes nothing.
    expect((await patch(a.id, { renew: true })).statusCode).toBe(200);
    expect(await count()).toBe(2);
    expect(await cells()).toBe(before + 2);

    // Past its expiry but not yet swept: subtracted at request time, so the map matches the list.
    await t.app.db.execute(sql`update items set expires_at = now() - interval '1 second' where id = ${b.id}`);
    expect(await cells()).toBe(before + 2);
    expect(await count()).toBe(1);
    expect(await count(9)).toBe(1);
    await expireItems(t.app.db);
    expect(await cells()).toBe(before + 1);
    expect(await count()).toBe(1);

    expect((await owner.request({ method: 'DELETE', url: `/api/items/${a.id}` })).statusCode).toBe(204);
    expect(await count()).toBe(0);
    expect(await cells()).toBe(before);
  });

  it('an item hidden by the moderators leaves the map (the cells and the request-time grouping) and comes back when unhidden', async () => {
    const admin = new TestClient(t.app);
    const adminId = (await admin.register(uniqueName('map_admin'))).id;
    await t.app.db.execute(sql`update users set is_admin = true where id = ${adminId}`);
    const before = await cells();
    const want = await postWant('Looking for a lamp shade');
    const street = `bbox=${CAPE.lng - 0.01},${CAPE.lat - 0.01},${CAPE.lng + 0.02},${CAPE.lat + 0.02}`;
    const onMap = async () => [
      await count(),
      total(await clusters(`${street}&zoom=17`)),
      total(await clusters(`${capeBox}&zoom=5&query=shade`)),
    ];
    expect(await onMap()).toEqual([1, 1, 1]);
    expect(await cells()).toBe(before + 1);
    const hide = await admin.post(`/api/admin/items/${want.id}/hide`, { reason: 'Not allowed here' });
    expect(hide.statusCode, hide.body).toBe(204);
    expect(await onMap()).toEqual([0, 0, 0]);
    expect(await cells()).toBe(before);
    // Its owner and admins still see it on its page, but the map is the same for everyone.
    expect(total(await clusters(`${capeBox}&zoom=5`, admin))).toBe(0);
    const unhide = await admin.post(`/api/admin/items/${want.id}/unhide`, { reason: 'Checked again' });
    expect(unhide.statusCode, unhide.body).toBe(204);
    expect(await onMap()).toEqual([1, 1, 1]);
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${want.id}` })).statusCode).toBe(204);
    expect(await cells()).toBe(before);
  });

  it('a rebuild gives the counts the triggers kept', async () => {
    type Cell = { level: number; x: number; y: number; count: number; sum_lat: number; sum_lng: number; sum_id: string };
    const read = () => queryRows<Cell>(t.app.db, sql`select * from item_map_cells order by level, x, y`);
    const kept = await read();
    expect(kept.length).toBeGreaterThan(0);
    await t.app.db.execute(sql`select rebuild_item_map_cells()`);
    const rebuilt = await read();
    expect(rebuilt.map((c) => [c.level, c.x, c.y, c.count, c.sum_id])).toEqual(kept.map((c) => [c.level, c.x, c.y, c.count, c.sum_id]));
    rebuilt.forEach((c, i) => expect(c.sum_lat).toBeCloseTo(kept[i]!.sum_lat, 6));
  });

  it('every level holds the cells the projection gives at that level (the nesting of the grid)', async () => {
    const row = await cellsAgainstACount();
    expect(row.cells).toBeGreaterThan(16);
    expect(row.differ).toBe(0);
  });

  it('a cell left with one item answers that item: after a delete, a lapse, a change of status', async () => {
    // Wants at one place share its published point, so a cell at zoom 14 (level 16), at zoom 16
    // (level 18, stored since migration 0035) and at zoom 20 (grouped at request time).
    const at = { lat: CAPE.lat + 0.2, lng: CAPE.lng + 0.2 };
    // A single item is its id (its card loads the rest): the titles here are the posts' own.
    const titleOf = new Map<number, string>();
    const post = async (title: string) => {
      const res = await owner.post('/api/items', {
        title,
        description: 'Looking for this',
        type: 'want',
        tags: ['Furniture'],
        latitude: at.lat,
        longitude: at.lng,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json<{ id: number }>();
      titleOf.set(id, title);
      return id;
    };
    const a = await post('Looking for a desk');
    const b = await post('Looking for a shelf');
    const around = `bbox=${at.lng - 0.01},${at.lat - 0.01},${at.lng + 0.01},${at.lat + 0.01}`;
    // At the deepest zooms, a few houses around the published point (a larger area holds more cells than one answer may).
    const close = async () => {
      const [p] = await queryRows<{ lat: number; lng: number }>(
        t.app.db,
        sql`select approx_latitude::float8 as lat, approx_longitude::float8 as lng from items where id = ${b}`,
      );
      return `bbox=${p!.lng - 0.0005},${p!.lat - 0.0005},${p!.lng + 0.0005},${p!.lat + 0.0005}`;
    };
    const single = async (zoom: number) => {
      const answer = await clusters(`${zoom >= 19 ? await close() : around}&zoom=${zoom}`);
      return { clusters: answer.clusters.map((c) => c.count), items: answer.items.map((i) => titleOf.get(i.id) ?? `item ${i.id}`) };
    };
    expect(await single(14)).toEqual({ clusters: [2], items: [] });
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${a}` })).statusCode).toBe(204);
    expect(await single(14)).toEqual({ clusters: [], items: ['Looking for a shelf'] });
    expect(await single(16)).toEqual({ clusters: [], items: ['Looking for a shelf'] });
    expect(await single(20)).toEqual({ clusters: [], items: ['Looking for a shelf'] });
    const c = await post('Looking for a stool');
    expect(await single(14)).toEqual({ clusters: [2], items: [] });
    // Past its expiry, not yet swept: subtracted at request time, ids and all.
    await t.app.db.execute(sql`update items set expires_at = now() - interval '1 second' where id = ${b}`);
    expect(await single(14)).toEqual({ clusters: [], items: ['Looking for a stool'] });
    expect(await single(19)).toEqual({ clusters: [], items: ['Looking for a stool'] });
    // One statement renews the one and takes the other: the cell's sums move by both at once.
    await t.app.db.execute(sql`update items
      set expires_at = case when id = ${b} then now() + interval '1 day' else expires_at end,
          status = case when id = ${c} then 'taken' else status end
      where id in (${b}, ${c})`);
    expect(await single(14)).toEqual({ clusters: [], items: ['Looking for a shelf'] });
    for (const id of [b, c]) await owner.request({ method: 'DELETE', url: `/api/items/${id}` });
    expect(await single(14)).toEqual({ clusters: [], items: [] });
  });

  it('a change of place moves the item between cells', async () => {
    const before = await count();
    const a = await postWant('Looking for a bike');
    expect(await count()).toBe(before + 1);
    const res = await owner.request({
      method: 'PATCH',
      url: `/api/items/${a.id}`,
      payload: { latitude: HOME.lat + 5, longitude: HOME.lng },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before);
    await owner.request({ method: 'DELETE', url: `/api/items/${a.id}` });
  });
});

describe('the cells under concurrent writes (PostgreSQL)', () => {
  // Every write of a place adds to one cell per level, and the coarse cells are shared by a whole
  // region: concurrent transactions must take those rows' locks in one order, or two of them wait on
  // each other (a deadlock, which PostgreSQL ends by failing one: a post or an edit lost as a 500).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'moves, status changes and hides of many items at once, from several connections, never deadlock, and the counts stay right',
    async () => {
      const AREA = { lat: 64.14, lng: -21.94 }; // Reykjavik: nothing else of this file's is near it
      const me = await new TestClient(t.app).register(uniqueName('busy_area'));
      const ids = (
        await queryRows<{ id: number }>(
          t.app.db,
          sql`insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
              select ${me.id}, 'Busy ' || g, 'A thing in a busy area', '/uploads/busy' || g || '.webp',
                     ${AREA.lat}, ${AREA.lng}, ${AREA.lat} + (g % 17) / 1000.0, ${AREA.lng} + (g % 13) / 1000.0, now() + interval '10 days'
                from generate_series(1, 120) as g
              returning id`,
        )
      ).map((r) => r.id);
      const pool = new pg.Pool({ connectionString: t.config.databaseUrl!, max: 6 });
      let seed = 7;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      // Each connection writes items of its own, so the items' rows never make two of them wait:
      // only the cells they share do.
      const WORKERS = 6;
      const own = (w: number) => ids.filter((_, i) => i % WORKERS === w);
      const some = (mine: number[]) => [
        ...new Set(Array.from({ length: 3 + Math.floor(random() * 10) }, () => mine[Math.floor(random() * mine.length)]!)),
      ];
      const failures: string[] = [];
      const worker = async (w: number) => {
        const mine = own(w);
        for (let n = 0; n < 25; n++) {
          const client = await pool.connect();
          try {
            await client.query('begin');
            // Several statements a transaction, each touching many cells: a move across the area,
            // then a change that takes items off the map or puts them back.
            for (const id of some(mine)) {
              await client.query('update items set approx_latitude = $2, approx_longitude = $3 where id = $1', [
                id,
                AREA.lat + Math.floor(random() * 300) / 1000,
                AREA.lng + Math.floor(random() * 300) / 1000,
              ]);
            }
            await client.query(
              `update items set status = case when status = 'available' then 'taken' else 'available' end where id = any($1)`,
              [some(mine)],
            );
            await client.query('update items set hidden_at = case when hidden_at is null then now() end where id = any($1)', [some(mine)]);
            await client.query('commit');
          } catch (err) {
            await client.query('rollback').catch(() => undefined);
            failures.push(`${(err as { code?: string }).code}: ${(err as Error).message}`);
          } finally {
            client.release();
          }
        }
      };
      try {
        await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      } finally {
        await pool.end();
      }
      expect(failures).toEqual([]);
      // The counts the triggers kept are those a count from scratch gives.
      const row = await cellsAgainstACount();
      expect(row.differ).toBe(0);
      await t.app.db.execute(sql`delete from items where user_id = ${me.id}`);
    },
    120_000,
  );
});

describe('GET /api/items/clusters: a search over an area holding too many items', () => {
  // MAP_SEARCH_MAX_ITEMS: a search or a tag reads every listed item of the area (decision 021).
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ MAP_SEARCH_MAX_ITEMS: '20' });
    const me = await new TestClient(small.app).register(uniqueName('map_busy'));
    // 30 listed items: 25 in one street near HOME, 5 in another a few kilometres away.
    await small.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, tags, expires_at)
      select ${me.id}, 'Chair ' || g, 'A chair', '/uploads/c' || g || '.webp', p_lat, p_lng, p_lat, p_lng, array['Furniture'], now() + interval '10 days'
        from generate_series(1, 30) as g,
             lateral (select ${HOME.lat} + case when g <= 25 then g / 100000.0 else 0.05 + g / 100000.0 end as p_lat,
                             ${HOME.lng} + g / 100000.0 as p_lng) as p`);
  }, 60_000);
  afterAll(async () => {
    await small?.close();
  });
  const get = (query: string) => new TestClient(small.app).get(`/api/items/clusters?${query}`);
  const wide = `bbox=${HOME.lng - 0.1},${HOME.lat - 0.1},${HOME.lng + 0.1},${HOME.lat + 0.1}&zoom=10`;
  const aside = `bbox=${HOME.lng},${HOME.lat + 0.049},${HOME.lng + 0.001},${HOME.lat + 0.051}&zoom=16`;

  it.each([
    ['a search', '&query=chair'],
    ['a tag', '&tag=Furniture'],
  ])('%s over the 30 items is a 400 with a message, in the asker’s language', async (_name, filter) => {
    const res = await get(`${wide}${filter}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'This area holds too many items to search on the map: zoom in, or see the matches in the list',
    );
    const es = await new TestClient(small.app).request({
      method: 'GET',
      url: `/api/items/clusters?${wide}${filter}`,
      headers: { 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(400);
    expect(es.json<{ message: string }>().message).toMatch(/^Esta zona tiene demasiados artículos/);
  });

  it('the same search zoomed in on the 5 items answers them; the area without a search answers all 30', async () => {
    const near = await get(`${aside}&query=chair`);
    expect(near.statusCode, near.body).toBe(200);
    expect(total(near.json<Answer>())).toBe(5);
    const all = await get(wide);
    expect(all.statusCode, all.body).toBe(200);
    expect(total(all.json<Answer>())).toBe(30);
  });
});
