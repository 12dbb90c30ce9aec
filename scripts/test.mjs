#!/usr/bin/env node
// `npm test`: every test of the project, from a fresh checkout.
//   0. lints (npm run lint: ESLint with the import rules of the layout, the format check, the type check)
//   1. finds Chromium (or installs it as root on Debian, or says how to get one)
//   2. builds the client and the server once
//   3. runs the unit and API tests (Vitest; the server suite on PGlite, or on PostgreSQL when
//      TEST_DATABASE_URL is set)
//   4. runs the browser tests (Playwright in Chromium) against the production build
// Flags: --server-only (step 3 for src/server and src/shared only, no browser, no build),
//        --e2e-only (steps 1, 2 and 4).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './browser.mjs';

const args = new Set(process.argv.slice(2));
const serverOnly = args.has('--server-only');
const e2eOnly = args.has('--e2e-only');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'share-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a step; `stage` names it in a `ci-stage <name> <seconds>` line, as .ci/run prints its own. */
function run(cmd, cmdArgs, env = {}, stage = undefined) {
  console.log(`\n> ${cmd} ${cmdArgs.join(' ')}`);
  const started = performance.now();
  const res = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (stage) console.log(`ci-stage ${stage} ${Math.round((performance.now() - started) / 1000)}`);
  return res.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(file) {
  const r = readJson(file);
  if (!r) return;
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  const r = readJson(file);
  if (!r?.stats) return;
  totals.passed += (r.stats.expected ?? 0) + (r.stats.flaky ?? 0);
  totals.failed += r.stats.unexpected ?? 0;
  totals.skipped += r.stats.skipped ?? 0;
}

let status = 0;
const vitestBin = path.join('node_modules', '.bin', 'vitest');
const playwrightBin = path.join('node_modules', '.bin', 'playwright');
if (!existsSync(vitestBin)) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

if (!e2eOnly && !serverOnly) {
  // ESLint (with the import rules of the layout), the format check and the type check: first to fail.
  status ||= run('npm', ['run', 'lint'], {}, 'test:lint');
}

if (!e2eOnly && status === 0) {
  const file = path.join(reportDir, 'vitest.json');
  const scope = serverOnly ? ['src/server', 'src/shared'] : [];
  status ||= run(vitestBin, ['run', ...scope, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {}, 'test:vitest');
  countVitest(file);
}

if (!serverOnly && status === 0) {
  ensureChromium();
  status ||= run('npm', ['run', 'build'], {}, 'test:build');
  if (status === 0) {
    const file = path.join(reportDir, 'playwright.json');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-e2e-'));
    status = run(playwrightBin, ['test'], { E2E_DATA_DIR: dataDir, PLAYWRIGHT_JSON_OUTPUT_NAME: file }, 'test:e2e');
    countPlaywright(file);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

rmSync(reportDir, { recursive: true, force: true });
if (status !== 0 && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(status);
