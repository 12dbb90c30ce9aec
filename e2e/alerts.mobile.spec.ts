// Saved alerts on a phone, in English and Spanish: Alert me's dialog and the Settings section fit
// the screen (`npm run screenshots` takes pictures of them, in alerts/).
import { expect, test } from '@playwright/test';
import type { Language } from '../src/shared/i18n.js';
import { apiPost, openFilters, SCREENSHOT, screenshot, signUp, text } from './fixtures';

for (const language of ['en', 'es'] as Language[]) {
  test(`Alert me and the saved alerts fit a phone (${language})`, SCREENSHOT, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language === 'es' ? 'es-ES' : 'en-US',
      geolocation: { latitude: 40.735, longitude: -73.99 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await signUp(page, undefined, undefined, language);
    await apiPost(page, '/api/alerts', { query: 'bicycle with a child seat', tag: 'kids' });
    await apiPost(page, '/api/alerts', { latitude: 40.735, longitude: -73.99, radiusKm: 2 });

    await page.goto('/browse');
    await page.getByRole('searchbox', { name: text(language, 'core.browse.searchLabel') }).fill('ladder');
    // On a phone the place and Alert me are in the Filters sheet; Alert me closes it.
    const sheet = await openFilters(page, language);
    await sheet.getByRole('button', { name: text(language, 'core.browse.useMyLocation') }).click();
    await expect(sheet.getByText(text(language, 'core.browse.nearest'))).toBeVisible();
    await screenshot(page, `alerts/phone-browse-${language}`);
    await sheet.getByRole('button', { name: text(language, 'core.browse.alertMe') }).click();
    await expect(sheet).toBeHidden();
    const dialog = page.getByRole('dialog', { name: text(language, 'alerts.me.title') });
    await expect(dialog.getByLabel(text(language, 'alerts.me.radius'))).toBeVisible();
    await screenshot(page, `alerts/phone-alert-me-${language}`);
    await dialog.getByRole('button', { name: text(language, 'alerts.me.save') }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/settings#alerts');
    const list = page.getByRole('list', { name: text(language, 'alerts.settings.listLabel') });
    await expect(list.getByRole('listitem').filter({ has: page.getByRole('button') })).toHaveCount(3);
    // Nothing in the section is wider than its box, and the whole page fits the phone (it was 398 px
    // wide in Spanish: the account deletion button's long label did not wrap).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('#alerts *')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(overflowing).toEqual([]);
    await screenshot(page, `alerts/phone-settings-${language}`, { fullPage: true });
    await list
      .getByRole('button', { name: text(language, 'alerts.settings.edit') })
      .first()
      .click();
    await screenshot(page, `alerts/phone-settings-edit-${language}`, { fullPage: true });
    await context.close();
  });
}
