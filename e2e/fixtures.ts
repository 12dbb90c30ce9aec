import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { type Language, LANGUAGE_CODES, type MessageId } from '../src/shared/i18n.js';
import { translate } from '../src/server/i18n.js';

export const uniqueName = (prefix = 'e2e') => `${prefix}_${randomBytes(4).toString('hex')}`;

/** A text of the app in a language (src/locales), as the page shows it. */
export const text = (language: Language, id: MessageId, values?: Record<string, string | number>) => translate(language, id, values);

/**
 * Signs a new person up through the API, as the register form does (POST /api/register with the
 * CSRF token), in the page's browser context: its cookies then hold the session. Opens no page: the
 * test goes where it needs next. `language`: the language of the browser signing up, which the
 * account keeps (the server reads it from Accept-Language, which page.request does not send).
 * Only the tests of the forms themselves sign up through the page (registerThroughUi).
 */
export async function signUp(page: Page, username = uniqueName(), password = 'secret-pw', language?: Language): Promise<string> {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const res = await page.request.post('/api/register', {
    headers: { 'x-csrf-token': token, ...(language ? { 'accept-language': language } : {}) },
    data: { username, password, isVisible: true },
  });
  expect(res.status(), `register ${username}: ${await res.text()}`).toBe(201);
  return username;
}

/** Signs in through the API, as the sign-in form does (POST /api/login), in the page's browser context; opens no page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await apiPost(page, '/api/login', { username, password });
}

/** Registers a new user through the /auth page (in the page's language) and waits for /home. */
export async function registerThroughUi(
  page: Page,
  username = uniqueName(),
  password = 'secret-pw',
  language: Language = 'en',
): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: text(language, 'auth.page.registerTab') }).click();
  const form = page.getByRole('tabpanel', { name: text(language, 'auth.page.registerTab') });
  await form.getByLabel(text(language, 'auth.register.username')).fill(username);
  await form.getByLabel(text(language, 'auth.register.password'), { exact: true }).fill(password);
  await form.getByLabel(text(language, 'auth.register.confirmPassword')).fill(password);
  await form.getByRole('button', { name: text(language, 'auth.register.submit') }).click();
  await expect(page).toHaveURL(/\/home$/);
  return username;
}

/** Signs in through the /auth page (in the page's language). */
export async function loginThroughUi(
  page: Page,
  username: string,
  password: string,
  rememberMe = false,
  language: Language = 'en',
): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: text(language, 'auth.page.loginTab') });
  await form.getByLabel(text(language, 'auth.login.username')).fill(username);
  await form.getByLabel(text(language, 'auth.login.password'), { exact: true }).fill(password);
  if (rememberMe) await form.getByLabel(text(language, 'auth.login.rememberMe')).check();
  await form.getByRole('button', { name: text(language, 'auth.login.submit') }).click();
}

/**
 * The last 6-digit code the console SMS sender wrote for this phone number (waits for it); with
 * `about` ('password reset', 'verification'), of the last SMS whose text has it.
 */
export async function smsCodeFor(phone: string, about = ''): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'sms-outbox.jsonl');
  for (let i = 0; i < 100; i++) {
    if (existsSync(file)) {
      const messages = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; body: string });
      const code = messages
        .filter((m) => m.to === phone && m.body.includes(about))
        .at(-1)
        ?.body.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** The mails the test SMTP server (e2e/global-setup.ts) received for this address so far. */
export function mailsTo(address: string): { subject: string; text: string; html: string; headers: Record<string, string> }[] {
  const file = path.join(process.env.E2E_DATA_DIR!, 'mail-inbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string[]; subject: string; text: string; html: string; headers: Record<string, string> })
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** The link of the newest verification mail to this address (waits for it). */
export async function verificationLinkFor(address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const link = mailsTo(address)
      .map((m) => /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(m.text)?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${address}`);
}

/** A phone number nobody else in this run uses. */
// A valid number (E.164 is checked with libphonenumber): New York's 212, an exchange of 200-899.
export const uniquePhone = () => `+1212${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

export const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password' };

/** A write through the page's session, with its CSRF token; the test fails unless it answers 2xx. */
export async function apiPost<T = unknown>(page: Page, url: string, data?: object): Promise<T> {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const res = await page.request.post(url, { headers: { 'x-csrf-token': token }, ...(data ? { data } : {}) });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A PUT through the page's session, with its CSRF token; the test fails unless it answers 2xx. */
export async function apiPut<T = unknown>(page: Page, url: string, data: object): Promise<T> {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const res = await page.request.put(url, { headers: { 'x-csrf-token': token }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Uploads a generated photo for the page's signed-in user; answers its address, for items posted through the API. */
export async function uploadPhotoViaApi(page: Page, background = '#7a5'): Promise<string> {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const image = await sharp({ create: { width: 200, height: 150, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/upload-image', {
    headers: { 'x-csrf-token': token },
    multipart: { image: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: image } },
  });
  expect(upload.ok(), `upload: ${upload.status()}`).toBe(true);
  return ((await upload.json()) as { imageUrl: string }).imageUrl;
}

/** Posts an item for the page's signed-in user straight through the API (a generated photo). */
export async function postItemViaApi(page: Page, title: string, position: { latitude: number; longitude: number }) {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/upload-image', {
    headers: { 'x-csrf-token': token },
    multipart: { image: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: image } },
  });
  const { imageUrl } = await upload.json();
  return apiPost<{ id: number }>(page, '/api/items', {
    title,
    description: 'Collect from the porch any evening.',
    imageUrl,
    ...position,
    tags: ['Free'],
  });
}

/**
 * Fails with the list of serious and critical axe violations on the page as it is now. `alsoRules`:
 * rules axe leaves off by default (its experimental ones, e.g. 'label-content-name-mismatch') to run too.
 */
export async function expectNoSeriousA11yViolations(page: Page, alsoRules: string[] = []): Promise<void> {
  // No fades in flight while colours are measured (the app honours reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const builder = new AxeBuilder({ page });
  if (alsoRules.length > 0) builder.options({ rules: Object.fromEntries(alsoRules.map((id) => [id, { enabled: true }])) });
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * A toast, or another status message, with this text. A toast is looked for as its own list item in
 * the Notifications region, which stays for the toast's 5 s: the role="status" copy Radix adds for
 * screen readers lasts about a second, too short to catch on a busy machine (after a navigation).
 */
export function statusWith(page: Page, text: string | RegExp) {
  return toasts(page)
    .filter({ hasText: text })
    .or(page.getByRole('status').filter({ hasText: text }))
    .first();
}

/** The toasts on the page now, each a list item of the Notifications region. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: NOTIFICATIONS_REGION }).getByRole('listitem');
}

/** The name of the toasts' region in any of the app's languages ("Notifications (F8)", "Notificaciones (F8)"). */
const NOTIFICATIONS_REGION = new RegExp(
  `^(${LANGUAGE_CODES.map((l) => translate(l, 'core.toast.region', { hotkey: '' }).split(' (')[0]).join('|')})`,
);

/** Opens a list's Filters sheet on a phone (its button reads 'Filters', or 'Filters (2)' with two on). */
export async function openFilters(page: Page, language: Language = 'en'): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${text(language, 'core.browse.filters')}`) }).click();
  const sheet = page.getByRole('dialog', { name: text(language, 'core.browse.filtersTitle') });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** A JPEG whose EXIF says it was taken at 40.7306 N, 73.9866 W (Union Square): south/west signs matter. */
export async function gpsPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 43/1 5016/100', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 1176/100' },
    })
    .toBuffer();
}

/** Where `npm run screenshots` puts its pictures (scripts/screenshots.mjs); unset in the test run. */
const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;

/** Whether this run takes the pictures (`npm run screenshots`): steps that only set a picture up check it. */
export const takingScreenshots = Boolean(SCREENSHOTS_DIR);

/** The tag of the tests that take pictures: `npm run screenshots` runs those alone. */
export const SCREENSHOT = { tag: '@screenshot' };

/**
 * A picture of the page, or of one part of it, for people to look at (`name`.png in the screenshots
 * folder). It asserts nothing, so only `npm run screenshots` takes it; the test run skips it.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS_DIR) return;
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}
