// Deterministic, set-based seeding of the bench database (docs/performance.md).
// Every pseudo-random value is hashint8extended(row number, seed * 64 + k): the same seed gives the
// same rows on PostgreSQL and on PGlite, and a million items are a few INSERT ... SELECT statements.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reseed when the data is older than this: available items expire 10 to 30 days after seeding. */
const MAX_AGE_DAYS = 9;
const CHUNK = 200_000;

// A country-sized area (the continental United States) with weighted city clusters.
export const CITIES = [
  ['New York', 40.7128, -74.006],
  ['Los Angeles', 34.0522, -118.2437],
  ['Chicago', 41.8781, -87.6298],
  ['Houston', 29.7604, -95.3698],
  ['Phoenix', 33.4484, -112.074],
  ['Philadelphia', 39.9526, -75.1652],
  ['San Antonio', 29.4241, -98.4936],
  ['San Diego', 32.7157, -117.1611],
  ['Dallas', 32.7767, -96.797],
  ['Austin', 30.2672, -97.7431],
  ['Seattle', 47.6062, -122.3321],
  ['Denver', 39.7392, -104.9903],
  ['Boston', 42.3601, -71.0589],
  ['Atlanta', 33.749, -84.388],
  ['Miami', 25.7617, -80.1918],
  ['Minneapolis', 44.9778, -93.265],
  ['Portland', 45.5152, -122.6784],
  ['Detroit', 42.3314, -83.0458],
  ['Nashville', 36.1627, -86.7816],
  ['Salt Lake City', 40.7608, -111.891],
];
export const BOX = { minLat: 30, maxLat: 48, minLng: -122, maxLng: -72 };

/** mulberry32: the points, ids and names the bench's scenarios ask for, the same for the same seed. */
export function random(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 500 points the scenarios ask around: 7 in 10 near a city (the bigger ones more often), the rest anywhere in BOX. */
export function samplePoints(rnd) {
  return Array.from({ length: 500 }, (_, i) => {
    if (i % 10 < 7) {
      const [, lat, lng] = CITIES[Math.floor(rnd() * rnd() * CITIES.length)];
      return { lat: +(lat + (rnd() - 0.5) * 0.6).toFixed(5), lng: +(lng + (rnd() - 0.5) * 0.8).toFixed(5) };
    }
    return {
      lat: +(BOX.minLat + rnd() * (BOX.maxLat - BOX.minLat)).toFixed(5),
      lng: +(BOX.minLng + rnd() * (BOX.maxLng - BOX.minLng)).toFixed(5),
    };
  });
}

/** The visible area of a 1280 × 720 px map at this zoom around a point (Web Mercator, 256 px tiles). */
export function bboxAt(lat, lng, zoom, width = 1280, height = 720) {
  const world = 256 * 2 ** zoom;
  const x = ((lng + 180) / 360) * world;
  const y = ((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * world;
  const lngAt = (px) => Math.min(180, Math.max(-180, (px / world) * 360 - 180));
  const latAt = (py) => Math.min(85, Math.max(-85, (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI));
  return [lngAt(x - width / 2), latAt(y + height / 2), lngAt(x + width / 2), latAt(y - height / 2)].map((v) => v.toFixed(5)).join(',');
}

const TAGS = {
  type: ['Furniture', 'Electronics', 'Clothing', 'Books', 'Toys', 'Kitchenware', 'Tools', 'Art', 'Sports', 'Food'],
  condition: ['New', 'Like New', 'Good', 'Used', 'Vintage', 'Needs Repair'],
  other: [
    'Free',
    'For Trade',
    'Indoor',
    'Outdoor',
    'Pickup Only',
    'Delivery Available',
    'Local Only',
    'School',
    'Neighborhood',
    'Charity',
    'Event',
    'Restaurant',
    'Handmade',
    'Garden',
    'Baby',
    'Moving Sale',
  ],
};
const NOUNS = [
  'Chair',
  'Lamp',
  'Bicycle',
  'Table',
  'Kettle',
  'Guitar',
  'Coat',
  'Books',
  'Sofa',
  'Drill',
  'Desk',
  'Mirror',
  'Blender',
  'Stroller',
  'Jacket',
  'Shelf',
  'Toaster',
  'Rug',
  'Plant pots',
  'Monitor',
  'Skateboard',
  'Tent',
  'Puzzle',
  'Board game',
  'Dresser',
  'Bookcase',
  'Vase',
  'Helmet',
  'Speaker',
  'Camera',
];
const ADJECTIVES = [
  'Old',
  'Small',
  'Large',
  'Wooden',
  'Blue',
  'Red',
  'Sturdy',
  'Folding',
  'Vintage',
  'Modern',
  'Kids',
  'Antique',
  'Compact',
  'Comfy',
  'Classic',
  'Black',
  'White',
  'Green',
  'Retro',
  'Spare',
];
const PHRASES = [
  'in good condition',
  'barely used',
  'works fine',
  'a few scratches',
  'from a smoke-free home',
  'needs a new home',
  'pick up any time',
  'clean and ready',
  'must go this week',
  'great for students',
  'perfect for a first flat',
  'comes with the manual',
  'collected from the porch',
  'bring a friend to carry it',
];
// Rare words: each in about one item in 50,000 (hash-chosen), for the "rare word" search.
export const RARE_WORD = 'zeppelin';
export const COMMON_WORD = 'chair';
export const SEARCH_TAG = 'Charity';
export const PEOPLE_WORD = 'maria';
const FIRST_NAMES = [
  'maria',
  'james',
  'li',
  'fatima',
  'olga',
  'ahmed',
  'sofia',
  'noah',
  'emma',
  'lucas',
  'mia',
  'omar',
  'anna',
  'david',
  'chen',
  'sara',
  'ivan',
  'amara',
  'kenji',
  'lena',
  'pablo',
  'zoe',
  'ravi',
  'nina',
  'tom',
  'aisha',
  'leo',
  'yuki',
  'hana',
  'ben',
  'carmen',
  'felix',
  'ines',
  'jonas',
  'kofi',
  'lara',
  'mateo',
  'nora',
  'otto',
  'priya',
];
const NOTE_WORDS = [
  'garden',
  'soup kitchen',
  'school fair',
  'bake sale',
  'tool library',
  'repair cafe',
  'food bank',
  'book swap',
  'choir',
  'football club',
  'market stall',
  'lunch menu',
  'tacos on friday',
  'fresh bread',
];
export const PASSWORD = 'bench-password-123';

export const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;
export const arr = (values) => `ARRAY[${values.map(lit).join(', ')}]::text[]`;
export const pick = (values, r) => `(${arr(values)})[1 + floor(${r} * ${values.length})::int]`;

/** The migration files, in the order they apply. */
const migrationFiles = () =>
  readdirSync(path.join(root, 'drizzle'))
    .filter((f) => f.endsWith('.sql'))
    .sort();

/**
 * Fingerprint of what the seeded data depends on: the migrations it was seeded under, this file and
 * the parameters. A migration added later does not change it: the bench migrates the database before
 * it looks (as a real upgrade does), so a kept ten-million seed (25 minutes) meets a new index by its
 * migration alone. Editing one of the seed's own migrations, or this file, reseeds.
 */
export function fingerprint(params, migrations) {
  const h = createHash('sha256');
  const dir = path.join(root, 'drizzle');
  for (const f of migrations) h.update(f).update(existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f)) : 'missing');
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  h.update(JSON.stringify(params));
  return h.digest('hex').slice(0, 16);
}

/**
 * Makes sure the database holds exactly the seeded data for these parameters; reuses it when
 * bench_meta says so. `q(sql, params?)` runs one statement on a single session.
 */
export async function ensureSeeded(q, { seed, items, users, passwordHash, log }) {
  const params = { seed, items, users };
  const migrations = migrationFiles();
  await q(`CREATE TABLE IF NOT EXISTS bench_meta (id int PRIMARY KEY, fingerprint text NOT NULL, params jsonb NOT NULL,
    seeded_at timestamptz NOT NULL, seconds float8 NOT NULL)`);
  const [meta] = (
    await q(`SELECT fingerprint, params, seconds, extract(epoch FROM now() - seeded_at) / 86400 AS age_days FROM bench_meta WHERE id = 1`)
  ).rows;
  const seededUnder = Array.isArray(meta?.params?.migrations) ? meta.params.migrations : migrations;
  if (meta && meta.fingerprint === fingerprint(params, seededUnder) && Number(meta.age_days) < MAX_AGE_DAYS) {
    const since = migrations.filter((f) => !seededUnder.includes(f));
    log(
      `reusing seeded data (fingerprint ${meta.fingerprint}, seeded ${Number(meta.age_days).toFixed(1)} days ago in ${Math.round(meta.seconds)} s` +
        `${since.length ? `; migrated since: ${since.join(', ')}` : ''})`,
    );
    return { reused: true, seconds: Number(meta.seconds), fingerprint: meta.fingerprint, migratedSince: since };
  }
  const fp = fingerprint(params, migrations);
  log(meta ? `seeded data differs or is too old: reseeding (${fp})` : `seeding (${fp})`);
  const started = Date.now();
  const step = async (label, sql) => {
    const t = Date.now();
    await q(sql);
    log(`  ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  const r = (k, row = 'g') => `((hashint8extended(${row}, ${seed * 64 + k}) & 2147483647)::float8 / 2147483648.0)`;

  await q(`DELETE FROM bench_meta`);
  await step('emptied the tables', `TRUNCATE users, items, notes, user_payment_ids, payment_vendors, sessions RESTART IDENTITY CASCADE`);
  await q(`INSERT INTO payment_vendors (name) VALUES ('PayPal'), ('Venmo'), ('Cash App'), ('Stripe'), ('Apple Pay'),
    ('Google Pay'), ('Mastercard'), ('Visa'), ('Zelle'), ('Revolut'), ('Wise'), ('Bank transfer')`);

  await step(
    `${users.toLocaleString('en')} users`,
    `
    INSERT INTO users (username, password, phone_number, is_phone_verified, is_visible, created_at)
    SELECT ${pick(FIRST_NAMES, r(1))} || '_' || g, ${lit(passwordHash)},
           CASE WHEN ${r(2)} < 0.3 THEN '+1555' || lpad(g::text, 7, '0') END, ${r(2)} < 0.2, ${r(3)} > 0.05,
           now() - ${r(4)} * interval '700 days'
    FROM generate_series(1, ${users}) AS g`,
  );
  await step(
    'payment links',
    `
    INSERT INTO user_payment_ids (user_id, vendor_id, payment_id)
    SELECT g, 1 + floor(${r(5 + 0, 'g * 2 + k')} * 12)::int, 'pay-' || g || '-' || k
    FROM generate_series(1, ${users}) AS g, generate_series(0, 1) AS k
    WHERE ${r(7, 'g * 2 + k')} < CASE k WHEN 0 THEN 0.8 ELSE 0.3 END`,
  );
  await step(
    'notes',
    `
    INSERT INTO notes (user_id, created_by_id, content, visibility, created_at, updated_at)
    SELECT u, u, initcap(${pick(NOTE_WORDS, r(8))}) || ': ' || ${pick(PHRASES, r(9))} || ', ' || ${pick(NOTE_WORDS, r(10))} || ' near ' || ${pick(
      CITIES.map((c) => c[0]),
      r(11),
    )},
           CASE WHEN ${r(12)} < 0.5 THEN 'public' WHEN ${r(12)} < 0.8 THEN 'private' ELSE 'linked' END,
           now() - ${r(13)} * interval '500 days', now() - ${r(13)} * interval '400 days'
    FROM generate_series(1, ${users * 2}) AS g, LATERAL (SELECT 1 + (g - 1) % ${users} AS u) AS o`,
  );

  // Items: the indexes are built once after the rows are in, which is far faster than row by row.
  // Their definitions are kept in a table until they are built again: a seed stopped in between
  // (Ctrl-C) leaves them there, and the next seed builds them too instead of going on without them.
  await q(`CREATE TABLE IF NOT EXISTS bench_dropped_indexes (indexname text PRIMARY KEY, indexdef text NOT NULL)`);
  await q(`INSERT INTO bench_dropped_indexes SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'items'
    AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'items'::regclass) ON CONFLICT DO NOTHING`);
  const indexes = (await q(`SELECT indexname, indexdef FROM bench_dropped_indexes ORDER BY indexname`)).rows;
  for (const i of indexes) await q(`DROP INDEX IF EXISTS ${i.indexname}`);
  // The map's per-cell counts (migration 0029) are rebuilt once after the load, not per chunk.
  await q(`ALTER TABLE items DISABLE TRIGGER item_map_cells_insert`);
  // So are the word postings (migration 0034): one bulk insert, then their index.
  await q(`ALTER TABLE items DISABLE TRIGGER items_postings_insert`);
  // So are the words as written of the map's search (migration 0039).
  await q(`ALTER TABLE items DISABLE TRIGGER items_raw_words_insert`);
  const cityLat = `(ARRAY[${CITIES.map((c) => c[1]).join(',')}]::float8[])[c]`;
  const cityLng = `(ARRAY[${CITIES.map((c) => c[2]).join(',')}]::float8[])[c]`;
  for (let from = 1; from <= items; from += CHUNK) {
    const to = Math.min(items, from + CHUNK - 1);
    await step(
      `items ${from.toLocaleString('en')} to ${to.toLocaleString('en')}`,
      `
      INSERT INTO items (user_id, title, description, image_url, latitude, longitude, approx_latitude, approx_longitude,
                         exact_location, location_version, tags, status, promised_to_id, created_at, updated_at, expires_at)
      SELECT owner, title, description, '/uploads/bench-' || (g % 97) || '.webp',
             round(lat::numeric, 6), round(lng::numeric, 6),
             round((lat + CASE WHEN exact THEN 0 ELSE (${r(20)} - 0.5) * 0.008 END)::numeric, 6),
             round((lng + CASE WHEN exact THEN 0 ELSE (${r(21)} - 0.5) * 0.01 END)::numeric, 6),
             -- Synthetic points marked as made by the per-cell scheme: the app's start must not rework a million rows.
             exact, 2, tags, status,
             CASE WHEN status = 'promised' THEN 1 + (owner + floor(${r(22)} * ${users - 1})::int) % ${users} END,
             created, created, created + interval '30 days'
      FROM (
        SELECT g, owner, exact, status, tags,
               CASE WHEN located THEN CASE WHEN clustered THEN ${cityLat} + (${r(23)} + ${r(24)} - 1) * 0.35
                    ELSE ${BOX.minLat} + ${r(23)} * ${BOX.maxLat - BOX.minLat} END END AS lat,
               CASE WHEN located THEN CASE WHEN clustered THEN ${cityLng} + (${r(25)} + ${r(26)} - 1) * 0.45
                    ELSE ${BOX.minLng} + ${r(25)} * ${BOX.maxLng - BOX.minLng} END END AS lng,
               ${pick(ADJECTIVES, r(27))} || ' ' || lower(${pick(NOUNS, r(28))}) AS title,
               ${pick(NOUNS, r(28))} || ' ' || ${pick(PHRASES, r(30))} || ', ' || ${pick(PHRASES, r(31))}
                 || CASE WHEN ${r(32)} < 0.00002 THEN ', a ${RARE_WORD} model kit included' ELSE '' END
                 || '. ' || (SELECT upper(left(p, 1)) || substr(p, 2) FROM (SELECT ${pick(PHRASES, r(33))} AS p) AS ph) || ' near ' || (${arr(CITIES.map((c) => c[0]))})[c] || '.' AS description,
               CASE WHEN status = 'expired' THEN now() - interval '31 days' - ${r(35)} * interval '60 days'
                    ELSE now() - ${r(35)} * interval '20 days' END AS created
        FROM (
          SELECT g, 1 + floor(${r(36)} * ${users})::int AS owner, ${r(37)} < 0.99 AS located, ${r(38)} < 0.75 AS clustered,
                 1 + floor(${r(39)} * ${r(39)} * ${CITIES.length})::int AS c, ${r(40)} < 0.05 AS exact,
                 CASE WHEN ${r(41)} < 0.9 THEN 'available' WHEN ${r(41)} < 0.94 THEN 'taken'
                      WHEN ${r(41)} < 0.97 THEN 'expired' ELSE 'promised' END AS status,
                 ARRAY[${pick(TAGS.type, r(42))}]
                   || CASE WHEN ${r(43)} < 0.7 THEN ARRAY[${pick(TAGS.condition, r(44))}] ELSE '{}'::text[] END
                   || CASE WHEN ${r(45)} < 0.4 THEN ARRAY[${pick(TAGS.other, r(46))}] ELSE '{}'::text[] END AS tags
          FROM generate_series(${from}, ${to}) AS g
        ) AS base
      ) AS item`,
    );
  }
  for (const i of indexes) await step(`index ${i.indexname}`, i.indexdef);
  await q(`DELETE FROM bench_dropped_indexes`);
  await q(`ALTER TABLE items ENABLE TRIGGER item_map_cells_insert`);
  await step('map cells (rebuild_item_map_cells)', `SELECT rebuild_item_map_cells()`);
  await q(`ALTER TABLE items ENABLE TRIGGER items_postings_insert`);
  await step('word postings (search.rebuild_postings)', `SELECT search.rebuild_postings()`);
  await q(`ALTER TABLE items ENABLE TRIGGER items_raw_words_insert`);
  await step('words as written (search.rebuild_raw_words)', `SELECT search.rebuild_raw_words()`);
  for (const t of ['users', 'user_payment_ids', 'notes', 'items', 'item_map_cells', 'search.postings', 'search.raw_words'])
    await step(`vacuum analyze ${t}`, `VACUUM ANALYZE ${t}`);
  const seconds = (Date.now() - started) / 1000;
  await q(`INSERT INTO bench_meta (id, fingerprint, params, seeded_at, seconds) VALUES (1, $1, $2, now(), $3)`, [
    fp,
    JSON.stringify({ ...params, migrations }),
    seconds,
  ]);
  log(`seeded in ${seconds.toFixed(0)} s`);
  return { reused: false, seconds, fingerprint: fp };
}
