// npm run bench -- --curve [--sizes=10000,100000,1000000,10000000] [--duration=S] [--rerun=N,...] [--repeat=N] [--name=X]:
// the cost curve. Runs the whole bench once per size, each in a process of its own on a
// PostgreSQL database of its own (share_bench_<size> on the server of BENCH_DATABASE_URL, kept so a
// later run reuses its seed), then writes bench/results/<date>-curve.json and
// docs/performance-curve.svg (p50, p99 and requests per second of every scenario against the item
// count) and checks the curve's bars. With --repeat=N every size is measured N times, the passes
// going through the sizes in alternating order (small to large, then large to small, ...), and each
// number of a size is the median of its passes: on a shared machine one pass moves a p99 by ±40%.
// --name=X names the results <date>-X-curve*.json instead, for a second run on the same day.
// docs/performance.md, "The cost curve".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_SIZES = [10_000, 100_000, 1_000_000, 10_000_000];
/** p99 at the largest size may be at most this many times the p99 at 100,000 items. */
const GROWTH_BAR = 1.5;
const BASE_SIZE = 100_000;
const MEMORY_BAR_MB = 300;

const log = (msg) => console.log(`[curve] ${msg}`);

/** The scenarios whose p99 must grow like an index lookup: every read (lists, search, clusters, radius, detail, profile). */
const isRead = (name) => !name.startsWith('sign-in');

export async function runCurve(args) {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) throw new Error('--curve runs on PostgreSQL: set BENCH_DATABASE_URL (a server; each size gets a database of its own on it)');
  const sizes = typeof args.sizes === 'string' ? args.sizes.split(',').map(Number) : DEFAULT_SIZES;
  if (!sizes.every((n) => Number.isInteger(n) && n >= 1000))
    throw new Error('--sizes: whole numbers of items, 1000 or more, comma-separated');
  if (args.name !== undefined && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(String(args.name)))
    throw new Error('--name: lower-case letters, digits and dashes, at most 40');
  const date = new Date().toISOString().slice(0, 10) + (args.name === undefined ? '' : `-${args.name}`);
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });

  // --rerun=N,N: bench only these sizes again; the others' results of the same day are read back.
  const rerun = typeof args.rerun === 'string' ? args.rerun.split(',').map(Number) : null;
  const repeat = args.repeat === undefined ? 1 : Number(args.repeat);
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 9) throw new Error('--repeat: a whole number of passes, 1 to 9');
  const outOf = (items) => path.join(dir, `${date}-curve-${items}.json`);
  const measured = sizes.filter((items) => !rerun || rerun.includes(items));
  const passes = new Map(measured.map((items) => [items, []]));
  for (let pass = 1; pass <= repeat; pass++) {
    // Alternating order: a size is not always measured first (cold) or last (after the others).
    for (const items of pass % 2 === 1 ? measured : [...measured].reverse()) {
      const url = new URL(base);
      url.pathname = `/share_bench_${items}`;
      const out = repeat === 1 ? outOf(items) : path.join(dir, `${date}-curve-${items}-pass${pass}.json`);
      log(`${items.toLocaleString('en')} items${repeat > 1 ? `, pass ${pass} of ${repeat}` : ''}: bench on database share_bench_${items}`);
      const started = Date.now();
      const child = spawnSync(
        process.execPath,
        [path.join(root, 'bench', 'bench.mjs'), `--out=${out}`, ...(args.duration ? [`--duration=${args.duration}`] : [])],
        { stdio: 'inherit', env: { ...process.env, BENCH_ITEMS: String(items), BENCH_DATABASE_URL: url.toString() } },
      );
      if (child.status !== 0 && child.status !== 1) throw new Error(`the bench at ${items} items failed (exit ${child.status})`);
      passes.get(items).push(JSON.parse(readFileSync(out, 'utf8')));
      log(`${items.toLocaleString('en')} items done in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  const runs = [];
  for (const items of sizes) {
    const out = outOf(items);
    if (!passes.has(items)) {
      if (!existsSync(out)) throw new Error(`--rerun: ${path.relative(root, out)} is missing; bench ${items} items too`);
      log(`${items.toLocaleString('en')} items: today's result read back (${path.relative(root, out)})`);
      runs.push(JSON.parse(readFileSync(out, 'utf8')));
      continue;
    }
    const result = mergePasses(passes.get(items));
    if (repeat > 1) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    runs.push(result);
  }

  const curve = summarise(runs);
  const file = path.join(dir, `${date}-curve.json`);
  writeFileSync(file, `${JSON.stringify(curve, null, 2)}\n`);
  const svg = path.join(root, 'docs', 'performance-curve.svg');
  writeFileSync(svg, chart(curve));
  printTable(curve);
  for (const b of curve.bars) console.log(`${b.pass ? 'PASS' : 'FAIL'}  ${b.bar}: ${b.value}`);
  log(`written: ${path.relative(root, file)}, ${path.relative(root, svg)}`);
}

const median = (values) => {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : Number(((v[mid - 1] + v[mid]) / 2).toFixed(2));
};

/**
 * One size's passes as one bench result: per scenario (and bare SQL statement) the median of each
 * number over the passes, with every pass's p99 kept (`p99Passes`); errors added up; the server's
 * peak memory the highest of any pass; the sign-in bars of every pass, each named by its pass.
 */
export function mergePasses(results) {
  if (results.length === 1) return results[0];
  const first = results[0];
  const mergeRows = (rowsOf, numbers, errors) =>
    [...new Set(results.flatMap((r) => (rowsOf(r) ?? []).map((x) => x.name)))].map((name) => {
      const rows = results.map((r) => (rowsOf(r) ?? []).find((x) => x.name === name)).filter(Boolean);
      const merged = { ...rows[0] };
      for (const key of numbers) if (rows.some((row) => key in row)) merged[key] = median(rows.map((row) => row[key]));
      for (const key of errors) merged[key] = rows.reduce((sum, row) => sum + (row[key] ?? 0), 0);
      merged.p99Passes = rows.map((row) => row.p99);
      return merged;
    });
  return {
    ...first,
    passes: results.length,
    scenarios: mergeRows((r) => r.scenarios, ['p50', 'p99', 'requestsPerSecond', 'bytesPerAnswer'], ['errors', 'non2xx']),
    bareSql: mergeRows((r) => r.bareSql, ['p50', 'p99', 'perSecond'], ['errors']),
    serverPeakMemoryMB: Math.max(...results.map((r) => r.serverPeakMemoryMB ?? 0)),
    hashBoundSignInsPerSecond: median(results.map((r) => r.hashBoundSignInsPerSecond)),
    parallelArgon2idChecksPerSecond: median(results.map((r) => r.parallelArgon2idChecksPerSecond)),
    bars: results.flatMap((r, i) => (r.bars ?? []).map((b) => ({ ...b, bar: `${b.bar} (pass ${i + 1} of ${results.length})` }))),
  };
}

/** Per scenario, its numbers at each size; the bars of the curve. */
export function summarise(runs) {
  runs.sort((a, b) => a.items - b.items);
  const names = [
    ...new Set(runs.flatMap((r) => [...r.scenarios.map((s) => s.name), ...(r.bareSql ?? []).map((b) => `bare SQL: ${b.name}`)])),
  ];
  const scenarios = names.map((name) => ({
    name,
    points: runs.flatMap((r) => {
      const s = r.scenarios.find((x) => x.name === name);
      if (s)
        return [
          {
            items: r.items,
            p50: s.p50,
            p99: s.p99,
            requestsPerSecond: s.requestsPerSecond,
            errors: s.errors + s.non2xx,
            ...(s.bytesPerAnswer !== undefined ? { bytesPerAnswer: s.bytesPerAnswer } : {}),
            ...(s.p99Passes ? { p99Passes: s.p99Passes } : {}),
          },
        ];
      const b = (r.bareSql ?? []).find((x) => `bare SQL: ${x.name}` === name);
      return b
        ? [
            {
              items: r.items,
              p50: b.p50,
              p99: b.p99,
              requestsPerSecond: b.perSecond,
              errors: b.errors,
              ...(b.p99Passes ? { p99Passes: b.p99Passes } : {}),
            },
          ]
        : [];
    }),
  }));
  const sizes = runs.map((r) => ({
    items: r.items,
    passes: r.passes ?? 1,
    seedingSeconds: r.seeding?.seconds,
    databaseBytes: r.databaseBytes,
    postgresSettings: r.postgresSettings,
    serverPeakMemoryMB: r.serverPeakMemoryMB,
    hashBoundSignInsPerSecond: r.hashBoundSignInsPerSecond,
    parallelArgon2idChecksPerSecond: r.parallelArgon2idChecksPerSecond,
  }));
  const largest = runs.at(-1).items;
  const bars = [];
  if (largest > BASE_SIZE && runs.some((r) => r.items === BASE_SIZE)) {
    for (const s of scenarios.filter((x) => isRead(x.name))) {
      const at = (n) => s.points.find((p) => p.items === n);
      const [small, big] = [at(BASE_SIZE), at(largest)];
      if (!small || !big) continue;
      const ratio = big.p99 / Math.max(small.p99, 1);
      // A scenario that completed no request (its connections all waited) has no p99 at all: a failure, not 0 ms.
      const answered = big.requestsPerSecond > 0 && small.requestsPerSecond > 0;
      bars.push({
        bar: `${s.name}: p99 at ${largest.toLocaleString('en')} items at most ${GROWTH_BAR}× its p99 at ${BASE_SIZE.toLocaleString('en')}`,
        value: answered
          ? `${big.p99} ms vs ${small.p99} ms (${ratio.toFixed(2)}×)`
          : `no request completed (${big.requestsPerSecond}/s at ${largest.toLocaleString('en')}, ${small.requestsPerSecond}/s at ${BASE_SIZE.toLocaleString('en')})`,
        pass: answered && ratio <= GROWTH_BAR && big.errors === 0,
      });
    }
  }
  for (const size of sizes) {
    bars.push({
      bar: `server memory under ${MEMORY_BAR_MB} MB at ${size.items.toLocaleString('en')} items`,
      value: `${size.serverPeakMemoryMB} MB`,
      pass: size.serverPeakMemoryMB < MEMORY_BAR_MB,
    });
  }
  // Each run's sign-in bars (throughput against the hash-bound limit, latency one per core) as measured there.
  for (const r of runs) {
    for (const b of r.bars.filter((x) => x.bar.startsWith('sign-in')))
      bars.push({ ...b, bar: `${b.bar} (${r.items.toLocaleString('en')} items)` });
  }
  return {
    date: new Date().toISOString(),
    machine: runs[0].machine,
    connections: runs[0].connections,
    durationSeconds: runs[0].durationSeconds,
    sizes,
    scenarios,
    bars,
  };
}

function printTable(curve) {
  const sizes = curve.sizes.map((s) => s.items);
  const head = ['scenario'.padEnd(46), ...sizes.map((n) => `${n.toLocaleString('en')}`.padStart(22))].join(' ');
  console.log(`\np99 ms / requests per second\n${head}`);
  for (const s of curve.scenarios) {
    const cells = sizes.map((n) => {
      const p = s.points.find((x) => x.items === n);
      return (p ? `${p.p99} / ${p.requestsPerSecond}` : '-').padStart(22);
    });
    console.log([s.name.slice(0, 46).padEnd(46), ...cells].join(' '));
  }
  for (const size of curve.sizes)
    console.log(
      `${size.items.toLocaleString('en')} items: seeded in ${Math.round(size.seedingSeconds ?? 0)} s, database ${((size.databaseBytes ?? 0) / 2 ** 30).toFixed(2)} GiB, server peak ${size.serverPeakMemoryMB} MB`,
    );
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Small multiples, one panel per scenario: p50 (thin) and p99 (thick) in ms on a log scale (left),
 * requests per second (dashed, right scale), against the item count on a log scale.
 */
export function chart(curve) {
  const W = 250;
  const H = 150;
  const M = { left: 42, right: 42, top: 30, bottom: 28 };
  const COLS = 4;
  const rows = Math.ceil(curve.scenarios.length / COLS);
  const width = COLS * W;
  const height = rows * H + 60;
  const sizes = curve.sizes.map((s) => s.items);
  const lx = (n) => Math.log10(n);
  const [x0, x1] = [lx(Math.min(...sizes)), lx(Math.max(...sizes))];
  const xOf = (n) => M.left + ((lx(n) - x0) / Math.max(x1 - x0, 1e-9)) * (W - M.left - M.right);
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="sans-serif" font-size="10">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="18" font-size="13" font-weight="bold">Cost against item count (${escape(curve.date.slice(0, 10))}, ${curve.connections} connections, ${escape(String(curve.machine?.cores ?? '?'))} cores)</text>`,
    `<text x="10" y="34" fill="#444">Each panel: p50 (thin) and p99 (thick) in ms, log scale, left; requests/s dashed, right. Items on a log scale.</text>`,
  );
  curve.scenarios.forEach((s, i) => {
    const ox = (i % COLS) * W;
    const oy = 50 + Math.floor(i / COLS) * H;
    const pts = s.points;
    const ms = pts.flatMap((p) => [p.p50, p.p99]).filter((v) => v > 0);
    const [m0, m1] = [Math.log10(Math.max(0.5, Math.min(...ms, 1))), Math.log10(Math.max(...ms, 2) * 1.2)];
    const yMs = (v) => oy + M.top + (1 - (Math.log10(Math.max(v, 0.5)) - m0) / Math.max(m1 - m0, 1e-9)) * (H - M.top - M.bottom);
    const rpsMax = Math.max(...pts.map((p) => p.requestsPerSecond), 1) * 1.15;
    const yRps = (v) => oy + M.top + (1 - v / rpsMax) * (H - M.top - M.bottom);
    const line = (f, style) =>
      `<polyline fill="none" ${style} points="${pts.map((p) => `${(ox + xOf(p.items)).toFixed(1)},${f(p).toFixed(1)}`).join(' ')}"/>`;
    out.push(`<g>`, `<text x="${ox + 6}" y="${oy + 14}" font-weight="bold">${escape(s.name.slice(0, 44))}</text>`);
    out.push(
      `<rect x="${ox + M.left}" y="${oy + M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#ccc"/>`,
    );
    for (const n of sizes) {
      const label = n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`;
      out.push(`<text x="${(ox + xOf(n)).toFixed(1)}" y="${oy + H - 12}" text-anchor="middle" fill="#555">${label}</text>`);
    }
    for (const v of [Math.pow(10, m0), Math.pow(10, m1) / 1.2]) {
      out.push(
        `<text x="${ox + M.left - 4}" y="${yMs(v).toFixed(1)}" text-anchor="end" fill="#1f4e99">${v < 10 ? v.toFixed(1) : Math.round(v)}</text>`,
      );
    }
    out.push(
      `<text x="${ox + W - M.right + 4}" y="${yRps(rpsMax / 1.15).toFixed(1)}" fill="#b35900">${Math.round(rpsMax / 1.15)}/s</text>`,
    );
    out.push(line((p) => yMs(p.p50), 'stroke="#1f4e99" stroke-width="1"'));
    out.push(line((p) => yMs(p.p99), 'stroke="#1f4e99" stroke-width="2.5"'));
    out.push(line((p) => yRps(p.requestsPerSecond), 'stroke="#b35900" stroke-width="1.5" stroke-dasharray="4 3"'));
    out.push(`</g>`);
  });
  out.push(`</svg>\n`);
  return out.join('\n');
}
