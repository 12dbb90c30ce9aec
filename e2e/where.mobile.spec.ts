// Browse near a place within a radius on a phone, in English and Spanish, and a visitor's phone menu
// reaching Browse (pictures of it, where/, from `npm run screenshots`).
import { expect, test } from '@playwright/test';
import type { Language } from '../src/shared/i18n.js';
import {
  expectNoSeriousA11yViolations,
  openFilters,
  postItemViaApi,
  SCREENSHOT,
  screenshot,
  signUp,
  takingScreenshots,
  text,
  toasts,
} from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test("a visitor's phone menu reaches Browse", async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

for (const language of ['en', 'es'] as Language[]) {
  test(`Browse with a place and a radius fits a phone, and Back keeps them (${language})`, SCREENSHOT, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language === 'es' ? 'es-ES' : 'en-US',
      // A place no other test posts near: the list's first page is this test's item, whatever runs beside it.
      geolocation: { latitude: 41.4183, longitude: -75.6012 },
      permissions: ['geolocation'],
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signUp(page, undefined, undefined, language);
    const title = `Phone lamp ${language} ${Date.now()}`;
    await postItemViaApi(page, title, { latitude: 41.4203, longitude: -75.6012 });

    await page.goto('/browse');
    // On a phone the place, the distance and the order are in the Filters sheet.
    const sheet = await openFilters(page, language);
    await sheet.getByRole('button', { name: text(language, 'core.browse.useMyLocation') }).click();
    await expect(sheet.getByText(text(language, 'core.browse.nearest'))).toBeVisible();
    await sheet.getByLabel(text(language, 'core.browse.distanceLabel')).selectOption('10');
    await expect(page).toHaveURL(/\/browse\?lat=41\.4183&lng=-75\.6012&radius=10$/);
    await sheet.getByRole('button', { name: text(language, 'core.browse.showResults') }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    if (takingScreenshots) {
      // The picture shows the page once the toast has gone.
      await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
      await screenshot(page, `where/phone-browse-${language}`);
    }
    // Nothing is wider than the phone, except what a row that scrolls sideways (the tag-group chips)
    // holds past its edge: that is scrolled to, not cut off.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((e) => {
          for (let up = e.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(up).overflowX);
            if (scrolls && up.getBoundingClientRect().right <= window.innerWidth + 1) return false;
          }
          return true;
        })
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(overflowing).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/items\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/browse\?lat=41\.4183&lng=-75\.6012&radius=10$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect((await openFilters(page, language)).getByLabel(text(language, 'core.browse.distanceLabel'))).toHaveValue('10');
    await context.close();
  });
}
