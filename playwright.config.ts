import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, findTestBrowser } from './scripts/browser.mjs';

// The browser tests run against the production build served by the real server, on a fresh
// embedded database of their own (scripts/test.mjs builds first and sets these variables).
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'share-e2e-')));
// The real SMTP server the app sends mail to (e2e/global-setup.ts starts it; e2e/fixtures.ts reads what arrives).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? (process.env.E2E_SMTP_PORT = String(port + 1)));
// Kept in step with E2E_ADMIN in e2e/fixtures.ts.
const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './e2e/global-setup.ts',
  // Whole flows with two or three people in their own browsers: generous on a busy machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findTestBrowser(), args: CHROMIUM_ARGS },
    // No service worker (src/client/sw): a worker answers from its caches and keeps pages and API
    // answers of earlier visits, so a test could see a stale page, and `page.route` would not see
    // the requests it answers. Only e2e/pwa.spec.ts, which tests the worker, allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: [/\.mobile\.spec\.ts$/, /languages/, /pwa\.spec\.ts$/] },
    // The service worker's tests in the full Chromium: the headless shell shows no notifications.
    {
      name: 'worker',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } },
      testMatch: /pwa\.spec\.ts$/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /\.mobile\.spec\.ts$/, testIgnore: /languages/ },
    // The site in Spanish, after the rest: these tests set the shared e2e admin's stored language to
    // Spanish, which every other test, in English, would then see.
    {
      name: 'languages',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /languages\.spec\.ts$/,
      dependencies: ['desktop', 'phone', 'worker'],
    },
    {
      name: 'languages-phone',
      use: { ...devices['Pixel 7'] },
      testMatch: /languages\.mobile\.spec\.ts$/,
      dependencies: ['desktop', 'phone', 'worker'],
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // Migrations and the first start of PGlite take a while on a busy two-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      // The console SMS sender writes codes here; e2e/fixtures.ts reads them.
      SMS_OUTBOX_FILE: path.join(dataDir, 'sms-outbox.jsonl'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Notification e-mails gather news for a second here (five minutes by default), so a test sees them soon.
      NOTIFICATION_EMAIL_WINDOW_SECONDS: '1',
      MAIL_FROM: 'ShareNearby <no-reply@e2e.test>',
    },
  },
});
