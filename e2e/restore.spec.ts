// A site brought back from a backup: the running test server's backup (npm run backup, through its
// local socket) restored into a new DATA_DIR (npm run restore), served by a second server; a person
// signs in there and sees their restored item with its photo.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { postItemViaApi, signIn, signUp, uniqueName } from './fixtures';

// E2E_PORT is the app's, E2E_PORT + 1 the test SMTP server's (playwright.config.ts): the restored site takes the next.
const port = Number(process.env.E2E_PORT ?? 3210) + 2;
const restoredUrl = `http://127.0.0.1:${port}`;
let dir: string;
let server: ChildProcess | undefined;

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await gone;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, [path.join('dist/server/cli', script), ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(res.status, `${script}: ${res.stdout}${res.stderr}`).toBe(0);
  return res.stdout;
}

test('a person signs in to a restored site and sees their item with its photo', async ({ page, browser }) => {
  test.slow();
  const username = uniqueName('restored');
  await signUp(page, username, 'restore-password');
  const title = `Restored teapot ${username.slice(-4)}`;
  const { id } = await postItemViaApi(page, title, { latitude: 40.72, longitude: -73.99 });

  dir = mkdtempSync(path.join(os.tmpdir(), 'share-e2e-restore-'));
  const file = path.join(dir, 'site.backup.gz');
  expect(run('backup.js', ['--out', file, '--quiet'], { DATA_DIR: process.env.E2E_DATA_DIR! })).toMatch(/from the running server/);
  const restoredDir = path.join(dir, 'restored');
  expect(run('restore.js', [file, '--quiet'], { DATA_DIR: restoredDir })).toMatch(/^Restored /);

  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PUBLIC_URL: restoredUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: restoredDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${restoredUrl}/readyz`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);

  const context = await browser.newContext({ baseURL: restoredUrl });
  const restored = await context.newPage();
  // The restored site knows the password (the sign-in form itself is auth.spec.ts's).
  await signIn(restored, username, 'restore-password');
  await restored.goto(`/items/${id}`);
  await expect(restored.getByRole('heading', { name: title })).toBeVisible();
  const photo = restored.getByRole('img', { name: title });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await context.close();
});
