#!/usr/bin/env node
// `npm run screenshots`: the pictures the browser tests take for people to look at (every page at
// both sizes and in Spanish, the map, the photo forms, the phone layouts...), in ./screenshots
// (or E2E_SCREENSHOTS_DIR). They assert nothing, so `npm run test:e2e` takes none: this builds,
// then runs only the tests tagged @screenshot, with the pictures on (e2e/fixtures.ts, screenshot).
// More arguments go to Playwright, e.g. `npm run screenshots -- e2e/map.spec.ts`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './browser.mjs';

ensureChromium();
const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const dir = path.resolve(process.env.E2E_SCREENSHOTS_DIR ?? 'screenshots');
mkdirSync(dir, { recursive: true });
// The English tests, then the Spanish ones, as the test run orders them (playwright.config.ts): the
// Spanish projects depend on all the English tests, so they run apart, without that dependency.
const runs = [
  ['--project', 'desktop', '--project', 'phone', '--project', 'worker'],
  ['--project', 'languages', '--project', 'languages-phone', '--no-deps'],
];
let status = 0;
for (const projects of runs) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'share-e2e-'));
  const args = ['test', '--grep', '@screenshot', '--pass-with-no-tests', ...projects, ...process.argv.slice(2)];
  const res = spawnSync(path.join('node_modules', '.bin', 'playwright'), args, {
    stdio: 'inherit',
    env: { ...process.env, E2E_DATA_DIR: dataDir, E2E_SCREENSHOTS_DIR: dir },
  });
  rmSync(dataDir, { recursive: true, force: true });
  status ||= res.status ?? 1;
}
console.log(status === 0 ? `\nScreenshots in ${dir}` : '\nSome tests failed: the screenshots may be incomplete.');
process.exit(status);
