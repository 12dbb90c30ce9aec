import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { alertsMatchingItemQuery } from './repository.js';

// Matching a posted item against 100,000 saved alerts reads candidates through the three partial
// indexes of migration 0020, never every alert (docs/decisions/016-saved-alerts.md). The SQL is the
// one the posting code runs; EXPLAIN ANALYZE shows the plan and how long the database took.
const ALERTS = 100_000;

let t: TestApp;
let itemId: number;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(n);
  for (const c of n.Plans ?? []) nodes(c, out);
  return out;
};

beforeAll(async () => {
  t = await createTestApp();
  const owners = new TestClient(t.app);
  const owner = await owners.register(uniqueName('alertbulk'));
  const poster = new TestClient(t.app);
  await poster.register(uniqueName('alertposter'));
  // 80% with a place (a fifth of them in a city 100 km across, the rest over a country-sized box;
  // 0.5 to 10 km), 10% a tag alone, 10% text alone.
  await t.app.db.execute(sql`
    insert into saved_alerts (user_id, query, tag, latitude, longitude, radius_m)
    select ${owner.id},
           case when g % 10 = 9 or g % 3 = 0 then (array['chair','lamp','bicycle','table','kettle','guitar','coat','sofa','drill','zeppelin'])[1 + g % 10] end,
           case when g % 10 = 8 or (g % 10 < 8 and g % 4 = 0) then (array['Furniture','Books','Tools','Free','Toys','Garden'])[1 + g % 6] end,
           case when g % 10 < 8 then case when g % 5 = 0 then 40.2 + ((g * 7919) % 1000) / 1000.0 else 30 + ((g * 104729) % 15000) / 1000.0 end end,
           case when g % 10 < 8 then case when g % 5 = 0 then -74.5 + ((g * 6007) % 1000) / 1000.0 else -120 + ((g * 1299709) % 45000) / 1000.0 end end,
           case when g % 10 < 8 then 500 + (g * 31) % 9500 end
    from generate_series(1::bigint, ${ALERTS}::bigint) as g`);
  await t.app.db.execute(sql`analyze saved_alerts`);
  const imageUrl = (await poster.upload([{ data: await jpegWithGps() }])).json<{ imageUrl: string }>().imageUrl;
  const res = await poster.post('/api/items', {
    title: 'Wooden table',
    description: 'A sturdy wooden table with four chairs, collect any evening.',
    imageUrl,
    latitude: 40.7128,
    longitude: -74.006,
    tags: ['Furniture', 'Used'],
  });
  expect(res.statusCode, res.body).toBe(201);
  itemId = res.json<{ id: number }>().id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe(`matching a posted item against ${ALERTS.toLocaleString('en')} alerts`, () => {
  it('reads candidates through the three alert indexes, never the whole table', async () => {
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      t.app.db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${alertsMatchingItemQuery(itemId)}`,
    );
    const raw = row!['QUERY PLAN'];
    const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode; 'Execution Time': number }];
    const all = nodes(plan.Plan);
    const onAlerts = all.filter((n) => n['Relation Name'] === 'saved_alerts');
    expect(onAlerts.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    const indexes = new Set(all.map((n) => n['Index Name']).filter(Boolean));
    for (const name of ['saved_alerts_circle_gist', 'saved_alerts_tag_idx', 'saved_alerts_text_key_idx']) expect(indexes).toContain(name);
    // Only a bound against a full scan gone unnoticed: the plan is what this test holds. The time is
    // the bench's (20 ms, docs/performance.md): a test run shares its machine (228 ms seen under CI load).
    expect(plan['Execution Time']).toBeLessThan(2000);
  });
});
