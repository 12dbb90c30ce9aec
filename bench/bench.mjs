// npm run bench [-- --quick] [--seed=N] [--duration=S] [--only=a,b]: seeds (or reuses) a database, drives the
// production server with autocannon, measures the bare nearest-first SQL, EXPLAINs every statement
// of every scenario and writes the results to bench/results/. See docs/performance.md.
// --only runs the scenarios whose names contain one of the comma-separated texts (and skips the
// alert matching, and the bare SQL unless nearest first, page 1 is among them).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../dist/server/db/client.js';
import { SESSION_OPTIONS } from '../dist/server/db/session.js';
import { hashPassword, verifyPassword } from '../dist/server/features/auth/passwords.js';
import { forgetEstimates } from '../dist/server/features/items/search/engine.js';
import { bboxAt, CITIES, COMMON_WORD, ensureSeeded, PASSWORD, PEOPLE_WORD, random, RARE_WORD, samplePoints, SEARCH_TAG } from './seed.mjs';
import { openTarget } from './target.mjs';
import { buildBenchApp } from './in-process.mjs';
import { ensureAlertsSeeded, measureAlertMatching } from './alerts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const quick = Boolean(args.quick);
const seed = Number(args.seed ?? 1);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const itemCount = Number(process.env.BENCH_ITEMS ?? (quick ? 2_000 : databaseUrl ? 1_000_000 : 100_000));
const userCount = Number(process.env.BENCH_USERS ?? (quick ? 500 : 50_000));
const alertCount = Number(process.env.BENCH_ALERTS ?? (quick ? 2_000 : 100_000));
const duration = Number(args.duration ?? (quick ? 2 : 10));
const only = typeof args.only === 'string' ? args.only.split(',').filter(Boolean) : null;
const warmup = quick ? 0 : 2;
const CONNECTIONS = 32;
/** Posted items matched against the saved alerts (sample items of the seed). */
const ALERT_ITEMS = 300;
const CORES = os.availableParallelism();
// PostgreSQL's rule of thumb for a pool: about two connections per core of the database server
// (here the same machine); more only queue inside PostgreSQL and stretch the tail.
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 2 * CORES);
for (const [name, v] of Object.entries({ seed, itemCount, alertCount, duration, poolSize })) {
  if (!Number.isInteger(v) || v < (name === 'seed' ? 0 : 1)) throw new Error(`${name} must be a whole number above 0 (got ${v})`);
}
const log = (msg) => console.log(`[bench] ${msg}`);

/** Two words of the seed's titles ("Red lamp"), asked in the other order; a typo of one of its nouns. */
const TWO_WORDS = 'lamp red';
const TYPO_WORD = 'guitr';

// ---- Data -------------------------------------------------------------------------------------

async function seedTarget(target) {
  const database = await openDatabase({ databaseUrl: target.url, pgliteDir: target.pgliteDir ?? 'memory://' });
  await database.migrate();
  const passwordHash = await hashPassword(PASSWORD);
  const opts = { seed, items: itemCount, users: userCount, passwordHash, log };
  let seeded;
  if (target.kind === 'postgres') {
    await database.close();
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query(`SET maintenance_work_mem = '512MB'`);
    seeded = await ensureSeeded((sql, params) => client.query(sql, params), opts);
    await ensureAlertsSeeded((sql, params) => client.query(sql, params), { seed, alerts: alertCount, users: userCount, log });
    await client.end();
  } else {
    const client = database.db.$client;
    seeded = await ensureSeeded((sql, params) => client.query(sql, params), opts);
    await ensureAlertsSeeded((sql, params) => client.query(sql, params), { seed, alerts: alertCount, users: userCount, log });
    await database.close();
  }
  return seeded;
}

/** What the scenarios ask for: points, item ids and visible usernames, chosen from the seed. */
async function samples(db) {
  const rnd = random(seed * 7919 + 1);
  const points = samplePoints(rnd);
  const itemIds = Array.from({ length: 1000 }, () => 1 + Math.floor(rnd() * itemCount));
  const ids = Array.from({ length: 1000 }, () => 1 + Math.floor(rnd() * userCount));
  const { rows } = await db.$client.query(`SELECT username FROM users WHERE is_visible AND id = ANY($1::int[]) ORDER BY id`, [ids]);
  return { points, itemIds, usernames: rows.map((r) => r.username) };
}

// ---- Scenarios --------------------------------------------------------------------------------

function scenarios(s) {
  const cycle = (values) => {
    let i = 0;
    return () => values[i++ % values.length];
  };
  const near = (page) => {
    const next = cycle(s.points);
    return (req) => {
      const p = next();
      return { ...req, path: `/api/items?lat=${p.lat}&lng=${p.lng}${page > 1 ? `&page=${page}` : ''}` };
    };
  };
  const city = cycle(CITIES.slice(0, 10));
  const nearCity = (req) => {
    const [, lat, lng] = city();
    return { ...req, path: `/api/items?lat=${lat}&lng=${lng}&radiusKm=10` };
  };
  // The Map view (docs/decisions/021): the area a 1280 × 720 px map shows around the sample points.
  const mapAt = (zoom) => {
    const next = cycle(s.points);
    return (req) => {
      const p = next();
      return { ...req, path: `/api/items/clusters?bbox=${bboxAt(p.lat, p.lng, zoom)}&zoom=${zoom}` };
    };
  };
  const searchMap = mapAt(14);
  const itemId = cycle(s.itemIds);
  const profile = cycle(s.usernames);
  const signIn = cycle(s.usernames);
  const signInScenario = {
    name: 'sign-in',
    method: 'POST',
    path: '/api/login',
    body: (username) => JSON.stringify({ username, password: PASSWORD }),
    setup: (req) => ({ ...req, body: JSON.stringify({ username: signIn(), password: PASSWORD }) }),
    needsCsrf: true,
  };
  return [
    { name: 'newest first, page 1', path: '/api/items' },
    { name: 'newest first, page 50', path: '/api/items?page=50' },
    { name: 'nearest first, page 1', path: near(1)({}).path, setup: near(1), bar: 'nearest' },
    { name: 'nearest first, page 5', path: near(5)({}).path, setup: near(5) },
    { name: `search "${COMMON_WORD}" (common word)`, path: `/api/items?query=${COMMON_WORD}&tag=${COMMON_WORD}` },
    { name: `search "${RARE_WORD}" (rare word)`, path: `/api/items?query=${RARE_WORD}&tag=${RARE_WORD}` },
    { name: `tag "${SEARCH_TAG}"`, path: `/api/items?tag=${SEARCH_TAG}` },
    // Search by words (docs/decisions/022): two words in the other order than the titles', a typo,
    // and each ranked best match first (sort=relevance).
    {
      name: `search "${TWO_WORDS}" (two words, any order)`,
      path: `/api/items?query=${encodeURIComponent(TWO_WORDS)}&tag=${encodeURIComponent(TWO_WORDS)}`,
    },
    { name: `search "${TYPO_WORD}" (typo)`, path: `/api/items?query=${TYPO_WORD}&tag=${TYPO_WORD}` },
    {
      name: `search "${TWO_WORDS}", best match first`,
      path: `/api/items?query=${encodeURIComponent(TWO_WORDS)}&tag=${encodeURIComponent(TWO_WORDS)}&sort=relevance`,
    },
    { name: `search "${TYPO_WORD}", best match first`, path: `/api/items?query=${TYPO_WORD}&tag=${TYPO_WORD}&sort=relevance` },
    // Within 10 km of a busy place (a city centre): the KNN walk bounded by earth_box.
    { name: 'nearest first within 10 km of a city', path: nearCity({}).path, setup: nearCity },
    // Map clusters: the whole continent, a city, a street (per-cell counts up to zoom 19, migration
    // 0035), and a search over a neighbourhood (grouped at request time). A search over a whole city
    // is refused at ten million items (MAP_SEARCH_MAX_ITEMS, decision 021): it would measure the 400.
    { name: 'map clusters, continent (zoom 4)', path: '/api/items/clusters?bbox=-125,24,-66,50&zoom=4' },
    { name: 'map clusters, city (zoom 11)', path: mapAt(11)({}).path, setup: mapAt(11) },
    { name: 'map clusters, street (zoom 16)', path: mapAt(16)({}).path, setup: mapAt(16) },
    {
      name: `map clusters, search "${COMMON_WORD}" in a neighbourhood (zoom 14)`,
      path: `${searchMap({}).path}&query=${COMMON_WORD}&tag=${COMMON_WORD}`,
      setup: (req) => ({ ...req, path: `${searchMap({}).path}&query=${COMMON_WORD}&tag=${COMMON_WORD}` }),
    },
    { name: 'item detail', path: `/api/items/${s.itemIds[0]}`, setup: (req) => ({ ...req, path: `/api/items/${itemId()}` }) },
    {
      name: 'profile',
      path: `/api/users/profile/${s.usernames[0]}`,
      setup: (req) => ({ ...req, path: `/api/users/profile/${profile()}` }),
    },
    { name: `user and note search "${PEOPLE_WORD}"`, path: `/api/search?query=${PEOPLE_WORD}` },
    // Sign-in is bound by argon2id (CPU work): its bars compare with the hash-bound limit measured
    // in the same run (docs/performance.md, "The bars"), not with the reads' 100 ms.
    { ...signInScenario, signIn: 'throughput' },
    // One sign-in per core at a time: what each costs when none waits behind another.
    { ...signInScenario, name: `sign-in, ${CORES} connections`, connections: CORES, signIn: 'latency' },
  ];
}

// ---- EXPLAIN of every statement one request runs ------------------------------------------------

const WATCHED = new Set(['items', 'users', 'notes', 'vocabulary', 'item_map_cells', 'postings']);

function planNodes(node, out = []) {
  out.push({ node: node['Node Type'], relation: node['Relation Name'], index: node['Index Name'] });
  for (const child of node.Plans ?? []) planNodes(child, out);
  return out;
}

/** Builds the app in-process on the bench database, records the SQL each scenario runs, EXPLAINs it. */
async function captureAndExplain(target, list, s) {
  const app = await buildBenchApp({ databaseUrl: target.url, pgliteDir: target.pgliteDir, dataDir: target.dataDir, poolSize: 4 });
  const client = app.database.db.$client;
  const original = client.query.bind(client);
  let recording = null;
  client.query = (q, values, ...rest) => {
    const text = typeof q === 'string' ? q : q.text;
    const params = (typeof q === 'object' && q.values) || (Array.isArray(values) ? values : []);
    recording?.push({ sql: text, params });
    return original(q, values, ...rest);
  };
  const run = (q) => original(q.sql, q.params);
  const csrf = await app.inject({ method: 'GET', url: '/api/csrf-token' });
  const cookie = csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const token = csrf.json().token;
  const explained = {};
  const captured = {};
  try {
    for (const sc of list) {
      forgetEstimates(app.db); // the cold request: the page total is worked out, not remembered
      recording = [];
      const res = await app.inject({
        method: sc.method ?? 'GET',
        url: sc.path,
        headers: sc.needsCsrf ? { cookie, 'x-csrf-token': token, 'content-type': 'application/json' } : {},
        payload: sc.body ? sc.body(s.usernames[0]) : undefined,
      });
      const statements = recording;
      recording = null;
      if (res.statusCode >= 300) throw new Error(`${sc.name}: ${sc.path} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      captured[sc.name] = statements;
      const plans = [];
      for (const st of statements) {
        if (!/^\s*(select|insert|update|delete|with|explain)\b/i.test(st.sql)) continue;
        const isExplain = /^\s*explain/i.test(st.sql);
        const res2 = await run({ sql: isExplain ? st.sql : `EXPLAIN (FORMAT JSON) ${st.sql}`, params: st.params });
        const raw = res2.rows[0]['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
        const nodes = planNodes(plan);
        // The planner's estimate of a page total is an EXPLAIN that the app never runs: its plan
        // scans nothing, so its nodes are not held against the no-sequential-scan bar.
        const seqScans = isExplain ? [] : nodes.filter((n) => n.node === 'Seq Scan' && WATCHED.has(n.relation)).map((n) => n.relation);
        plans.push({
          sql: st.sql.replace(/\s+/g, ' ').trim(),
          params: st.params,
          note: isExplain ? 'the planner estimate of the page total (runs no scan)' : undefined,
          scans: nodes
            .filter((n) => n.relation || n.index)
            .map((n) => `${n.node}${n.relation ? ` on ${n.relation}` : ''}${n.index ? ` using ${n.index}` : ''}`),
          seqScans,
          plan,
        });
      }
      explained[sc.name] = plans;
    }
  } finally {
    client.query = original;
  }
  return { app, explained, captured };
}

// ---- The bare nearest-first SQL --------------------------------------------------------------------

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/**
 * Runs statements (one "request", with the point varied) in a loop on CONNECTIONS concurrent loops
 * for the duration. On PostgreSQL they share a pool of the server's size (BENCH_POOL_SIZE) with the
 * server's session settings, as the server's requests do: each request waits for a connection, runs,
 * and gives it back, and its time counts the wait. (Measured on CONNECTIONS database connections
 * instead, 32 backends on 2 cores competed for the CPU, and the bare list's p99 grew where the
 * server's, on its pool, did not. Without the session settings, at ten million items the planner
 * gave the boxed page a Gather whose workers' start was 9 of its 9.2 ms.)
 */
async function bareSql(name, target, capturedApp, statements, points, seconds) {
  const [probe] = points;
  const withPoint = (st, p) => ({ sql: st.sql, params: st.params.map((v) => (v === probe.lat ? p.lat : v === probe.lng ? p.lng : v)) });
  const pool = target.kind === 'postgres' ? new pg.Pool({ connectionString: target.url, max: poolSize, options: SESSION_OPTIONS }) : null;
  const pglite = pool ? null : capturedApp.database.db.$client;
  const latencies = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const p = points[next++ % points.length];
      const t = process.hrtime.bigint();
      const conn = pool ? await pool.connect() : pglite;
      try {
        for (const st of statements) {
          const q = withPoint(st, p);
          await conn.query(q.sql, q.params);
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      } catch {
        errors++;
      } finally {
        if (pool) conn.release();
      }
    }
  };
  let end = Date.now() + Math.min(2, seconds) * 1000; // warm-up
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.length = 0;
  const started = Date.now();
  end = started + seconds * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (Date.now() - started) / 1000;
  await pool?.end();
  latencies.sort((a, b) => a - b);
  return {
    name,
    connections: CONNECTIONS,
    databaseConnections: pool ? poolSize : 1,
    statements: statements.map((s) => s.sql.replace(/\s+/g, ' ').trim()),
    perSecond: Math.round(latencies.length / elapsed),
    p50: +percentile(latencies, 50).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
    errors,
  };
}

// ---- The server ----------------------------------------------------------------------------------

async function freePort() {
  const first = Number(process.env.BENCH_PORT ?? 3500);
  for (let port = first; port <= first + 9; port++) {
    const free = await new Promise((resolve) => {
      const s = net
        .createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${first} and ${first + 9}`);
}

async function startServer(target) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '1000000',
    DATABASE_POOL_SIZE: String(poolSize),
    DATABASE_URL: target.url ?? '',
    DATA_DIR: target.dataDir ?? path.join(os.tmpdir(), 'share-bench-server'),
  };
  for (const k of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'REDIS_URL']) delete env[k];
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // As production starts it (scripts/start.sh: one malloc arena, then exec, so the pid is the
  // server's): started bare, argon2id's threads each kept an arena and the sign-in scenario took the
  // server past 300 MB (326 MB at 100,000 items on 27 Nov).
  const child = spawn('sh', [path.join(root, 'scripts/start.sh')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let peakRssMB = 0;
  const readMemory = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      peakRssMB = Math.max(peakRssMB, kb('VmRSS') / 1024, kb('VmHWM') / 1024);
    } catch {
      // not Linux, or already gone
    }
  };
  const timer = setInterval(readMemory, 250);
  return {
    base,
    pid: child.pid,
    peakMemoryMB: () => (readMemory(), Math.round(peakRssMB)),
    stop: async () => {
      clearInterval(timer);
      readMemory();
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function drive(server, sc, seconds, headers) {
  const request = {
    method: sc.method ?? 'GET',
    path: sc.path,
    headers: { ...headers, ...(sc.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(sc.setup ? { setupRequest: sc.setup } : {}),
  };
  return autocannon({ url: server.base, connections: sc.connections ?? CONNECTIONS, duration: seconds, requests: [request] });
}

// ---- The hash-bound sign-in limit --------------------------------------------------------------------

/**
 * Waits until the database runs no statement of the server's (PostgreSQL only): queries still
 * running after a scenario's clients stopped (its slowest ones) would otherwise be measured as the
 * next scenario's cost. Gives up after `maxSeconds`; answers how long it waited.
 */
async function untilIdle(target, maxSeconds = 120) {
  if (target.kind !== 'postgres') return 0;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (rows[0].n === 0 || performance.now() - started > maxSeconds * 1000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** The settings of the PostgreSQL server that size its memory: what a run was measured with (docs/deploy.md). */
const MEMORY_SETTINGS = ['shared_buffers', 'effective_cache_size', 'work_mem', 'max_parallel_workers_per_gather'];

/**
 * The size of the bench database on disk (tables and indexes), for the curve's disk column, and the
 * memory settings the app's sessions run with (SESSION_OPTIONS: no parallel workers, where the
 * server's own default is 2).
 */
async function databaseFacts(url) {
  const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
  await client.connect();
  try {
    const bytes = Number((await client.query('select pg_database_size(current_database())::text as n')).rows[0].n);
    const { rows } = await client.query('select name, current_setting(name) as value from pg_settings where name = any($1)', [
      MEMORY_SETTINGS,
    ]);
    return { databaseBytes: bytes, postgresSettings: Object.fromEntries(rows.map((r) => [r.name, r.value])) };
  } finally {
    await client.end();
  }
}

/** The median time of one argon2id check with the app's settings (the server's own code), in ms, over `n` checks one at a time. */
async function medianHashMs(n = 25) {
  const passwordHash = await hashPassword(PASSWORD);
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    if (!(await verifyPassword(passwordHash, PASSWORD))) throw new Error('the password check failed');
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

/**
 * Checks per second with one check per core at a time, the server stopped: what the cores do when
 * every one hashes at once. argon2id is memory-hard (19 MiB a check): checks running side by side
 * share the caches and the memory bus, so this is less than cores ÷ one check's time (the bar's limit).
 */
async function parallelHashesPerSecond(seconds = 4) {
  const passwordHash = await hashPassword(PASSWORD);
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CORES }, async () => {
      while (performance.now() < end) {
        if (!(await verifyPassword(passwordHash, PASSWORD))) throw new Error('the password check failed');
        n++;
      }
    }),
  );
  return Math.round(n / seconds);
}

// ---- Main ------------------------------------------------------------------------------------------

const fmt = (n, w) => String(n).padStart(w);

async function main() {
  const target = await openTarget({ databaseUrl, quick, root });
  log(
    `${quick ? 'quick run' : 'full run'} on ${target.label}: ${itemCount.toLocaleString('en')} items, ${userCount.toLocaleString('en')} users, seed ${seed}, ${duration} s a scenario, ${CONNECTIONS} connections`,
  );
  let server;
  let capturedApp;
  try {
    const seeded = await seedTarget(target);
    const sampleDb = await openDatabase({ databaseUrl: target.url, pgliteDir: target.pgliteDir ?? 'memory://' });
    const s = await samples(sampleDb.db).finally(() => sampleDb.close());

    let alertMatching;
    if (!only) {
      log(`matching ${ALERT_ITEMS} posted items against ${alertCount.toLocaleString('en')} saved alerts`);
      const alertDb = await openDatabase({ databaseUrl: target.url, pgliteDir: target.pgliteDir ?? 'memory://' });
      alertMatching = await measureAlertMatching(alertDb.db, s.itemIds.slice(0, ALERT_ITEMS)).finally(() => alertDb.close());
      log(
        `alert matching: database time p50 ${alertMatching.p50} ms, p99 ${alertMatching.p99} ms, max ${alertMatching.max} ms; matches p50 ${alertMatching.matchesP50}, max ${alertMatching.matchesMax}; indexes ${alertMatching.indexes.join(', ')}`,
      );
    }
    const list = scenarios(s).filter((sc) => !only || only.some((o) => sc.name.includes(o)));
    const nearestScenario = list.find((x) => x.bar === 'nearest');

    log('capturing and EXPLAINing the SQL of each scenario');
    const capture = await captureAndExplain(target, list, s);
    capturedApp = capture.app;
    const bare = [];
    const measureBareSql = async () => {
      if (!nearestScenario) return;
      const nearestSql = capture.captured[nearestScenario.name].filter((st) => /from items/i.test(st.sql) && !/^\s*explain/i.test(st.sql));
      // The list statement alone (the count orders its walk too, decision 004, so ORDER BY does not tell them apart).
      const listSql = nearestSql.filter((st) => !/count\(\*\)/i.test(st.sql));
      log('bare SQL of nearest first, page 1');
      bare.push(await bareSql('list + capped count (the cold request)', target, capturedApp, nearestSql, s.points, duration));
      bare.push(await bareSql('list alone (a request while the total is remembered)', target, capturedApp, listSql, s.points, duration));
    };
    // On PostgreSQL the bare SQL runs after the server's scenarios, on the cache they warmed, as the
    // server's nearest first met it: measured first, at ten million items it read a 28 GiB database
    // from disk and compared a cold cache with a warm one. PGlite's folder serves one process at a
    // time, so there it runs before the server starts.
    const bareSqlLast = target.kind === 'postgres';
    if (!bareSqlLast) await measureBareSql();
    await capturedApp.close();
    capturedApp = undefined;

    log('starting the production server');
    server = await startServer(target);
    const csrf = await fetch(`${server.base}/api/csrf-token`);
    const csrfHeaders = {
      cookie: csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'x-csrf-token': (await csrf.json()).token,
    };
    const results = [];
    for (const sc of list) {
      const headers = sc.needsCsrf ? csrfHeaders : {};
      if (warmup) await drive(server, sc, warmup, headers);
      const r = await drive(server, sc, duration, headers);
      const row = {
        name: sc.name,
        ...(sc.connections ? { connections: sc.connections } : {}),
        path: sc.setup ? `${sc.path} (varied per request)` : sc.path,
        requestsPerSecond: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        // The mean answer's size (headers and body): a scenario whose answer grows with the items
        // (the street map's single items) shows it here.
        bytesPerAnswer: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
        // The server's peak memory so far: which scenario raised it.
        peakMemoryMBSoFar: server.peakMemoryMB(),
      };
      // Its slowest queries may outlive its clients: the next scenario starts when they are done.
      const drained = await untilIdle(target);
      if (drained > 0.5) row.queriesRanOnSeconds = Number(drained.toFixed(1));
      results.push(row);
      log(
        `${sc.name}: ${row.requestsPerSecond}/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}${row.queriesRanOnSeconds ? `; its queries ran on ${row.queriesRanOnSeconds} s after it` : ''}`,
      );
    }
    // Requests autocannon gave up on at the end (sign-ins queued behind argon2) finish first.
    await new Promise((r) => setTimeout(r, 3000));
    await server.stop();
    const peakMemoryMB = server.peakMemoryMB();
    if (bareSqlLast) await measureBareSql();
    // Measured with the server stopped, so nothing else runs: cores ÷ one check's time is the most sign-ins per second.
    const signInScenarios = list.filter((sc) => sc.signIn);
    const hashMs = signInScenarios.length ? await medianHashMs() : undefined;
    const hashBoundPerSecond = hashMs ? Math.round(CORES / (hashMs / 1000)) : undefined;
    const parallelHashes = signInScenarios.length ? await parallelHashesPerSecond() : undefined;
    if (hashMs) {
      log(`argon2id check: median ${hashMs.toFixed(1)} ms, so at most ${hashBoundPerSecond} sign-ins/s on ${CORES} cores`);
      log(`argon2id checks ${CORES} at a time, nothing else running: ${parallelHashes}/s`);
    }

    // ---- The bars (docs/performance.md) ----
    const nearest = nearestScenario && results.find((r) => r.name === nearestScenario.name);
    const bareList = bare[1];
    const bars = [
      ...(nearest
        ? [
            {
              bar: 'nearest first p1: at least half the bare SQL (list alone) per second',
              value: `${nearest.requestsPerSecond} vs ${bareList.perSecond} (${(nearest.requestsPerSecond / bareList.perSecond).toFixed(2)})`,
              pass: nearest.requestsPerSecond >= bareList.perSecond / 2,
            },
            {
              bar: 'nearest first p1: p99 under 50 ms, no errors',
              value: `${nearest.p99} ms, ${nearest.errors + nearest.non2xx} errors`,
              pass: nearest.requestsPerSecond > 0 && nearest.p99 < 50 && nearest.errors + nearest.non2xx === 0,
            },
          ]
        : []),
      ...results
        .filter((r) => list.find((sc) => sc.name === r.name)?.signIn)
        .map((r) => {
          const kind = list.find((sc) => sc.name === r.name).signIn;
          const errors = r.errors + r.non2xx;
          return kind === 'throughput'
            ? {
                bar: `${r.name}, ${CONNECTIONS} connections: at least 0.8 of the hash-bound limit (${CORES} cores ÷ median argon2id check)`,
                value: `${r.requestsPerSecond}/s vs ${hashBoundPerSecond}/s (${(r.requestsPerSecond / hashBoundPerSecond).toFixed(2)}), ${errors} errors; ${CORES} checks at a time alone: ${parallelHashes}/s (sign-ins ${(r.requestsPerSecond / parallelHashes).toFixed(2)} of it)`,
                pass: r.requestsPerSecond >= 0.8 * hashBoundPerSecond && errors === 0,
              }
            : {
                bar: `${r.name}: p99 under 100 ms, no errors`,
                value: `${r.p99} ms, ${errors} errors`,
                pass: r.requestsPerSecond > 0 && r.p99 < 100 && errors === 0,
              };
        }),
      ...results
        .filter((r) => r !== nearest && !list.find((sc) => sc.name === r.name)?.signIn)
        .map((r) => {
          const seq = capture.explained[r.name].flatMap((p) => p.seqScans);
          return {
            bar: `${r.name}: p99 under 100 ms, no errors, no sequential scan of items/users/notes`,
            value: `${r.p99} ms, ${r.errors + r.non2xx} errors, ${seq.length ? `Seq Scan on ${seq.join(', ')}` : 'index plans'}`,
            pass: r.requestsPerSecond > 0 && r.p99 < 100 && r.errors + r.non2xx === 0 && seq.length === 0,
          };
        }),
      { bar: 'server memory under 300 MB', value: `${peakMemoryMB} MB`, pass: peakMemoryMB < 300 },
      ...(alertMatching
        ? [
            {
              bar: `alert matching with ${alertCount.toLocaleString('en')} alerts: database time under 20 ms per posted item (p99), no sequential scan of saved_alerts`,
              value: `p99 ${alertMatching.p99} ms (p50 ${alertMatching.p50}), ${alertMatching.seqScans.length ? 'Seq Scan on saved_alerts' : 'index plans'}`,
              pass: alertMatching.p99 < 20 && alertMatching.seqScans.length === 0,
            },
          ]
        : []),
    ];

    console.log(
      `\n${'scenario'.padEnd(40)} ${fmt('req/s', 7)} ${fmt('p50 ms', 7)} ${fmt('p99 ms', 7)} ${fmt('errors', 7)} ${fmt('non2xx', 7)}`,
    );
    for (const r of results)
      console.log(
        `${r.name.padEnd(40)} ${fmt(r.requestsPerSecond, 7)} ${fmt(r.p50, 7)} ${fmt(r.p99, 7)} ${fmt(r.errors, 7)} ${fmt(r.non2xx, 7)}`,
      );
    for (const b of bare)
      console.log(
        `${`bare SQL: ${b.name}`.slice(0, 40).padEnd(40)} ${fmt(b.perSecond, 7)} ${fmt(b.p50, 7)} ${fmt(b.p99, 7)} ${fmt(b.errors, 7)} ${fmt('-', 7)}`,
      );
    console.log(`server peak memory: ${peakMemoryMB} MB\n`);
    // The bars are about 1,000,000 items: on the quick mode's few rows the planner rightly scans
    // small tables, so there the verdicts are shown for information only.
    if (quick) console.log('Quick mode: the bars below are for 1,000,000 items; here they are information, not a verdict.');
    for (const b of bars) console.log(`${b.pass ? 'PASS' : quick ? 'miss' : 'FAIL'}  ${b.bar}: ${b.value}`);

    const date = new Date().toISOString();
    const out = {
      date,
      quick,
      machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      database: target.kind,
      seed,
      items: itemCount,
      users: userCount,
      seeding: seeded,
      durationSeconds: duration,
      connections: CONNECTIONS,
      serverPoolSize: poolSize,
      scenarios: results,
      bareSql: bare,
      serverPeakMemoryMB: peakMemoryMB,
      ...(hashMs
        ? {
            argon2idCheckMedianMs: Number(hashMs.toFixed(2)),
            hashBoundSignInsPerSecond: hashBoundPerSecond,
            parallelArgon2idChecksPerSecond: parallelHashes,
          }
        : {}),
      ...(target.kind === 'postgres' ? await databaseFacts(target.url) : {}),
      alerts: alertCount,
      alertMatching,
      bars,
      explain: capture.explained,
    };
    const dir = path.join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    // Quick runs (CI) go to a file git ignores; full runs are kept.
    // A second full run on the same day gets its own file (-2, -3, ...): runs are compared, not replaced.
    const dated = (n) => path.join(dir, `${date.slice(0, 10)}-${target.kind}-${itemCount}${n > 1 ? `-${n}` : ''}.json`);
    let n = 1;
    while (!quick && existsSync(dated(n))) n++;
    const file = typeof args.out === 'string' ? path.resolve(args.out) : quick ? path.join(dir, 'quick.json.tmp') : dated(n);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`results written to ${path.relative(root, file)}`);
    // No timing assertion; a route that stops answering 2xx is a broken bench (or app).
    if (results.some((r) => r.non2xx > 0)) process.exitCode = 1;
  } finally {
    await server?.stop().catch(() => undefined);
    await capturedApp?.close().catch(() => undefined);
    await target.cleanup();
  }
}

// --curve: every size of the cost curve, each in a process of its own (bench/curve.mjs).
const run = args.curve ? import('./curve.mjs').then((m) => m.runCurve(args)) : main();
run.catch((err) => {
  console.error(err);
  process.exit(1);
});
