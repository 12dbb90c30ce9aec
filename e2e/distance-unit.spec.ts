// The distance unit (docs/product.md, Settings): km by default as docs/product.md shows; miles chosen in
// Settings turn the cards' distances and the radius choices into miles, kept on the account.
import { expect, test } from '@playwright/test';
import {
  apiPost,
  expectNoSeriousA11yViolations,
  SCREENSHOT,
  screenshot,
  signUp,
  statusWith,
  uniqueName,
  uploadPhotoViaApi,
} from './fixtures';

const HERE = { latitude: 40.735, longitude: -73.99 };

test(
  'switching to miles in Settings shows "mi" on a card and in the radius choices; km again after switching back',
  SCREENSHOT,
  async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signUp(page, uniqueName('miles'));
    const word = uniqueName('kettle').replace('_', '');
    const imageUrl = await uploadPhotoViaApi(page, '#57a');
    // About 2.2 km (1.4 mi) north of HERE.
    await apiPost(page, '/api/items', {
      title: `${word} two km`,
      description: 'Collect from the porch any evening.',
      imageUrl,
      latitude: HERE.latitude + 0.02,
      longitude: HERE.longitude,
      exactLocation: true,
    });
    const list = `/browse?q=${word}&lat=${HERE.latitude}&lng=${HERE.longitude}`;
    const card = () => page.getByRole('article').filter({ hasText: `${word} two km` });

    await page.goto(list);
    await expect(card().getByText('2.2 km away')).toBeVisible();
    await expect(page.getByLabel('Distance').locator('option', { hasText: 'Within 5 km' })).toHaveCount(1);

    await page.goto('/settings');
    const unit = page.getByLabel('Show distances in');
    await expect(unit).toHaveValue('km');
    await unit.selectOption({ label: 'Miles (mi)' });
    await expect(statusWith(page, 'Distance unit saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'distance-unit/settings', { fullPage: true });

    await page.goto(list);
    await expect(card().getByText('1.4 mi away')).toBeVisible();
    await expect(page.getByLabel('Distance').locator('option', { hasText: 'Within 3.1 mi' })).toHaveCount(1);
    await screenshot(page, 'distance-unit/browse-miles');
    // Kept on the account: a reload still says miles.
    await page.reload();
    await expect(card().getByText('1.4 mi away')).toBeVisible();

    await page.goto('/settings');
    await page.getByLabel('Show distances in').selectOption({ label: 'Kilometres (km)' });
    await expect(statusWith(page, 'Distance unit saved')).toBeVisible();
    await page.goto(list);
    await expect(card().getByText('2.2 km away')).toBeVisible();
  },
);
