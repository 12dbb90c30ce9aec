import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { REMEMBERED_ABOVE } from './costs.js';
import { forgetEstimates } from './totals.js';

// The page total of a search (docs/decisions/004): small totals are counted on every request, a
// total above REMEMBERED_ABOVE is reused for a minute (it cost more than the page it goes with).
let t: TestApp;
let client: TestClient;
let ownerId: number;

const addItems = (count: number, title: string) =>
  t.app.db.execute(
    sql`insert into items (user_id, title, description, image_url, tags, expires_at)
        select ${ownerId}, ${title}, 'Seen in the totals test.', '/uploads/x.webp', '{}', now() + interval '1 day' from generate_series(1, ${count}::int)`,
  );
const totalOf = async (query: string) => {
  const res = await client.get(`/api/items?query=${encodeURIComponent(query)}&tag=${encodeURIComponent(query)}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ pagination: { total: number; totalIsEstimate?: boolean } }>().pagination;
};

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  ownerId = (await new TestClient(t.app).register('totals_owner')).id;
});
afterAll(async () => {
  await t?.close();
});

describe('page totals of a search', () => {
  it('counts a small total on every request, so a new match shows at once', async () => {
    await addItems(3, 'Blue kettle');
    expect((await totalOf('kettle blue')).total).toBe(3);
    await addItems(1, 'Blue kettle');
    expect((await totalOf('kettle blue')).total).toBe(4);
  });

  it('reuses a total above REMEMBERED_ABOVE for a while, exact as it was counted', async () => {
    await addItems(REMEMBERED_ABOVE + 1, 'Green teapot');
    const first = await totalOf('teapot green');
    expect(first.total).toBe(REMEMBERED_ABOVE + 1);
    expect(first.totalIsEstimate).toBeFalsy();
    await addItems(1, 'Green teapot');
    expect((await totalOf('teapot green')).total).toBe(REMEMBERED_ABOVE + 1);
    // Once forgotten (a minute later), it is counted again.
    forgetEstimates(t.app.db);
    expect((await totalOf('teapot green')).total).toBe(REMEMBERED_ABOVE + 2);
  });
});
