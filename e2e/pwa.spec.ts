// The installable app (docs/product.md, Installable app and offline; docs/decisions/019): the web
// app manifest and its icons, Chromium's own install criteria, the service worker taking the page,
// the app opening offline with the last viewed list and item, writes made offline refused with a
// clear message, and a new version offered with a prompt. The only spec with service workers
// allowed (playwright.config.ts blocks them elsewhere).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  gpsPhoto,
  postItemViaApi,
  SCREENSHOT,
  screenshot,
  signUp,
  takingScreenshots,
  uniqueName,
} from './fixtures';
import { colouredPhoto } from './photo-items';

test.use({ serviceWorkers: 'allow' });
// One test rewrites the built sw.js for a moment (a new version): the others must not run beside it.
test.describe.configure({ mode: 'serial' });

/** The width and height a PNG says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active and controls the page (reloading once if needed). */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, { timeout: 20_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/);
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('the manifest is linked and complete, its icons and screenshots load, and Chromium finds the app installable', async ({
  page,
  request,
}) => {
  await page.goto('/browse');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#15803d');
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(appleIcon!)).body())).toBe('180x180');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; form_factor?: string }[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'ShareNearby',
    short_name: 'ShareNearby',
    start_url: '/browse',
    scope: '/',
    display: 'standalone',
    theme_color: '#15803d',
    background_color: '#f5f5f4',
  });
  expect(String(manifest.description)).not.toBe('');
  // The sizes browsers ask for, one of them for masks; each file is the size it claims.
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons, ...manifest.screenshots]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

  // Chromium's own verdict: no installability errors once the worker controls the page (what
  // Lighthouse's retired PWA audit asked the same browser).
  await waitForWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // A Playwright context is an off-the-record profile, where Chromium never offers to install
  // ("in-incognito"); every criterion about the app itself must hold.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string; critical: number }[] };
  expect(errors.map((error) => error.message)).toEqual([]);
});

test(
  'offline: the app opens, the last viewed list and item show from the device, and a message is not sent',
  SCREENSHOT,
  async ({ browser }) => {
    const ownerContext = await browser.newContext({ serviceWorkers: 'block' });
    const owner = await ownerContext.newPage();
    await signUp(owner, uniqueName('giver'));
    const title = `Offline lamp ${uniqueName('o')}`;
    const item = await postItemViaApi(owner, title, { latitude: 40.7301234, longitude: -73.9912345 });
    const unseen = await postItemViaApi(owner, `Unseen kettle ${uniqueName('u')}`, { latitude: 40.7301234, longitude: -73.9912345 });
    await ownerContext.close();

    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signUp(page, uniqueName('asker'));
    await page.goto('/browse');
    await waitForWorker(page);
    // The list and the item, viewed while online (the worker keeps their answers and the photo).
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.goto(`/items/${item.id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Contact owner' }).click();
    await page.getByLabel('Message', { exact: true }).fill('Is it still there?');

    await goOffline(context, page);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('You are offline: this was not sent').first()).toBeVisible();
    // Not sent, and nothing waits to be sent: the words stay in the box to try again later.
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Is it still there?');

    // A fresh load of the item page without any network: the app shell from the worker's cache,
    // the item from the last answer, the banner saying so.
    await page.goto(`/items/${item.id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(banner).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // An item page this device never saved needs a connection: it is not "Item Not Found".
    await page.goto(`/items/${unseen.id}`);
    await expect(page.getByRole('heading', { name: 'This page needs a connection', level: 1 })).toBeVisible();
    await expect(page.getByText('Item Not Found')).toHaveCount(0);
    await page.goto('/browse');
    if (takingScreenshots) {
      await screenshot(page, 'pwa/offline-browse');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'pwa/offline-browse-phone');
    }

    // Back online: the banner goes; the message sends now.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.goto(`/items/${item.id}`);
    await page.getByRole('button', { name: 'Contact owner' }).click();
    await page.getByLabel('Message', { exact: true }).fill('Is it still there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Is it still there?')).toBeVisible();
    await context.close();
  },
);

test('a new version of the worker is offered with a Reload prompt, and Reload runs the page on it', SCREENSHOT, async ({ page }) => {
  await page.goto('/browse');
  await waitForWorker(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);

  // A new build: the same worker with a change (as a deploy would bring), served at /sw.js.
  const file = path.join('dist', 'client', 'sw.js');
  const original = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, `${original}\n// e2e: a new version ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'pwa/update-prompt');
    // The page stays as it is until the person chooses: the old worker still controls it.
    const controllerBefore = await page.evaluate(() => navigator.serviceWorker.controller!.state);
    expect(controllerBefore).toBe('activated');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    // Reloaded on the new worker: it controls the page and none waits any more.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
  } finally {
    writeFileSync(file, original);
  }
});

test('a push delivered to the worker shows a notification; clicking it takes the site to its page', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  await page.goto('/browse');
  await waitForWorker(page);

  // Chromium's DevTools protocol hands a push message to the registration, as a push service would.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'ShareNearby',
    body: 'maria asked about your Oak chair',
    url: 'https://share.example.org/notifications',
    tag: 'conversation-1',
  };
  const registrationId = await registration;
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
    );
  // Delivered again until it shows: a push that meets the worker while Chromium still starts it may be dropped.
  await expect(async () => {
    if ((await shown()).length === 0) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    }
    await expect
      .poll(shown, { timeout: 2_000 })
      .toEqual([{ title: 'ShareNearby', body: 'maria asked about your Oak chair', tag: 'conversation-1' }]);
  }).toPass({ timeout: 20_000 });

  // The click, as the browser would send it to the worker: the site goes to the notification's page.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  // The open tab goes there, or a new one opens there (Chromium sometimes lets a worker open one).
  // This visitor is then sent to sign in on the way (/auth?next=/notifications): either shows the click went there.
  const wentTo = (url: string) => {
    const { pathname, searchParams } = new URL(url);
    return pathname === '/auth' ? searchParams.get('next') : pathname;
  };
  await expect.poll(() => context.pages().map((p) => wentTo(p.url()))).toContain('/notifications');
  await context.close();
});

/**
 * What the phone's share sheet does with the manifest's share_target: a multipart POST of the
 * photos to its action, as a navigation of a page (here a form submitted from a page of the site).
 */
async function shareToApp(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    share_target: { action: string; method: string; enctype: string; params: { files: { name: string; accept: string[] }[] } };
  };
  const target = manifest.share_target;
  await page.evaluate(
    ({ target, files }) => {
      const form = document.createElement('form');
      form.method = target.method;
      form.enctype = target.enctype;
      form.action = target.action;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = target.params.files[0]!.name;
      input.multiple = true;
      const chosen = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        chosen.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      input.files = chosen.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { target, files: files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })) },
  );
}

test('share target: photos shared to the app open Post item with them, the place read from them; a share without the worker says the photos did not arrive', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signUp(page, uniqueName('sharer'));
  await page.goto('/home');
  await waitForWorker(page);

  await shareToApp(page, [
    await colouredPhoto('red.jpg', '#c0392b'),
    { name: 'gps.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() },
  ]);
  await expect(page).toHaveURL(/\/post-item$/);
  await expect(page.getByRole('heading', { name: 'Share with Community', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Chosen photos (2 of 6)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1 of 2 (cover)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();
  // The place comes from the second photo's GPS, as when chosen.
  await expect(page.getByLabel('Latitude')).toHaveValue(/^40\.7306/);
  await page.getByLabel('Title').fill('Shared from the gallery');
  await page.getByLabel('Description').fill('Two photos shared from the phone gallery straight into a post.');
  await expect(page.getByRole('button', { name: 'Share with Community' })).toBeEnabled({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  // The photos were taken once: a reload does not bring them back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Click to choose photos, or drag them here' })).toBeVisible();

  // Eight images and a video: six are taken, the rest said.
  const eight = await Promise.all(Array.from({ length: 8 }, (_, i) => colouredPhoto(`p${i}.jpg`, `#${(i + 1) * 111111}`.slice(0, 7))));
  await shareToApp(page, [...eight, { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') }]);
  await expect(page.getByRole('group', { name: 'Chosen photos (6 of 6)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Please upload an image file. You can add up to 6 photos' })).toBeVisible();
  await context.close();

  // No worker (a first visit, a browser without them): the server answers the same POST.
  const bare = await browser.newContext({ serviceWorkers: 'block' });
  const visitor = await bare.newPage();
  await signUp(visitor, uniqueName('bare'));
  await visitor.goto('/home');
  await shareToApp(visitor, [await colouredPhoto('red.jpg', '#c0392b')]);
  await expect(visitor).toHaveURL(/\/post-item$/);
  await expect(visitor.getByText('The shared photos did not arrive. Please choose them here.')).toBeVisible();
  await bare.close();
});

test('share target signed out: the visitor signs in first and comes back to Post item with the shared photos', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/browse');
  await waitForWorker(page);
  await shareToApp(page, [await colouredPhoto('red.jpg', '#c0392b'), await colouredPhoto('blue.jpg', '#2471a3')]);
  await expect(page).toHaveURL(/\/auth\?next=%2Fpost-item%3Fshared%3Dkept$/);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(uniqueName('latecomer'));
  await form.getByLabel('Password', { exact: true }).fill('secret-pw');
  await form.getByLabel('Confirm Password').fill('secret-pw');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/post-item$/);
  await expect(page.getByRole('group', { name: 'Chosen photos (2 of 6)' })).toBeVisible();
  await context.close();
});
