import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import {
  apiPost,
  E2E_ADMIN,
  expectNoSeriousA11yViolations,
  loginThroughUi,
  postItemViaApi,
  registerThroughUi,
  uniqueName,
} from './fixtures';

/**
 * Every page of the app with what makes it ready, for a signed-in admin who owns nothing and
 * wrote about someone's item (so /messages/:id exists). `{item}`, `{owner}` and `{conversation}`
 * are filled in.
 */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/browse', ready: (p) => expect(p.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible() },
  { path: '/home', ready: (p) => expect(p.getByRole('heading', { name: 'Available Items' })).toBeVisible() },
  { path: '/search', ready: (p) => expect(p.getByRole('heading', { name: 'Find Payment Links' })).toBeVisible() },
  { path: '/u/{owner}', ready: (p) => expect(p.getByRole('heading', { name: /'s Profile$/ })).toBeVisible() },
  { path: '/items/{item}', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/post-item', ready: (p) => expect(p.getByRole('heading', { name: 'Share with Community' })).toBeVisible() },
  { path: '/admin', ready: (p) => expect(p.getByRole('tab', { name: 'Users' })).toBeVisible() },
  { path: '/settings', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/notes', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/my-items', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/messages', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/messages/{conversation}', ready: (p) => expect(p.getByRole('log')).toBeVisible() },
  { path: '/help', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/terms-of-service', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/privacy-policy', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/no-such-page', ready: (p) => expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible() },
];

/** Pages a visitor sees (signed in, they redirect). */
const VISITOR_PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/auth', ready: (p) => expect(p.getByRole('tab', { name: 'Login' })).toBeVisible() },
  { path: '/reset-password', ready: (p) => expect(p.getByRole('button', { name: 'Request Verification Code' })).toBeVisible() },
];

/** Where screenshots go (SHOTS_DIR), to look at each page at both sizes; none when unset. */
async function shoot(page: Page, prefix: string, pathname: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const name = pathname.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_') || 'root';
  await page.screenshot({ path: path.join(shots, `${prefix}-${name}.png`) });
}

/** The visitor's pages, then the not-found page: axe finds no serious or critical violation on any. */
export async function axeVisitorPages(page: Page, prefix: string): Promise<void> {
  for (const { path: pathname, ready } of [...VISITOR_PAGES, PAGES.at(-1)!]) {
    await page.goto(pathname);
    await ready(page);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, prefix, pathname);
  }
}

/**
 * One half (`part` 0 or 1) of the signed-in pages, for an admin who wrote about someone's item:
 * axe finds no serious or critical violation on any.
 */
export async function axeSignedInPages(browser: Browser, page: Page, prefix: string, part: 0 | 1): Promise<void> {
  // Map tiles come from the internet: none in tests.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerName = await registerThroughUi(owner, uniqueName('sharer'));
  const item = await postItemViaApi(owner, `Garden chair ${uniqueName('a')}`, { latitude: 40.72, longitude: -73.99 });
  await ownerContext.close();

  await loginThroughUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  const conversation = await apiPost<{ id: number }>(page, `/api/items/${item.id}/messages`, { body: 'Is it still there?' });
  const signedIn = PAGES.slice(0, -1);
  const half = Math.ceil(signedIn.length / 2);
  for (const { path: template, ready } of part === 0 ? signedIn.slice(0, half) : signedIn.slice(half)) {
    const pathname = template
      .replace('{item}', String(item.id))
      .replace('{owner}', ownerName)
      .replace('{conversation}', String(conversation.id));
    await page.goto(pathname);
    await ready(page);
    if (template === '/items/{item}') {
      await page.getByRole('region', { name: 'Map' }).scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-container')).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await shoot(page, prefix, template.replace(/[{}]/g, ''));
  }
}
