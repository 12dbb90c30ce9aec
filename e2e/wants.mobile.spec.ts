import { expect, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, openFilters, SCREENSHOT, screenshot, signUp, uniqueName } from './fixtures';

// On a phone: the All / Offers / Wants filter and the tag chips (one row that scrolls sideways) fit the screen.
test(
  'phone: a want without a photo shows under Wants with its badge; the tag chips scroll inside their row',
  SCREENSHOT,
  async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signUp(page);
    const title = `Wanted pram ${uniqueName('m')}`;
    await apiPost(page, '/api/items', {
      title,
      description: 'A pram or buggy, any colour.',
      latitude: 40.7306,
      longitude: -73.9866,
      type: 'want',
      tags: ['Toys', 'Used'],
    });
    await page.goto(`/browse?q=${encodeURIComponent(title)}&type=want`);
    await expect(page.getByRole('link', { name: `Wanted ${title}` })).toBeVisible();
    // On a phone the chips are in the Filters sheet.
    const sheet = await openFilters(page);
    const chips = sheet.getByRole('group', { name: 'Filter by tag' });
    await expect(chips).toBeVisible();
    // The page itself does not scroll sideways; the chip row does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const row = await chips.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(row.scroll).toBeGreaterThan(row.client);
    await screenshot(page, 'wants/phone-browse-wants', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.getByRole('link', { name: `Wanted ${title}` }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await screenshot(page, 'wants/phone-want-detail', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  },
);
