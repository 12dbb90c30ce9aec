#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile, its default config and simulated throttling) on the
// production build, on /browse, one demo item page and /auth. Each page runs several times and the
// median of every number is kept, since scores move with the load on the machine. Writes
// bench/results/lighthouse-<date>.json and prints the scores against the bars of docs/performance.md.
// Lighthouse is not a dependency of the project (it and its Chrome launcher are about 63 MB for a
// script CI never runs): its CLI, pinned below, runs through `npx --yes`, which fetches it into npm's
// cache on the first run only.
//
//   npm run lighthouse [-- --runs 5] [--port 3600] [--build] [--reports DIR (full Lighthouse JSON of every run)]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, ensureChromium } from './browser.mjs';

/** The Lighthouse the bars were measured with; change it deliberately (scores move between versions). */
const LIGHTHOUSE = 'lighthouse@12.8.2';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 3));
const PORT = Number(option('--port', 3600));
const REPORTS = option('--reports', undefined);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};
// The bars (docs/performance.md): performance >= 95, accessibility 100, best practices >= 95 on every page; SEO >= 95 on
// /browse and the item page (/auth is not meant to be found by search engines).
const BARS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const seoMeasured = (page) => page !== 'auth';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (
  args.includes('--build') ||
  !existsSync(path.join(root, 'dist/server/main.js')) ||
  !existsSync(path.join(root, 'dist/client/index.html'))
) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const chromium = ensureChromium();
console.log(`Fetching ${LIGHTHOUSE} with npx (once: npm's cache keeps it)...`);
const fetched = spawnSync('npx', ['--yes', LIGHTHOUSE, '--version'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
if (fetched.status !== 0) process.exit(fetched.status ?? 1);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-lighthouse-'));
const lhrDir = mkdtempSync(path.join(os.tmpdir(), 'share-lighthouse-lhr-'));
const startServer = (env) =>
  spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });

// Production never adds demo content (config refuses SEED_DEMO=true there): the demo items are put
// into the data folder by a development start first, then the production build is measured on them.
let server = startServer({ NODE_ENV: 'development', SEED_DEMO: 'true' });
const cleanUp = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(lhrDir, { recursive: true, force: true });
};

/**
 * Production refuses to start while a demo account keeps the published demo password: the seeded
 * accounts get a random one each (nobody signs in during the measurement).
 */
async function retireDemoPasswords() {
  const { openDatabase } = await import(path.join(root, 'dist/server/db/client.js'));
  const { hashPassword } = await import(path.join(root, 'dist/server/features/auth/passwords.js'));
  const { DEMO_ADMIN, DEMO_USERS } = await import(path.join(root, 'dist/server/demo/seed.js'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    for (const username of [DEMO_ADMIN, ...DEMO_USERS]) {
      const hash = await hashPassword(randomBytes(24).toString('base64url'));
      await database.db.$client.query('UPDATE users SET password = $1 WHERE username = $2', [hash, username]);
    }
  } finally {
    await database.close();
  }
}

async function seedThenStartProduction() {
  await waitForServer();
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  await retireDemoPasswords();
  server = startServer({ NODE_ENV: 'production', PUBLIC_URL: ORIGIN, SEED_DEMO: 'false' });
  await waitForServer();
}

async function waitForServer() {
  for (let i = 0; i < 360; i++) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`${ORIGIN}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not get ready within three minutes');
}

/** The Lighthouse CLI on one page, in a Chromium of its own; resolves with its report (the LHR). */
function runLighthouse(url, reportName) {
  const outFile = path.join(lhrDir, `${reportName}.json`);
  rmSync(outFile, { force: true });
  const cliArgs = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', cliArgs, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: chromium },
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      // A run that hit a runtime error may still write its report (with runtimeError set).
      if (!existsSync(outFile)) return reject(new Error(`${url}: Lighthouse exited with ${code} and wrote no report.`));
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        copyFileSync(outFile, path.join(REPORTS, `${reportName}.json`));
      }
      resolve(JSON.parse(readFileSync(outFile, 'utf8')));
    });
  });
}

/** One Lighthouse run: the four scores (0-100), the main metrics (ms; CLS unitless) and the audits that failed. */
async function audit(url, reportName) {
  const lhr = await runLighthouse(url, reportName);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id].numericValue]));
  const failed = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) failed.push(`${c}: ${a.id}`);
    }
  }
  const consoleErrors = (lhr.audits['errors-in-console'].details?.items ?? []).map((i) => `${i.source}: ${i.description}`);
  return { scores, metrics, failed, consoleErrors, version: lhr.lighthouseVersion };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is made again, twice at most. */
async function auditWithRetry(url, reportName) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, reportName);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${reportName}: ${error.message} Running it again.`);
    }
  }
}

try {
  await seedThenStartProduction();
  const { items } = await (await fetch(`${ORIGIN}/api/items`)).json();
  if (!items?.length) throw new Error('The demo content has no items');
  const pages = { browse: '/browse', item: `/items/${items[0].id}`, auth: '/auth' };

  const results = {};
  let lighthouseVersion;
  for (const [page, pathname] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await auditWithRetry(`${ORIGIN}${pathname}`, `${page}-${i + 1}`);
      lighthouseVersion = run.version;
      console.log(`${page} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}`);
      runs.push(run);
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((k) => [k, Math.round(median(runs.map((r) => r.metrics[k])) * 1000) / 1000]),
    );
    const bars = Object.fromEntries(
      CATEGORIES.filter((c) => c !== 'seo' || seoMeasured(page)).map((c) => [c, { bar: BARS[c], pass: scores[c] >= BARS[c] }]),
    );
    results[page] = {
      path: pathname,
      scores,
      metrics,
      bars,
      runs: runs.map((r) => r.scores),
      failedAudits: [...new Set(runs.flatMap((r) => r.failed))],
      consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
    };
  }

  const report = {
    date: new Date().toISOString(),
    lighthouse: lighthouseVersion,
    settings: { formFactor: 'mobile', throttling: 'simulated (Lighthouse default)', runsPerPage: RUNS, statistic: 'median' },
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    pages: results,
  };
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `lighthouse-${report.date.slice(0, 10)}.json`);
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nLighthouse, mobile, median of ${RUNS} runs (bars: performance >= 95, accessibility 100, best practices >= 95, SEO >= 95 on /browse and the item page)`,
  );
  console.log(`${'page'.padEnd(22)}${CATEGORIES.map((c) => c.padStart(16)).join('')}   FCP ms  LCP ms  TBT ms    CLS`);
  for (const r of Object.values(results)) {
    const cells = CATEGORIES.map((c) => `${r.scores[c]}${r.bars[c] ? (r.bars[c].pass ? ' ok' : ' LOW') : ' -'}`.padStart(16)).join('');
    const m = r.metrics;
    console.log(
      `${r.path.padEnd(22)}${cells} ${String(Math.round(m.fcp)).padStart(8)}${String(Math.round(m.lcp)).padStart(8)}${String(Math.round(m.tbt)).padStart(8)}${m.cls.toFixed(3).padStart(7)}`,
    );
    for (const f of r.failedAudits) console.log(`    failed: ${f}`);
  }
  const allPass = Object.values(results).every((r) => Object.values(r.bars).every((b) => b.pass));
  console.log(`\n${allPass ? 'Every bar is met.' : 'Some bars are NOT met.'} Written to ${path.relative(root, outFile)}`);
} finally {
  cleanUp();
}
