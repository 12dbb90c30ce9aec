import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import {
  apiPost,
  apiPut,
  E2E_ADMIN,
  expectNoSeriousA11yViolations,
  postItemViaApi,
  screenshot,
  signIn,
  signUp,
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
  // An admin may edit anyone's item (as PATCH allows).
  { path: '/items/{item}/edit', ready: (p) => expect(p.getByRole('heading', { name: 'Edit item' })).toBeVisible() },
  { path: '/post-item', ready: (p) => expect(p.getByRole('heading', { name: 'Share with Community' })).toBeVisible() },
  { path: '/admin', ready: (p) => expect(p.getByRole('tab', { name: 'Users' })).toBeVisible() },
  { path: '/settings', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/notes', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/my-items', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/messages', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/messages/{conversation}', ready: (p) => expect(p.getByRole('log')).toBeVisible() },
  { path: '/notifications', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/help', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/terms-of-service', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/privacy-policy', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/no-such-page', ready: (p) => expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible() },
];

/** Pages a visitor sees (signed in, they redirect). */
const VISITOR_PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/auth', ready: (p) => expect(p.getByRole('tab', { name: 'Login' })).toBeVisible() },
  { path: '/reset-password', ready: (p) => expect(p.getByRole('button', { name: 'Request Verification Code' })).toBeVisible() },
  // The pages e-mails link to, with a token that is no good (a good one is used up by the visit).
  {
    path: '/verify-email?token=not-a-token',
    ready: (p) => expect(p.getByRole('heading', { name: 'This link did not work' })).toBeVisible(),
  },
  { path: '/unsubscribe?token=not-a-token', ready: (p) => expect(p.getByRole('button', { name: 'Unsubscribe' })).toBeVisible() },
];

/** A picture of each page at both sizes (and in each language), to look at: `npm run screenshots` takes them. */
async function shoot(page: Page, prefix: string, pathname: string) {
  const name = pathname.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_') || 'root';
  await screenshot(page, `pages/${prefix}-${name}`);
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
 * Every signed-in page, for an admin who wrote about someone's item: each shows what makes it
 * ready (and the item page its map). Axe checks these pages in the Spanish walks (walkEveryPageIn,
 * at both sizes), once a page and size: its rules look at the page's structure and colours, which
 * the language does not change.
 */
export async function visitSignedInPages(browser: Browser, page: Page, prefix: string): Promise<void> {
  // Map tiles come from the internet: none in tests.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerName = await signUp(owner, uniqueName('sharer'));
  const item = await postItemViaApi(owner, `Garden chair ${uniqueName('a')}`, { latitude: 40.72, longitude: -73.99 });
  await ownerContext.close();

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const conversation = await apiPost<{ id: number }>(page, `/api/items/${item.id}/messages`, { body: 'Is it still there?' });
  for (const { path: template, ready } of PAGES.slice(0, -1)) {
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
    await shoot(page, prefix, template.replace(/[{}]/g, ''));
  }
}

/** Every page path of the walk: the signed-in ones, the visitor's, the not-found page. */
const PAGE_PATHS = {
  signedIn: PAGES.slice(0, -1).map((p) => p.path),
  visitor: VISITOR_PAGES.map((p) => p.path),
  notFound: PAGES.at(-1)!.path,
};

/** The first part of every message id (the catalogue sections, src/locales/en/*.json). */
const SECTIONS = readdirSync(path.join(import.meta.dirname, '..', 'src', 'locales', 'en')).map((f) => f.replace(/\.json$/, ''));
const RAW_ID = new RegExp(`\\b(${SECTIONS.join('|')})\\.[A-Za-z0-9_]+\\.[A-Za-z0-9_.]+`);

/**
 * The page as it is now reads in `language`: `<html lang>`, no message id shown raw (a text missing
 * from the page's loaded catalogues), no text pushed past the screen's width, and axe finds no
 * serious violation.
 */
async function expectPageInLanguage(page: Page, language: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Ready: the page's data has arrived (no request for half a second, unless a poll keeps it busy)
  // and its heading, or the conversation's message log, is shown.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('log')).first()).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_ID)?.[0] ?? 'no raw id').toBe('no raw id');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

/**
 * Every page in `language` (the device's cookie) for a signed-in admin who wrote about someone's
 * item, then the visitor's pages: each in that language (expectPageInLanguage), with a picture of
 * each for `npm run screenshots`.
 */
export async function walkEveryPageIn(browser: Browser, page: Page, language: string, prefix: string): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.context().addCookies([{ name: 'lang', value: language, url: BASE_URL() }]);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerName = await signUp(owner, uniqueName('sharer'));
  const item = await postItemViaApi(owner, `Garden chair ${uniqueName('a')}`, { latitude: 40.72, longitude: -73.99 });
  await ownerContext.close();

  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await visitor.addCookies([{ name: 'lang', value: language, url: BASE_URL() }]);
  const visitorPage = await visitor.newPage();
  for (const pathname of [...PAGE_PATHS.visitor, PAGE_PATHS.notFound, '/browse']) {
    await visitorPage.goto(pathname);
    await expectPageInLanguage(visitorPage, language);
    await shoot(visitorPage, `${prefix}-visitor`, pathname);
  }
  await visitor.close();

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  // The admin's stored language wins over the device's: make it this one.
  await apiPut(page, '/api/me/language', { language });
  const conversation = await apiPost<{ id: number }>(page, `/api/items/${item.id}/messages`, { body: 'Is it still there?' });
  for (const template of PAGE_PATHS.signedIn) {
    const pathname = template
      .replace('{item}', String(item.id))
      .replace('{owner}', ownerName)
      .replace('{conversation}', String(conversation.id));
    await page.goto(pathname);
    await expectPageInLanguage(page, language);
    await shoot(page, prefix, template.replace(/[{}]/g, ''));
  }
}

/** The address of the server the browser tests run against (playwright.config.ts). */
const BASE_URL = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
