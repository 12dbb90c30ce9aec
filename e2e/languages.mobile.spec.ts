// The site in Spanish on a phone: the phone menu's language picker, and every page at 390 px wide
// in Spanish (longer words than English) with nothing pushed off screen and axe clean.
import { expect, test } from '@playwright/test';
import { translate } from '../src/server/i18n.js';
import { walkEveryPageIn } from './every-page';
import { openFilters, SCREENSHOT } from './fixtures';

const es = (id: Parameters<typeof translate>[1]) => translate('es', id);

test('the phone menu switches the language', async ({ page }) => {
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  // The open menu is a modal dialog: it speaks Spanish at once, the page behind it once it closes.
  const close = page.getByRole('button', { name: es('core.nav.closeMenu') });
  await expect(close).toBeVisible();
  await close.click();
  await expect(page.getByRole('heading', { level: 1, name: es('core.browse.title') })).toBeVisible();
  // The Community chips read in Spanish too (the tag itself stays as stored); on a phone they are in the Filters sheet.
  const sheet = await openFilters(page, 'es');
  const chips = sheet.getByRole('group', { name: es('core.browse.tagChips') });
  for (const id of [
    'core.tags.school',
    'core.tags.neighborhood',
    'core.tags.charity',
    'core.tags.event',
    'core.tags.restaurant',
  ] as const) {
    await expect(chips.getByRole('button', { name: es(id), exact: true })).toBeAttached();
  }
  await expect(chips.getByRole('button', { name: 'School', exact: true })).toHaveCount(0);
});

test('every page in Spanish at phone size', SCREENSHOT, async ({ browser, page }) => {
  test.slow();
  await walkEveryPageIn(browser, page, 'es', 'es-phone');
});
