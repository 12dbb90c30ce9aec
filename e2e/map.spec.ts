import { expect, type Page, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signUp, uniqueName, uploadPhotoViaApi } from './fixtures';

// Browse's Map view (docs/decisions/021-map-clusters.md): clusters that split as you zoom, a single
// item's popup linking to the item, view=map surviving a reload and Back, and a place chosen by
// clicking the map. Tiles are not fetched (the map's own markers are what is tested).
const REYKJAVIK = { latitude: 64.14, longitude: -21.94 };

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

/** Three items of a word of their own about 450 m apart, far from every other test's. */
async function postThree(page: Page): Promise<string> {
  await signUp(page);
  const word = uniqueName('kayak').replace('_', '');
  const imageUrl = await uploadPhotoViaApi(page, '#39c');
  for (let i = 0; i < 3; i++) {
    await apiPost(page, '/api/items', {
      title: `${word} ${i}`,
      description: 'Collect it by the harbour.',
      imageUrl,
      latitude: REYKJAVIK.latitude + 0.004 * i,
      longitude: REYKJAVIK.longitude,
      exactLocation: true,
    });
  }
  return word;
}

/** Starts the map at this view (the map keeps its last view in the tab). */
async function startMapAt(page: Page, zoom: number) {
  await page.addInitScript(
    (view) => sessionStorage.getItem('browse-map-view') ?? sessionStorage.setItem('browse-map-view', JSON.stringify(view)),
    { lat: REYKJAVIK.latitude + 0.004, lng: REYKJAVIK.longitude, zoom },
  );
}

const clusters = (page: Page) => page.getByRole('button', { name: /^\d+ items? here: zoom in$/ });

/** The map's answer for the area it shows (GET /api/items/clusters), from now on. */
const mapAnswer = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/items/clusters');

test('the map shows a cluster that splits as you zoom, and an item popup links to the item', SCREENSHOT, async ({ page }) => {
  const word = await postThree(page);
  await startMapAt(page, 9);
  await page.goto(`/browse?q=${word}`);
  await expect(page.getByRole('heading', { name: `${word} 2` })).toBeVisible();
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&view=map$`));
  const map = page.getByRole('region', { name: 'Items on the map' });
  await expect(map).toBeVisible();
  // At zoom 9 the three are one cluster.
  await expect(page.getByRole('button', { name: '3 items here: zoom in' })).toBeVisible();
  await screenshot(page, 'map/desktop-cluster');
  await expectNoSeriousA11yViolations(page);

  // Clicking a cluster zooms in on it, until the items stand alone. A single item's marker is named
  // by its title once its card has loaded it (decision 032); until then, as one item to open.
  const singles = page.getByRole('button', { name: 'One item here: open its card' });
  for (let i = 0; i < 6 && (await singles.count()) < 2; i++) {
    // Each click zooms in: the map asks for the new area, then draws what it answered.
    const answered = mapAnswer(page);
    await clusters(page).first().click();
    await answered;
    await expect(page.getByText('Loading items…')).toHaveCount(0);
  }
  expect(await singles.count()).toBeGreaterThanOrEqual(2);

  // A single item: its popup (by keyboard: focus, Enter) loads the card and links to the item.
  const shown = await singles.count();
  await singles.first().focus();
  await page.keyboard.press('Enter');
  const viewItem = page.getByRole('link', { name: 'View item' });
  await expect(viewItem).toBeVisible();
  // The focus goes into the card at once, while the item loads.
  await expect(viewItem).toBeFocused();
  const cardTitle = page.locator('.leaflet-popup').getByText(new RegExp(`^${word} \\d$`));
  await expect(cardTitle).toBeVisible();
  const title = (await cardTitle.textContent())!;
  // The marker is now named by the item's title; the others still wait to be opened.
  const marker = page.getByRole('button', { name: title, exact: true });
  await expect(marker).toHaveCount(1);
  await expect(singles).toHaveCount(shown - 1);
  // Escape closes the card and gives the focus back to the marker.
  await page.keyboard.press('Escape');
  await expect(viewItem).toHaveCount(0);
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewItem).toBeFocused();
  await expect(page.locator('.leaflet-popup').getByText(title)).toBeVisible();
  await expect(page.locator('.leaflet-popup img')).toBeVisible();
  await screenshot(page, 'map/desktop-popup');
  await expectNoSeriousA11yViolations(page);
  await viewItem.click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Back: the map view again, at the same place; a reload keeps it too.
  await page.goBack();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Items on the map' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // A fresh page has loaded no card yet: the same single items, each as one item to open.
  await expect(singles).toHaveCount(shown);
  // Back from the map view returns to the list it was opened from.
  await page.goto(`/browse?q=${word}`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Items on the map' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(page.getByRole('heading', { name: `${word} 2` })).toBeVisible();
});

test("a single item's card waits for its item, and says when it is no longer listed", SCREENSHOT, async ({ page }) => {
  const word = await postThree(page);
  // Held, then answered as an item taken away since the map was drawn.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/items\/\d+$/, async (route) => {
    await held;
    await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Item not found' }) });
  });
  await startMapAt(page, 16);
  await page.goto(`/browse?q=${word}&view=map`);
  const single = page.getByRole('button', { name: 'One item here: open its card' });
  await expect(single).toHaveCount(1);
  await single.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('status').getByText('Loading the item…')).toBeAttached();
  await expect(popup.getByRole('link', { name: 'View item' })).toBeFocused();
  await screenshot(page, 'map/desktop-card-loading');
  release();
  await expect(popup.getByRole('alert')).toHaveText('This item is no longer listed.');
  await expect(popup.getByRole('link', { name: 'View item' })).toBeVisible();
  await expect(single).toHaveCount(1);
  await screenshot(page, 'map/desktop-card-gone');
  await expectNoSeriousA11yViolations(page);
});

test('a search on the map finds a part of a word in any letter case, as the list does', SCREENSHOT, async ({ page }) => {
  // Read through the keys of the view's cells and the words holding the text (decision 033).
  const word = await postThree(page);
  const part = word.slice(2, -2).toUpperCase();
  await startMapAt(page, 14);
  await page.goto(`/browse?q=${part}&view=map`);
  await expect(page.getByRole('button', { name: 'One item here: open its card' })).toHaveCount(3);
  await expect(clusters(page)).toHaveCount(0);
  await screenshot(page, 'map/desktop-substring');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  for (let i = 0; i < 3; i++) await expect(page.getByRole('heading', { name: `${word} ${i}` })).toBeVisible();
});

test('an area without items says so', SCREENSHOT, async ({ page }) => {
  await startMapAt(page, 12);
  await page.goto(`/browse?q=${uniqueName('nothing').replace('_', '')}&view=map`);
  await expect(page.getByText('No items in this area')).toBeVisible();
  await screenshot(page, 'map/desktop-empty');
});

test('a search over an area with too many items asks to zoom in, without a useless "Try again"', SCREENSHOT, async ({ page }) => {
  // The server's answer above MAP_SEARCH_MAX_ITEMS (200,000 items in the view; clusters.test.ts
  // checks it on the server), given here for this area: no test posts that many.
  const message = 'This area holds too many items to search on the map: zoom in, or see the matches in the list';
  await page.route(/\/api\/items\/clusters\?.*query=/, (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message }) }),
  );
  await startMapAt(page, 11);
  await page.goto(`/browse?q=chair&view=map`);
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('could not be loaded')).toHaveCount(0);
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await alert.scrollIntoViewIfNeeded();
  await screenshot(page, 'map/desktop-zoom-in');
  await expectNoSeriousA11yViolations(page);
});

test('a place is set by clicking the map, or by Enter on it for its centre', SCREENSHOT, async ({ page }) => {
  // Out at sea, where no test posts.
  const SEA = { lat: 63.5, lng: -25.5 };
  await page.addInitScript(
    (view) => sessionStorage.getItem('browse-map-view') ?? sessionStorage.setItem('browse-map-view', JSON.stringify(view)),
    {
      ...SEA,
      zoom: 12,
    },
  );
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Choose on the map' }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByText('Click the map where you are')).toBeVisible();
  await screenshot(page, 'map/desktop-pick');
  await expectNoSeriousA11yViolations(page);
  const map = page.locator('.leaflet-container');
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  await expect(page.getByText('Click the map where you are')).toHaveCount(0);
  const url = new URL(page.url());
  expect(Number(url.searchParams.get('lat'))).toBeCloseTo(SEA.lat, 2);
  expect(Number(url.searchParams.get('lng'))).toBeCloseTo(SEA.lng, 2);
  // Remembered on the device: a fresh Browse has it.
  await page.goto('/browse');
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();

  // By keyboard: the map's centre.
  await page.getByRole('button', { name: 'Choose on the map' }).click();
  await expect(map).toBeFocused();
  // The arrow moves the map (over a few frames): Enter once it has moved.
  const pane = page.locator('.leaflet-map-pane');
  const still = (await pane.getAttribute('style')) ?? '';
  await page.keyboard.press('ArrowRight');
  await expect(pane).not.toHaveAttribute('style', still);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Click the map where you are')).toHaveCount(0);
  const moved = new URL(page.url());
  expect(Number(moved.searchParams.get('lng'))).toBeGreaterThan(SEA.lng);
});
