import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiPost, E2E_ADMIN, signIn, signUp, uniqueName, statusWith } from './fixtures';

// Hostile text everywhere people can write: titles, descriptions, tags, notes, messages, payment
// ids, support requests, reports and vendor names. It must show as text, run nothing, and the
// Content-Security-Policy must report no violation on any page. Usernames allow only
// [A-Za-z0-9_.-], so they cannot carry markup (the register form and API refuse it).

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_LINK = 'javascript:window.__xss=1';
const HOSTILE = `${IMG} ${SCRIPT} ${SVG} ${JS_LINK}`;

declare global {
  interface Window {
    __xss?: number;
    __cspViolations: string[];
  }
}

/** Records CSP violations in the page (before any of its scripts run) and page errors. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // No map tiles from the internet in tests (their host is allowed by the policy all the same).
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

/** Nothing ran and the policy was never violated on the page as it is now. */
async function expectClean(page: Page, problems: string[], where: string) {
  expect(await page.evaluate(() => window.__xss), `${where}: a payload ran`).toBeUndefined();
  expect(await page.evaluate(() => window.__cspViolations), `${where}: CSP violations`).toEqual([]);
  expect(problems, where).toEqual([]);
  // No element the payloads would have made exists.
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count(), `${where}: injected elements`).toBe(0);
  expect(await page.locator('a[href^="javascript:"]').count(), `${where}: javascript: links`).toBe(0);
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#a75' } })
    .jpeg()
    .toBuffer();
}

test('hostile text is shown as text on every page, nothing runs, and the CSP reports no violation', async ({ browser }) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  const askerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const asker = await askerContext.newPage();
  const admin = await adminContext.newPage();
  const ownerProblems = await watch(owner);
  const askerProblems = await watch(asker);
  const adminProblems = await watch(admin);

  // Markup in a username is refused.
  const refused = await owner.request.post('/api/register', {
    headers: { 'x-csrf-token': (await (await owner.request.get('/api/csrf-token')).json()).token },
    data: { username: '<img src=x>', password: 'secret-pw' },
  });
  expect(refused.status()).toBe(400);

  const ownerName = await signUp(owner, uniqueName('xss'));
  const askerName = await signUp(asker, uniqueName('xss'));
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);

  // Everything written with the payloads, through the API (the forms add nothing the API does not check).
  const token = (await (await owner.request.get('/api/csrf-token')).json()).token as string;
  const upload = await owner.request.post('/api/upload-image', {
    headers: { 'x-csrf-token': token },
    multipart: { image: { name: `${IMG}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  const title = `${IMG}${SVG} ${uniqueName('t')}`;
  const item = await apiPost<{ id: number }>(owner, '/api/items', {
    title,
    description: `Free to a good home. ${HOSTILE}`,
    imageUrl: (await upload.json()).imageUrl,
    latitude: 40.7301,
    longitude: -73.9912,
    tags: [SCRIPT, SVG, JS_LINK],
  });
  await apiPost(owner, '/api/notes', { content: `Public note ${HOSTILE}`, visibility: 'public' });
  await apiPost(owner, '/api/support-requests', { type: 'other', description: `Help ${HOSTILE}` });
  const vendor = await apiPost<{ id: number }>(admin, '/api/admin/vendors', { name: `${IMG}`.slice(0, 60) });
  await apiPost(owner, '/api/me/payment-ids', { vendorId: vendor.id, paymentId: `${JS_LINK} ${SVG}` });
  const conversation = await apiPost<{ id: number }>(asker, `/api/items/${item.id}/messages`, { body: `Is it free? ${HOSTILE}` });
  await apiPost(asker, '/api/reports', { itemId: item.id, reason: 'other', details: `Report ${HOSTILE}`.slice(0, 1000) });

  // The item page (with its Leaflet map), as the owner and as the asker.
  for (const page of [owner, asker]) {
    await page.goto(`/items/${item.id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(`Free to a good home. ${HOSTILE}`)).toBeVisible();
    await expect(page.getByText(SCRIPT, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(JS_LINK, { exact: true }).first()).toBeVisible();
    await page.getByLabel('Map').scrollIntoViewIfNeeded();
    await expect(page.locator('.leaflet-container')).toBeVisible();
  }
  await expectClean(owner, ownerProblems, 'item page (owner)');
  await expectClean(asker, askerProblems, 'item page (asker)');

  // Browse and search the lists.
  await asker.goto('/browse');
  await asker.getByLabel('Search items').fill(IMG);
  await expect(asker.getByText(title).first()).toBeVisible();
  await expectClean(asker, askerProblems, 'browse, searched');
  await owner.goto('/my-items');
  await expect(owner.getByText(title).first()).toBeVisible();
  await expectClean(owner, ownerProblems, 'my items');

  // Profile with the payment link, the notes page, public search.
  await asker.goto(`/u/${ownerName}`);
  await expect(asker.getByText(`${JS_LINK} ${SVG}`).first()).toBeVisible();
  await expectClean(asker, askerProblems, 'profile');
  await owner.goto('/notes');
  await expect(owner.getByText(`Public note ${HOSTILE}`)).toBeVisible();
  await expectClean(owner, ownerProblems, 'notes');
  await asker.goto('/search');
  await asker.getByLabel('Search users and notes').fill('Public note');
  await expect(asker.getByText(`Public note ${HOSTILE}`).first()).toBeVisible();
  await expectClean(asker, askerProblems, 'public search');

  // Messages: the list and the conversation, both sides.
  await owner.goto('/messages');
  await expect(owner.getByText(title).first()).toBeVisible();
  await expectClean(owner, ownerProblems, 'messages');
  await owner.goto(`/messages/${conversation.id}`);
  await expect(owner.getByText(`Is it free? ${HOSTILE}`)).toBeVisible();
  await owner.getByLabel('Message', { exact: true }).fill(`Yes. ${HOSTILE}`);
  await owner.getByRole('button', { name: 'Send' }).click();
  await expect(owner.getByText(`Yes. ${HOSTILE}`)).toBeVisible();
  await expectClean(owner, ownerProblems, 'conversation (owner)');
  await asker.goto(`/messages/${conversation.id}`);
  await expect(asker.getByText(`Yes. ${HOSTILE}`)).toBeVisible();
  await expectClean(asker, askerProblems, 'conversation (asker)');

  // The admin dashboard: users, public notes, support requests, reports, vendors.
  await admin.goto('/admin');
  await expect(admin.getByText(ownerName).first()).toBeVisible();
  await admin.getByRole('tab', { name: /^Notes|^Public Notes/ }).click();
  await expect(admin.getByText(`Public note ${HOSTILE}`).first()).toBeVisible();
  await admin.getByRole('tab', { name: /^Support/ }).click();
  await expect(admin.getByText(`Help ${HOSTILE}`).first()).toBeVisible();
  await admin.getByRole('tab', { name: /^Reports/ }).click();
  await expect(admin.getByText(`Report ${HOSTILE}`).first()).toBeVisible();
  await admin.getByRole('tab', { name: /^Vendors|^Payment/ }).click();
  await expect(admin.getByText(IMG).first()).toBeVisible();
  await expectClean(admin, adminProblems, 'admin dashboard');
  expect(askerName).toMatch(/^[A-Za-z0-9_.-]+$/);

  await ownerContext.close();
  await askerContext.close();
  await adminContext.close();
});

test('the item page as served escapes the title and description in its meta tags', async ({ page }) => {
  await signUp(page);
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const upload = await page.request.post('/api/upload-image', {
    headers: { 'x-csrf-token': token },
    multipart: { image: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } },
  });
  const item = await apiPost<{ id: number }>(page, '/api/items', {
    title: `</title>${SCRIPT}"'&`,
    description: `"><meta http-equiv=refresh content=0;url=https://evil.example> ${IMG} ${SCRIPT}`,
    imageUrl: (await upload.json()).imageUrl,
    latitude: 40.73,
    longitude: -73.99,
  });
  const res = await page.request.get(`/items/${item.id}`);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toContain(SCRIPT);
  expect(head).not.toContain(IMG);
  expect(head).not.toContain('<meta http-equiv');
  expect(head).toContain('<title>&lt;/title&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&quot;&#39;&amp; | ShareNearby</title>');
  expect(head).toContain('content="&quot;&gt;&lt;meta http-equiv=refresh');
  // Only the app's own script files are in the page.
  expect(
    [...html.matchAll(/<script\b[^>]*>/g)].every(
      ([tag]) => /type="module"[^>]*src="\/assets\//.test(tag) || /src="\/assets\/[^"]+"/.test(tag),
    ),
  ).toBe(true);
});

test('a strict Content-Security-Policy is sent, and the post-item page with its map works under it', async ({ page }) => {
  const problems = await watch(page);
  const res = await page.request.get('/');
  const csp = res.headers()['content-security-policy']!;
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(csp).not.toContain('unsafe-eval');
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['form-action']).toEqual(["'self'"]);
  expect(directives['connect-src']).toEqual(["'self'"]);
  // Style: 'unsafe-inline' only, for the <style> elements Radix dialogs add (scroll lock); no script is ever inline.
  expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');

  await signUp(page);
  await page.goto('/post-item');
  await page.getByLabel('Title').fill(`${IMG} chair`);
  await page.getByLabel('Description').fill(`A sturdy chair. ${SCRIPT}`);
  await page.getByLabel('Image').setInputFiles({ name: 'chair.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await page.getByLabel('Latitude').fill('40.73');
  await page.getByLabel('Longitude').fill('-73.99');
  await page.getByLabel('Add a custom tag').fill(SVG);
  await page.getByLabel('Add a custom tag').press('Enter');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/items');
  await page.getByRole('button', { name: 'Share with Community' }).click();
  const response = await posted;
  expect(response.status(), await response.text()).toBe(201);
  await expect(statusWith(page, 'Item posted successfully')).toBeVisible({ timeout: 15_000 });
  await expectClean(page, problems, 'post item');
  await page.goto(`/items/${(await response.json()).id}`);
  await expect(page.getByRole('heading', { name: `${IMG} chair`, level: 1 })).toBeVisible();
  await expect(page.getByText(SVG, { exact: true })).toBeVisible();
  await page.getByLabel('Map').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectClean(page, problems, 'post item, then its page');
});
