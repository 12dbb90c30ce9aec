import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { gpsPhoto, postItemViaApi, signUp, uniqueName, statusWith } from './fixtures';

// Map tiles live outside; tests never need them to load.
test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

async function expectNoSeriousA11yViolations(page: Page) {
  // No fades in flight while colours are measured (the app honours reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).exclude('.leaflet-container').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function postItem(page: Page, title: string) {
  await page.goto('/post-item');
  await expect(page.getByRole('heading', { name: 'Share with Community', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A sturdy chair in good shape, pick up this weekend.');
  await page.getByLabel('Image').setInputFiles({ name: 'chair.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() });
  await expect(statusWith(page, 'Location Found')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue(/^40\.7306/);
  await expect(page.getByLabel('Longitude')).toHaveValue(/^-73\.9866/);
  await page.getByRole('option', { name: 'Furniture' }).click();
  await page.getByLabel('Add a custom tag').fill('Oak');
  await page.getByLabel('Add a custom tag').press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag Oak' })).toBeVisible();
  // The post must answer 201; if it does not, the failure says what the server answered.
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/items');
  await page.getByRole('button', { name: 'Share with Community' }).click();
  const response = await posted;
  expect(response.status(), await response.text()).toBe(201);
  await expect(statusWith(page, 'Item posted successfully')).toBeVisible({ timeout: 15_000 });
  // The form starts over.
  await expect(page.getByLabel('Title')).toHaveValue('');
}

test('post an item with a GPS photo, find it nearest first, open it, delete it', async ({ browser }) => {
  // The browser stands where the photo was taken: the item is published 200–700 m from there (docs/decisions/006).
  const context = await browser.newContext({ geolocation: { latitude: 40.7306, longitude: -73.9866 }, permissions: ['geolocation'] });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await signUp(page);
  const title = `Oak chair ${uniqueName('t')}`;
  await postItem(page, title);

  // Browse, nearest first from where the photo was taken.
  await page.goto('/browse');
  await page.getByLabel('Search items').fill(title);
  await page.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page.getByText('Showing items nearest to your location')).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article').filter({ has: card })).toContainText(/\d+ m away/);
  // 'Posted by' sits beside the item's link (it links to the profile).
  await expect(page.getByRole('article').filter({ has: card })).toContainText('Posted by');

  // The item page: its HTML already carries the preview tags; the map shows the popup.
  await card.click();
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | ShareNearby`);
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(`<meta property="og:title" content="${title} | ShareNearby" />`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f]{32}\.webp" \/>/);
  const map = page.getByLabel('Map');
  // The map loads when it comes near the screen.
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await page.locator('.leaflet-marker-icon').click();
  await expect(page.getByText(`${title} Located here`)).toBeVisible();
  await expect(page.getByText('Oak', { exact: true })).toBeVisible();

  // Delete through the dialog.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
  await expect(dialog).toContainText(
    'This action cannot be undone. This will permanently delete this item and remove it from our servers.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(statusWith(page, 'Item has been deleted successfully')).toBeVisible();
  await expect(page).not.toHaveURL(/\/items\//);
  const gone = await page.request.get(`/api/items?query=${encodeURIComponent(title)}&tag=${encodeURIComponent(title)}`);
  expect((await gone.json()).items).toEqual([]);
  await context.close();
});

test('a visitor sees items but no delete button, and Browse, an item and Post item pass axe', async ({ page, browser }) => {
  // Three pages under axe: more than the default minute on a busy two-core machine.
  test.slow();
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await signUp(owner);
  await owner.goto('/post-item');
  await expect(owner.getByRole('heading', { name: 'Share with Community', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(owner);
  // Posted through the API: the first test posts through the form.
  const title = `Lamp ${uniqueName('v')}`;
  await postItemViaApi(owner, title, { latitude: 40.7306, longitude: -73.9866 });

  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Community Shared Items', level: 1 })).toBeVisible();
  await page.getByLabel('Search items').fill(title);
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  // The search has answered (not just the earlier, dimmed list still on screen).
  await expect(page.getByText('Showing 1 of 1 items')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await card.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as given' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await ownerContext.close();
});

test('the owner deletes from the card on Home through the dialog', async ({ page }) => {
  await signUp(page);
  const title = `Kettle ${uniqueName('h')}`;
  await postItemViaApi(page, title, { latitude: 40.7306, longitude: -73.9866 });
  await page.goto('/home');
  await page.getByLabel('Search items').fill(title);
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});

test('an unknown item shows the not-found state', async ({ page }) => {
  await page.goto('/items/99999999');
  await expect(page.getByRole('heading', { name: 'Item Not Found' })).toBeVisible();
  await expect(page.getByText("The item you're looking for could not be found or has been removed.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Home' }).or(page.getByRole('link', { name: 'Back to Home' }))).toBeVisible();
});

test('a search that finds nothing says so on Browse', async ({ page }) => {
  await page.goto('/browse');
  await page.getByLabel('Search items').fill('zzzz-nothing-like-this');
  await expect(page.getByText('No items found matching "zzzz-nothing-like-this"')).toBeVisible();
});

test('denied location shows the Location error toast', async ({ browser }) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Use my current location' }).click();
  const toast = statusWith(page, 'Location error');
  await expect(toast).toContainText('Location access denied. Please enable location services in your browser settings.');
  await context.close();
});
