// Saved alerts in the bench (docs/performance.md, "The bars"): seeds BENCH_ALERTS alerts
// (default 100,000) beside the items, then matches posted items against them with the SQL the
// posting code runs, timing the database with EXPLAIN ANALYZE. Bar: under 20 ms per posted item.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../dist/server/db/client.js';
import { alertsMatchingItemQuery } from '../dist/server/features/alerts/repository.js';
import { BOX, CITIES, pick } from './seed.mjs';

const WORDS = [
  'chair',
  'lamp',
  'bicycle',
  'table',
  'kettle',
  'guitar',
  'coat',
  'sofa',
  'drill',
  'desk',
  'mirror',
  'tent',
  'camera',
  'vintage',
  'zeppelin',
];
const TAGS = [
  'Furniture',
  'Electronics',
  'Clothing',
  'Books',
  'Toys',
  'Kitchenware',
  'Tools',
  'Art',
  'Sports',
  'Food',
  'Free',
  'Garden',
  'Baby',
];

/**
 * Makes sure the database holds exactly `alerts` seeded alerts for this seed (bench_meta row 2),
 * after ensureSeeded (which empties them with the users when it reseeds). Distribution: 90% with a
 * place (three quarters around the item cities, a quarter anywhere in the box; radius 0.5 to 10 km,
 * mostly small: 0.5 + 9.5 r^3, so half are under 1.7 km), 40% of those with text and 30% with a tag;
 * 6% a tag alone (a third with text); 4% text alone.
 */
export async function ensureAlertsSeeded(q, { seed, alerts, users, log }) {
  const fp = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(JSON.stringify({ seed, alerts, users }))
    .digest('hex')
    .slice(0, 16);
  const [meta] = (await q(`SELECT fingerprint FROM bench_meta WHERE id = 2`)).rows;
  const [{ n }] = (await q(`SELECT count(*)::int AS n FROM saved_alerts`)).rows;
  if (meta?.fingerprint === fp && Number(n) === alerts) {
    log(`reusing ${alerts.toLocaleString('en')} seeded alerts (${fp})`);
    return;
  }
  const started = Date.now();
  const r = (k, row = 'g') => `((hashint8extended(${row}, ${seed * 64 + 40 + k}) & 2147483647)::float8 / 2147483648.0)`;
  await q(`DELETE FROM bench_meta WHERE id = 2`);
  await q(`TRUNCATE saved_alerts RESTART IDENTITY`);
  const indexes = (
    await q(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'saved_alerts'
      AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'saved_alerts'::regclass)`)
  ).rows;
  for (const i of indexes) await q(`DROP INDEX ${i.indexname}`);
  const cityLat = `(ARRAY[${CITIES.map((c) => c[1]).join(',')}]::float8[])[c]`;
  const cityLng = `(ARRAY[${CITIES.map((c) => c[2]).join(',')}]::float8[])[c]`;
  await q(`
    INSERT INTO saved_alerts (user_id, query, tag, latitude, longitude, radius_m, paused)
    SELECT owner,
           CASE WHEN kind = 'text' OR (kind = 'place' AND ${r(1)} < 0.4) OR (kind = 'tag' AND ${r(1)} < 0.33) THEN ${pick(WORDS, r(2))} END,
           CASE WHEN kind = 'tag' OR (kind = 'place' AND ${r(3)} < 0.3) THEN ${pick(TAGS, r(4))} END,
           CASE WHEN kind = 'place' THEN CASE WHEN ${r(5)} < 0.75 THEN ${cityLat} + (${r(6)} + ${r(7)} - 1) * 0.35
                ELSE ${BOX.minLat} + ${r(6)} * ${BOX.maxLat - BOX.minLat} END END,
           CASE WHEN kind = 'place' THEN CASE WHEN ${r(5)} < 0.75 THEN ${cityLng} + (${r(8)} + ${r(9)} - 1) * 0.45
                ELSE ${BOX.minLng} + ${r(8)} * ${BOX.maxLng - BOX.minLng} END END,
           CASE WHEN kind = 'place' THEN 500 + floor(9500 * power(${r(10)}, 3))::int END,
           ${r(11)} < 0.05
    FROM (
      SELECT g, 1 + floor(${r(12)} * ${users})::int AS owner, 1 + floor(${r(13)} * ${r(13)} * ${CITIES.length})::int AS c,
             CASE WHEN ${r(14)} < 0.9 THEN 'place' WHEN ${r(14)} < 0.96 THEN 'tag' ELSE 'text' END AS kind
      FROM generate_series(1, ${alerts}) AS g
    ) AS base`);
  for (const i of indexes) await q(i.indexdef);
  await q(`VACUUM ANALYZE saved_alerts`);
  const seconds = (Date.now() - started) / 1000;
  await q(`INSERT INTO bench_meta (id, fingerprint, params, seeded_at, seconds) VALUES (2, $1, $2, now(), $3)`, [
    fp,
    JSON.stringify({ seed, alerts, users }),
    seconds,
  ]);
  log(`seeded ${alerts.toLocaleString('en')} alerts in ${seconds.toFixed(1)} s`);
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/**
 * Matches each item against the alerts as the posting code does (the same SQL), one at a time on one
 * connection: EXPLAIN ANALYZE's execution time is the database's time for each; the plan must not
 * read saved_alerts sequentially.
 */
export async function measureAlertMatching(db, itemIds) {
  const times = [];
  const matches = [];
  const seqScans = new Set();
  const indexes = new Set();
  const walk = (n) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'saved_alerts') seqScans.add(n['Relation Name']);
    if (n['Index Name']?.startsWith('saved_alerts_')) indexes.add(n['Index Name']);
    for (const c of n.Plans ?? []) walk(c);
  };
  for (const id of itemIds) {
    const [row] = await queryRows(db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${alertsMatchingItemQuery(id)}`);
    const raw = row['QUERY PLAN'];
    const [plan] = typeof raw === 'string' ? JSON.parse(raw) : raw;
    times.push(plan['Execution Time']);
    matches.push(plan.Plan['Actual Rows']);
    walk(plan.Plan);
  }
  times.sort((a, b) => a - b);
  matches.sort((a, b) => a - b);
  return {
    items: itemIds.length,
    p50: +percentile(times, 50).toFixed(2),
    p99: +percentile(times, 99).toFixed(2),
    max: +times[times.length - 1].toFixed(2),
    matchesP50: percentile(matches, 50),
    matchesMax: matches[matches.length - 1],
    seqScans: [...seqScans],
    indexes: [...indexes].sort(),
  };
}
