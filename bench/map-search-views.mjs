// node bench/map-search-views.mjs [--passes=N] [--out=FILE]: the bench's map search ("chair" over a
// neighbourhood at zoom 14) view by view, on a seeded bench database (BENCH_DATABASE_URL, after
// `npm run build:server`). For each of the bench's 500 views it asks the clusters call of an app built
// in-process, one request at a time, and records the time and the matches the answer counts (the sum
// of its clusters' counts and single items). The last pass is kept (the earlier ones warm the cache).
// It prints how the time goes with the matches: a straight line through (matches, time), the median
// time of the views by tens, hundreds, thousands of matches, and the slowest 1 % of the views. docs/decisions/035-map-search-counts-every-match.md.
import { writeFileSync } from 'node:fs';
import { buildBenchApp } from './in-process.mjs';
import { bboxAt, COMMON_WORD, random, samplePoints } from './seed.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to a seeded bench database (share_bench_<size>)');
const passes = Number(args.passes ?? 2);
const seed = Number(args.seed ?? 1);
const ZOOM = 14;

const app = await buildBenchApp({ databaseUrl, poolSize: 2 });
const points = samplePoints(random(seed * 7919 + 1));
let views = [];
try {
  for (let pass = 1; pass <= passes; pass++) {
    views = [];
    for (const p of points) {
      const url = `/api/items/clusters?bbox=${bboxAt(p.lat, p.lng, ZOOM)}&zoom=${ZOOM}&query=${COMMON_WORD}&tag=${COMMON_WORD}`;
      const started = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const body = res.json();
      const matches = body.clusters.reduce((n, c) => n + c.count, 0) + body.items.length;
      views.push({ lat: p.lat, lng: p.lng, ms: +ms.toFixed(3), matches, markers: body.clusters.length + body.items.length });
    }
  }
} finally {
  await app.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
// A straight line through (matches, ms) by least squares: the fixed part and the part per match.
const n = views.length;
const mx = views.reduce((a, v) => a + v.matches, 0) / n;
const my = views.reduce((a, v) => a + v.ms, 0) / n;
const sxx = views.reduce((a, v) => a + (v.matches - mx) ** 2, 0);
const perMatch = sxx ? views.reduce((a, v) => a + (v.matches - mx) * (v.ms - my), 0) / sxx : 0;
const bands = [
  [0, 0],
  [1, 9],
  [10, 99],
  [100, 999],
  [1000, 9999],
  [10000, Infinity],
];
const summary = {
  database: new URL(databaseUrl).pathname.slice(1),
  views: n,
  matches: {
    total: views.reduce((a, v) => a + v.matches, 0),
    median: median(views.map((v) => v.matches)),
    p99: quantile(
      views.map((v) => v.matches),
      0.99,
    ),
  },
  ms: {
    median: median(views.map((v) => v.ms)),
    p99: quantile(
      views.map((v) => v.ms),
      0.99,
    ),
  },
  line: { fixedMs: +(my - perMatch * mx).toFixed(3), msPerMatch: +perMatch.toFixed(5) },
  bands: bands
    .map(([lo, hi]) => {
      const b = views.filter((v) => v.matches >= lo && v.matches <= hi);
      return { matches: hi === Infinity ? `${lo}+` : `${lo}-${hi}`, views: b.length, medianMs: median(b.map((v) => v.ms)) };
    })
    .filter((b) => b.views),
  slowest: [...views]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, Math.ceil(n / 100))
    .map(({ ms, matches, markers }) => ({ ms, matches, markers })),
};
console.log(JSON.stringify(summary, null, 2));
if (typeof args.out === 'string') writeFileSync(args.out, `${JSON.stringify({ ...summary, perView: views }, null, 2)}\n`);
