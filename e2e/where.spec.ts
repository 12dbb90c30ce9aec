import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signUp, uniqueName, uploadPhotoViaApi } from './fixtures';

// Browse keeps its state in the URL (docs/product.md, Home and Browse): Back, refresh and "Back to
// listings" restore a search on page 2 near a place with a radius; the place is remembered on the
// device until "Forget my place".
const HERE = { latitude: 40.735, longitude: -73.99 };

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

/** A signed-in page whose browser is at HERE, with `near` items of a word of its own about 110 m apart going north, and `far` 11 km away. */
async function withItems(browser: Browser, near: number, far: number): Promise<{ page: Page; word: string; username: string }> {
  const context = await browser.newContext({ geolocation: HERE, permissions: ['geolocation'] });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const username = await signUp(page);
  const word = uniqueName('lamp').replace('_', '');
  const imageUrl = await uploadPhotoViaApi(page, '#5a7');
  const post = (title: string, latitude: number) =>
    apiPost(page, '/api/items', {
      title,
      description: 'Collect from the porch any evening.',
      imageUrl,
      latitude,
      longitude: HERE.longitude,
      exactLocation: true,
    });
  for (let i = 0; i < near; i++) await post(`${word} near ${i}`, HERE.latitude + 0.001 * (i + 1));
  for (let i = 0; i < far; i++) await post(`${word} far ${i}`, HERE.latitude + 0.1);
  return { page, word, username };
}

test('Back, refresh and Back to listings restore a search on page 2 near a place within a radius', SCREENSHOT, async ({ browser }) => {
  const { page, word } = await withItems(browser, 14, 2);
  await page.goto('/browse');
  const search = page.getByRole('searchbox', { name: 'Search items' });
  await search.fill(word);
  await search.press('Enter');
  await expect(page.getByText('Showing 12 of 16 items')).toBeVisible();

  await page.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  await page.getByLabel('Distance').selectOption({ label: 'Within 5 km' });
  await expect(page.getByText('Showing 12 of 14 items')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${word} near 13` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${word} far 0` })).toHaveCount(0);
  const listUrl = page.url();
  expect(new URL(listUrl).search).toBe(`?q=${word}&lat=40.735&lng=-73.99&radius=5&page=2`);

  const restored = async () => {
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByText('Showing 2 of 14 items')).toBeVisible();
    await expect(search).toHaveValue(word);
    await expect(page.getByLabel('Distance')).toHaveValue('5');
    await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${word} near 12` })).toBeVisible();
    // The cards say how far and how old, and whose.
    const card = page.getByRole('article').filter({ hasText: `${word} near 12` });
    await expect(card.getByText('1.4 km away')).toBeVisible();
    await expect(card.getByText(/^(Just now|1 min\. ago)$/)).toBeVisible();
  };

  // Back from the item page.
  await page.getByRole('link', { name: `${word} near 12` }).click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await page.goBack();
  expect(page.url()).toBe(listUrl);
  await restored();

  // "Back to listings", also after a refresh of the item page.
  await page.getByRole('link', { name: `${word} near 13` }).click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await page.reload();
  await page.getByRole('link', { name: 'Back to listings' }).click();
  expect(page.url()).toBe(listUrl);
  await restored();

  // A refresh of the list.
  await page.reload();
  expect(page.url()).toBe(listUrl);
  await restored();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'where/desktop-browse');
  await page.context().close();
});

test('the place is remembered on the device until Forget my place; Clear location filter holds over a refresh', async ({ browser }) => {
  const { page, word, username } = await withItems(browser, 2, 0);
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();

  // A later visit to the plain list uses it at once, without asking: distances show.
  await page.goto('/browse');
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  await expect(page).toHaveURL(/\/browse\?lat=40\.735&lng=-73\.99$/);
  await page.getByRole('searchbox', { name: 'Search items' }).fill(word);
  // After the pause in typing, the text is in the URL too.
  await expect(page).toHaveURL(new RegExp(`/browse\\?q=${word}&lat=40\\.735&lng=-73\\.99$`));
  const card = page.getByRole('article').filter({ hasText: `${word} near 0` });
  await expect(card.getByText('111 m away')).toBeVisible();
  // "Posted by" goes to the poster's profile.
  await card.getByRole('link', { name: username }).click();
  await expect(page).toHaveURL(`/u/${username}`);
  await page.goBack();

  // Home lists the same way: the remembered place, in its URL too.
  await page.goto('/home');
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  await expect(page).toHaveURL(/\/home\?lat=40\.735&lng=-73\.99$/);
  await page.goBack();

  // Cleared: it stays cleared on refresh, and the device still knows the place.
  await page.getByRole('button', { name: 'Clear location filter' }).click();
  await expect(page.getByText('Showing items nearest to your location')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: `${word} near 0` })).toBeVisible();
  await expect(page.getByText('Showing items nearest to your location')).toHaveCount(0);
  await expect(page.getByText('Your place is saved on this device.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Forgotten: gone from the list and from the device.
  await page.goBack();
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  await page.getByRole('button', { name: 'Forget my place' }).click();
  await expect(page.getByText('Showing items nearest to your location')).toHaveCount(0);
  await expect(page).not.toHaveURL(/lat=/);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible();
  await expect(page.getByText('Showing items nearest to your location')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Forget my place' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('sharenearby:place'))).toBeNull();
  await page.context().close();
});

test("a visitor's navigation reaches Browse", async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse' })).toHaveAttribute('aria-current', 'page');
});
