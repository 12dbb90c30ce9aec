import { expect, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signUp, uniqueName, uploadPhotoViaApi } from './fixtures';

// Browse's Map view on a phone (docs/decisions/021-map-clusters.md): the toggle, a cluster that
// splits on a tap, an item's popup and its link; view=map survives a reload.
const TROMSO = { latitude: 69.65, longitude: 18.96 };

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test('the Map view fits a phone: a cluster splits on a tap and an item opens from its popup', SCREENSHOT, async ({ page }) => {
  await signUp(page);
  const word = uniqueName('sled').replace('_', '');
  const imageUrl = await uploadPhotoViaApi(page, '#c73');
  for (let i = 0; i < 2; i++) {
    await apiPost(page, '/api/items', {
      title: `${word} ${i}`,
      description: 'By the bridge.',
      imageUrl,
      latitude: TROMSO.latitude + 0.002 * i,
      longitude: TROMSO.longitude,
      exactLocation: true,
    });
  }
  await page.addInitScript(
    (view) => sessionStorage.getItem('browse-map-view') ?? sessionStorage.setItem('browse-map-view', JSON.stringify(view)),
    { lat: TROMSO.latitude + 0.001, lng: TROMSO.longitude, zoom: 8 },
  );
  await page.goto(`/browse?q=${word}`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const cluster = page.getByRole('button', { name: '2 items here: zoom in' });
  await expect(cluster).toBeVisible();
  const region = await page.getByRole('region', { name: 'Items on the map' }).boundingBox();
  expect(region!.width).toBeLessThanOrEqual(390);
  expect(region!.height).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => innerWidth));
  await screenshot(page, 'map/phone-cluster', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Single items are named as one item to open until their card has loaded them (decision 032).
  const singles = page.getByRole('button', { name: 'One item here: open its card' });
  for (let i = 0; i < 6 && (await singles.count()) < 2; i++) {
    // Each tap zooms in: the map asks for the new area, then draws what it answered.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/items/clusters');
    await page
      .getByRole('button', { name: /^\d+ items? here: zoom in$/ })
      .first()
      .tap();
    await answered;
    await expect(page.getByText('Loading items…')).toHaveCount(0);
  }
  await singles.first().tap();
  await expect(page.getByRole('link', { name: 'View item' })).toBeVisible();
  await expect(page.locator('.leaflet-popup').getByText(new RegExp(`^${word} [01]$`))).toBeVisible();
  await page.getByRole('region', { name: 'Items on the map' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'map/phone-popup');
  await page.reload();
  await expect(singles).toHaveCount(2);
  await singles.first().tap();
  const title = page.locator('.leaflet-popup').getByText(new RegExp(`^${word} [01]$`));
  await expect(title).toBeVisible();
  const name = (await title.textContent())!;
  await page.getByRole('link', { name: 'View item' }).tap();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
