// The lists by keyboard on a desktop (docs/product.md, Home and Browse), in English and Spanish:
// 'Skip to results' reaches the first card in a few presses, the tag chips are one Tab stop that
// the arrow keys move through, and the card links are named by what they show (axe, with its
// label-content-name-mismatch rule).
import { expect, test } from '@playwright/test';
import type { Language, MessageId } from '../src/shared/i18n.js';
import { expectNoSeriousA11yViolations, postItemViaApi, signUp, text, uniqueName } from './fixtures';

for (const language of ['en', 'es'] as Language[]) {
  test(`desktop 1280×800 (${language}): Skip to results, the tag chips by arrow keys, card link names`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: language === 'es' ? 'es-ES' : 'en-US' });
    const page = await context.newPage();
    await signUp(page, undefined, undefined, language);
    const word = uniqueName('easel').replace('_', '');
    const title = `${word} for painting`;
    await postItemViaApi(page, title, { latitude: 48.85, longitude: 2.35 });
    await page.goto(`/browse?q=${word}`);
    const firstCard = page.getByRole('link', { name: title });
    await expect(firstCard).toBeVisible();
    // The desktop keeps its controls in view: no Filters sheet.
    await expect(page.getByRole('button', { name: text(language, 'core.browse.useMyLocation') })).toBeVisible();
    await expect(page.getByRole('button', { name: text(language, 'core.browse.filters') })).toHaveCount(0);

    // Skip to content, then Skip to results, then the first card: 3 Tab presses in all.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text(language, 'core.nav.skipToContent') })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text(language, 'core.browse.skipToResults') })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(firstCard).toBeFocused();

    // The chips: one Tab stop; the arrows move; Tab leaves the row.
    const chips = page.getByRole('group', { name: text(language, 'core.browse.tagChips') });
    const chip = (id: MessageId) => chips.getByRole('button', { name: text(language, id), exact: true });
    await expect(chips.locator('button[tabindex="0"]')).toHaveCount(1);
    await chip('core.tags.furniture').focus();
    await page.keyboard.press('ArrowRight');
    await expect(chip('core.tags.electronics')).toBeFocused();
    await page.keyboard.press('End');
    await expect(chips.getByRole('button').last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(chip('core.tags.furniture')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(chips.getByRole('button').and(page.locator(':focus'))).toHaveCount(0);

    await expectNoSeriousA11yViolations(page, ['label-content-name-mismatch']);
    await context.close();
  });
}
