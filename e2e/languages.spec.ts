// The site in Spanish and English (docs/decisions/011-languages.md): the browser's language, the
// picker, the account's stored language, and every page in Spanish with axe.
import { expect, test } from '@playwright/test';
import { translate } from '../src/server/i18n.js';
import { walkEveryPageIn } from './every-page';
import { apiPost, apiPut, E2E_ADMIN, gpsPhoto, loginThroughUi, SCREENSHOT, signIn, signUp, statusWith, uniqueName } from './fixtures';

const es = (id: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('es', id, values);
const en = (id: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('en', id, values);

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-MX' });

  test('gets the site in Spanish; the picker switches to English in place, and the device remembers it', async ({ page }) => {
    await page.goto('/browse');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: es('core.browse.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: es('core.nav.home') })).toBeVisible();
    await expect(page).toHaveTitle(`${es('core.browse.title')} | ShareNearby`);

    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    await page.getByRole('combobox', { name: es('core.language.label') }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: en('core.browse.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The same page, not a reload.
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Community Shared Items' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: es('core.browse.title') })).toBeVisible();
  });
});

test('a signed-in person chooses Spanish once; another browser signs them in in Spanish', async ({ browser, page }) => {
  const name = await signUp(page, uniqueName('idioma'));
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('link', { name: es('core.nav.home') }).first()).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).language).toBe('es');

  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  await apiPost(second, '/api/login', { username: name, password: 'secret-pw' });
  await second.goto('/home');
  await expect(second.locator('html')).toHaveAttribute('lang', 'es');
  await expect(second.getByRole('link', { name: es('core.nav.home') }).first()).toBeVisible();
  await other.close();
});

test('the main journeys in Spanish: sign in, post, browse, message, the answer, a profile, the admin dashboard', async ({ browser }) => {
  test.slow();
  const ownerContext = await browser.newContext({ locale: 'es-ES' });
  const owner = await ownerContext.newPage();
  await owner.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const ownerName = await signUp(owner, uniqueName('duena'), 'secret-pw', 'es');

  // Post an item through the Spanish form.
  const title = `Silla de jardín ${uniqueName('s')}`;
  await owner.goto('/post-item');
  await expect(owner.locator('html')).toHaveAttribute('lang', 'es');
  await expect(owner.getByRole('heading', { level: 1, name: es('items.post.heading') })).toBeVisible();
  await owner.getByLabel(es('items.post.title')).fill(title);
  await owner.getByLabel(es('items.post.description')).fill('Una silla firme, en buen estado. Se recoge el fin de semana.');
  await owner.getByLabel(es('items.image.label')).setInputFiles({ name: 'silla.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() });
  await expect(statusWith(owner, es('items.photoLocation.foundTitle'))).toBeVisible();
  await owner.getByRole('option', { name: es('core.tags.furniture') }).click();
  const posted = owner.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/items');
  await owner.getByRole('button', { name: es('items.post.submit') }).click();
  expect((await posted).status()).toBe(201);
  await expect(statusWith(owner, es('items.post.posted'))).toBeVisible({ timeout: 15_000 });

  // A neighbour signs in (Spanish), finds it, and writes to the owner.
  const askerContext = await browser.newContext({ locale: 'es-ES' });
  const asker = await askerContext.newPage();
  await asker.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const askerName = await signUp(asker, uniqueName('vecino'), 'secret-pw', 'es');
  await asker.goto('/home');
  await asker.getByRole('button', { name: es('core.nav.logout') }).click();
  await expect(asker).toHaveURL(/\/auth$/);
  await loginThroughUi(asker, askerName, 'secret-pw', false, 'es');
  await expect(asker).toHaveURL(/\/home$/);
  await asker.goto('/browse');
  await asker.getByRole('searchbox', { name: es('core.browse.searchLabel') }).fill(title);
  // The card's tags are links of their own beside the card's link, in the card.
  const card = asker.getByRole('article').filter({ has: asker.getByRole('link', { name: title }) });
  await expect(card.getByRole('list', { name: es('core.item.tags') })).toContainText(es('core.tags.furniture'));
  await card.getByRole('link', { name: title }).click();
  await expect(asker.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(asker.getByText(es('core.status.available')).first()).toBeVisible();
  await asker.getByRole('button', { name: es('conversations.contact.button') }).click();
  await asker.getByLabel(es('conversations.composer.label'), { exact: true }).fill('¿Sigue disponible?');
  await asker.getByRole('button', { name: es('conversations.composer.send') }).click();

  // The owner reads it in Spanish, the app's words around it in Spanish.
  await owner.goto('/messages');
  await expect(owner.getByRole('heading', { level: 1, name: es('conversations.page.title') })).toBeVisible();
  await owner
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(owner.getByRole('log')).toContainText('¿Sigue disponible?');

  // A profile in Spanish.
  await asker.goto(`/u/${ownerName}`);
  await expect(asker.getByRole('heading', { level: 1 })).toContainText(ownerName);
  await expect(asker.locator('main')).not.toContainText(/\b(profiles|core|api)\.[a-zA-Z]+\.[a-zA-Z]+/);

  // The admin dashboard in Spanish.
  const adminContext = await browser.newContext({ locale: 'es-ES' });
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  // The shared admin may have English stored (the English tests signed in first): choose Spanish.
  await apiPut(admin, '/api/me/language', { language: 'es' });
  await admin.goto('/admin');
  await expect(admin.locator('html')).toHaveAttribute('lang', 'es');
  for (const tab of ['admin.tabs.users', 'admin.tabs.notes', 'admin.tabs.reports', 'admin.tabs.vendors'] as const)
    await expect(admin.getByRole('tab', { name: new RegExp(`^${es(tab)}`) })).toBeVisible();
  await admin.getByRole('tab', { name: new RegExp(`^${es('admin.tabs.users')}`) }).click();
  await expect(admin.getByRole('main')).toContainText(ownerName);

  await adminContext.close();
  await askerContext.close();
  await ownerContext.close();
});

test('every page in Spanish: its language, no raw ids, nothing too wide, axe clean', SCREENSHOT, async ({ browser, page }) => {
  test.slow();
  await walkEveryPageIn(browser, page, 'es', 'es-desktop');
});
