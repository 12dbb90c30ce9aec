import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, postItemViaApi, signUp, uniqueName } from './fixtures';

// Map tiles live outside; tests never need them to load.
test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test('browse: search finds a typo, a plural and words in any order, and Best match puts the exact title first', async ({ page }) => {
  await signUp(page);
  // A token of this test alone (letters and digits: never taken for a typo), so other tests' items stay out.
  const token = uniqueName('w').replace('_', '');
  const place = { latitude: 40.73, longitude: -73.99 };
  await postItemViaApi(page, `Acoustic guitar ${token}`, place);
  await postItemViaApi(page, `Desk lamp ${token}`, place);
  // Newest: a typo match ("lamb" for "lamp") that Best match puts after the exact one.
  await postItemViaApi(page, `Lamb wool blanket ${token}`, place);

  await page.goto('/browse');
  const box = page.getByRole('searchbox', { name: 'Search items' });
  await box.fill(`guitr ${token}`);
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: `Acoustic guitar ${token}` })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 items')).toBeVisible();
  // Only what the typo may have meant matched: the list says so.
  await expect(page.getByRole('status').filter({ hasText: `Similar results: nothing matches "guitr ${token}" exactly` })).toBeVisible();

  await box.fill(`${token} lamps`);
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: `Desk lamp ${token}` })).toBeVisible();
  const titles = page.getByRole('heading', { level: 2, name: token });
  // Newest first by default: the blanket (a typo match) above the lamp.
  await expect(titles).toHaveText([`Lamb wool blanket ${token}`, `Desk lamp ${token}`]);
  await expect(page.getByText('Similar results', { exact: false })).toHaveCount(0);

  const sort = page.getByRole('combobox', { name: 'Sort' });
  await expect(sort).toHaveValue('newest');
  await sort.selectOption({ label: 'Best match' });
  await expect(page).toHaveURL(/sort=relevance/);
  await expect(titles).toHaveText([`Desk lamp ${token}`, `Lamb wool blanket ${token}`]);
  await expectNoSeriousA11yViolations(page);

  // Back and a refresh keep the order with the search.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('relevance');
  await expect(titles).toHaveText([`Desk lamp ${token}`, `Lamb wool blanket ${token}`]);
});
