import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clusters, ClustersQuery } from '#shared/items.js';
import { queryRows } from '../../../../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../../../test/harness.js';
import { mapClusters } from '../../service.js';
import { MAX_KEY_WORDS } from './keys-search.js';

// A search on the map read through the keys of its cells and words (migration 0039,
// docs/decisions/033-map-search-keys.md) answers exactly what testing every point of the view
// answers, and what the search indexes answer: whatever the text (letter case, accents, signs,
// other scripts, synonyms, typos, several words), the tag, the type, and the view.

let t: TestApp;
let owner: TestClient;

// Reykjavik: nothing else in this test's database is near it. Items spread over about 6 × 6 key cells.
const HOME = { lat: 64.14, lng: -21.94 };
const AREA = { west: HOME.lng - 0.12, south: HOME.lat - 0.06, east: HOME.lng + 0.12, north: HOME.lat + 0.06 };

const TITLES = [
  'Armchair, barely used',
  'Two CHAIRS',
  'Chair',
  'silla de madera',
  'Café table',
  'cafe au lait bowl',
  'Naïve painting',
  'Straße sign',
  'İstanbul map',
  'стул',
  'Red lamp',
  'lamp-red shade',
  'T-shirt size M',
  'TV stand',
  'Television 1994',
  '1e10abcd puzzle',
  'Guitarra española',
  'hair dryer',
  'chiar',
  '50% off kettle',
  'under_score',
  'back\\slash "quoted"',
  '{braces},comma',
  'Pushchair',
];
const DESCRIPTIONS = [
  'Lovely chair for the garden',
  'No words here',
  'Quite the armchair.',
  'Ein Stuhl – Straße',
  'Kettle, red, lamp',
  'un café',
  'x',
  'a stroller/pram',
];
const TAGS = ['{}', '{Furniture}', '{"red lamp"}', '{tv}', '{Chair}', '{café}', '{A}', '{"{x}"}', '{"\\"q\\""}', '{Furniture,Kids}'];

beforeAll(async () => {
  t = await createTestApp();
  owner = new TestClient(t.app);
  const me = await owner.register(uniqueName('keys_owner'));
  // 600 items: every title with every description and tag list in turn; some taken, some wants,
  // some past their expiry that the sweep has not marked, some hidden by the moderators.
  await t.app.db.execute(sql`
    insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude,
                       tags, status, type, created_at, expires_at, hidden_at)
    select ${me.id},
           (${`{${TITLES.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])[1 + g % ${TITLES.length}],
           (${`{${DESCRIPTIONS.map((s) => `"${s}"`).join(',')}}`}::text[])[1 + (g / 3) % ${DESCRIPTIONS.length}],
           case when g % 9 = 4 then '' else '/uploads/k' || g || '.webp' end,
           p_lat, p_lng, p_lat, p_lng,
           (${`{${TAGS.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])[1 + (g / 7) % ${TAGS.length}]::text[],
           case when g % 11 = 3 then 'taken' else 'available' end,
           case when g % 9 = 4 then 'want' else 'offer' end,
           now() - (g || ' minutes')::interval,
           case when g % 13 = 5 then now() - interval '1 minute' else now() + interval '10 days' end,
           case when g % 17 = 6 then now() end
      from generate_series(1, 600) as g,
           lateral (select ${HOME.lat} + ((g * 7919) % 1000 - 500) / 8500.0 as p_lat,
                           ${HOME.lng} + ((g * 6007) % 1000 - 500) / 4200.0 as p_lng) as p`);
  // What autovacuum does: statistics of the index's expression, computed under PostgreSQL 17's
  // maintenance search_path (pg_catalog only), which map_search_keys must not depend on.
  await t.app.db.execute(sql`analyze items`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Reading = 'keys' | 'rows' | 'indexes';

/** The answer in one order, points to 4 decimals (the averages of a cell may differ in the last bit with the order summed). */
const normal = (a: Clusters) => ({
  clusters: a.clusters.map((c) => `${c.count}@${c.latitude.toFixed(4)},${c.longitude.toFixed(4)}`).sort(),
  items: a.items.map((i) => `${i.id}@${i.latitude},${i.longitude}`),
});
const count = (a: Clusters) => a.clusters.reduce((n, c) => n + c.count, 0) + a.items.length;

async function read(q: Partial<ClustersQuery>, by: Reading | 'auto') {
  return mapClusters(t.app.db, { bbox: AREA, zoom: 14, ...q }, { searchReading: by });
}

/** Whether a search of the query is read by keys: the SQL sent holds the index's operator. */
async function readsKeys(q: Partial<ClustersQuery>): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from search.raw_words`);
  expect(row!.n).toBeGreaterThan(0);
  const keys = await read(q, 'keys');
  const indexes = await read(q, 'indexes');
  // 'keys' falls back to the search indexes where keys cannot hold every match: same answer either way.
  expect(normal(keys)).toEqual(normal(indexes));
  return spyKeys(q);
}

/** Runs the request once more and tells whether it sent the keys' test. */
async function spyKeys(q: Partial<ClustersQuery>): Promise<boolean> {
  const client = (t.app.database as unknown as { db: { $client: { query: (q: unknown, ...rest: unknown[]) => Promise<unknown> } } }).db
    .$client;
  const query = client.query.bind(client);
  let sent = false;
  client.query = (s: unknown, ...rest: unknown[]) => {
    if (/map_search_keys\(/.test(typeof s === 'string' ? s : (s as { text: string }).text)) sent = true;
    return query(s, ...rest);
  };
  try {
    await read(q, 'keys');
  } finally {
    client.query = query;
  }
  return sent;
}

const VIEWS: [string, Partial<ClustersQuery>][] = [
  ['the whole area at zoom 11', { zoom: 11 }],
  ['the whole area at zoom 13', { zoom: 13 }],
  [
    'a part at zoom 14',
    { zoom: 14, bbox: { west: HOME.lng - 0.05, south: HOME.lat - 0.02, east: HOME.lng + 0.03, north: HOME.lat + 0.03 } },
  ],
  [
    'a street at zoom 17',
    { zoom: 17, bbox: { west: HOME.lng - 0.01, south: HOME.lat - 0.005, east: HOME.lng + 0.01, north: HOME.lat + 0.005 } },
  ],
  [
    'a few houses at zoom 20',
    { zoom: 20, bbox: { west: HOME.lng - 0.002, south: HOME.lat - 0.001, east: HOME.lng + 0.002, north: HOME.lat + 0.001 } },
  ],
];

const TEXTS = [
  'chair',
  'Chair',
  'CHAIR',
  'hair',
  'armchair',
  'chairs',
  'silla',
  'chiar',
  'cafe',
  'café',
  'CAFÉ',
  'caf',
  'naive',
  'naïve',
  'straße',
  'strasse',
  'istanbul',
  'İstanbul',
  'стул',
  'ст',
  'red lamp',
  'lamp red',
  'red lam',
  'lamp-red',
  't-shirt',
  'shirt',
  'tv',
  'television',
  '1994',
  '1e10abcd',
  'guitar',
  'guitr',
  '50%',
  '%',
  '_',
  'under_score',
  '\\',
  '"quoted"',
  '{braces}',
  ',',
  'x',
  'furniture',
  'the',
  'a b',
  'pushchair',
  'stroller',
  'nothing like it',
];

describe('a search on the map: the keys answer what testing every point answers', () => {
  it.each(VIEWS)('%s: every text, with the three readings', async (_name, view) => {
    let found = 0;
    for (const query of TEXTS) {
      const rows = normal(await read({ ...view, query }, 'rows'));
      expect(normal(await read({ ...view, query }, 'keys')), query).toEqual(rows);
      expect(normal(await read({ ...view, query }, 'indexes')), query).toEqual(rows);
      found += rows.clusters.length + rows.items.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it.each([
    ['a tag', { tag: 'Furniture' }],
    ['a tag in capitals', { tag: 'FURNITURE' }],
    ['a tag of two words', { tag: 'red lamp' }],
    ['a short tag', { tag: 'tv' }],
    ['a tag with an accent', { tag: 'CAFÉ' }],
    ['a tag of signs', { tag: '{x}' }],
    ['a tag with quotes', { tag: '"q"' }],
    ['a text and another tag', { query: 'chair', tag: 'Furniture' }],
    ['a text and its own tag', { query: 'chair', tag: 'chair' }],
    ['a text among wants', { query: 'chair', type: 'want' }],
    ['a text among offers', { query: 'lamp', type: 'offer' }],
    ['a text within a radius', { query: 'chair', lat: HOME.lat, lng: HOME.lng, radiusKm: 2 }],
  ] as [string, Partial<ClustersQuery>][])('%s: the three readings agree in every view', async (_name, filter) => {
    let found = 0;
    for (const [, view] of VIEWS) {
      const rows = normal(await read({ ...view, ...filter }, 'rows'));
      expect(normal(await read({ ...view, ...filter }, 'keys'))).toEqual(rows);
      expect(normal(await read({ ...view, ...filter }, 'indexes'))).toEqual(rows);
      found += rows.clusters.length + rows.items.length;
    }
    if (filter.tag !== '"q"' && filter.tag !== 'tv') expect(found).toBeGreaterThan(0);
  });

  it('a search of a word reads keys; texts whose matches some key may miss read as before', async () => {
    // Several words ("t-shirt" is "t" and "shirt") match by their words: one word's keys hold them.
    for (const query of ['chair', 'hair', 'café', 'стул', 'red lamp', 't-shirt', 'silla', 'guitr', '1994'])
      expect(await readsKeys({ query }), query).toBe(true);
    expect(await readsKeys({ tag: 'Furniture' })).toBe(true);
    // Shorter than three characters, a sign in a text of one word, a word the text search splits,
    // several words none of which is three letters long.
    for (const query of ['ст', 'chair!', '50%', '1e10abcd', 'tv', 'a b']) expect(await readsKeys({ query }), query).toBe(false);
    expect(await readsKeys({ tag: 'tv' })).toBe(false);
    // A view too wide for the key cells (the continent).
    expect(await readsKeys({ query: 'chair', zoom: 4, bbox: { west: -30, south: 55, east: 0, north: 70 } })).toBe(false);
  });

  it('the answer counts what the list of the same search counts around the view', async () => {
    // A circle holding the whole area: the list's total of "chair" is the map's.
    const res = await new TestClient(t.app).get(`/api/items?lat=${HOME.lat}&lng=${HOME.lng}&radiusKm=15&query=chair`);
    expect(res.statusCode).toBe(200);
    const expected = res.json<{ pagination: { total: number } }>().pagination.total;
    expect(expected).toBeGreaterThan(50);
    const wide = { zoom: 11, bbox: AREA };
    expect(await spyKeys({ ...wide, query: 'chair' })).toBe(true);
    expect(count(await read({ ...wide, query: 'chair' }, 'auto'))).toBe(expected);
  });
});

describe('a search on the map follows the writes', () => {
  it('a word posted or edited in is found at once, an item edited out or deleted is gone', async () => {
    const query = { zoom: 14, query: 'orblat' };
    expect(count(await read(query, 'auto'))).toBe(0);
    const posted = await owner.post('/api/items', {
      type: 'want',
      title: 'Zorblatt wanted',
      description: 'Any size at all',
      latitude: HOME.lat,
      longitude: HOME.lng,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json<{ id: number }>().id;
    expect(await spyKeys(query)).toBe(true);
    expect(count(await read(query, 'auto'))).toBe(1);
    // An edit: the new word is found, the old one is not.
    const edited = await owner.request({ method: 'PATCH', url: `/api/items/${id}`, payload: { title: 'Quexotic wanted' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(count(await read(query, 'auto'))).toBe(0);
    expect(count(await read({ ...query, query: 'xotic' }, 'auto'))).toBe(1);
    // Deleted: off the map.
    const deleted = await owner.request({ method: 'DELETE', url: `/api/items/${id}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(count(await read({ ...query, query: 'xotic' }, 'auto'))).toBe(0);
  });

  it(`a substring held by more than ${MAX_KEY_WORDS} words still finds every match`, async () => {
    const [me] = await queryRows<{ user_id: number }>(t.app.db, sql`select user_id from items limit 1`);
    await t.app.db.execute(sql`
      insert into items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude, expires_at)
      select ${me!.user_id}, 'Plumbob' || g || 'x', 'many words', '/uploads/p.webp', ${HOME.lat}, ${HOME.lng} + g / 100000.0,
             ${HOME.lat}, ${HOME.lng} + g / 100000.0, now() + interval '1 day'
        from generate_series(1, ${MAX_KEY_WORDS + 5}) as g`);
    expect(await spyKeys({ query: 'plumbob' })).toBe(false);
    const rows = await read({ query: 'plumbob' }, 'rows');
    expect(count(rows)).toBe(MAX_KEY_WORDS + 5);
    expect(normal(await read({ query: 'plumbob' }, 'auto'))).toEqual(normal(rows));
  });
});
