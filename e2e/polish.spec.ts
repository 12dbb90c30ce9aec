import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PAGE_ROUTES } from '../src/shared/routes';
import { axeVisitorPages, visitSignedInPages } from './every-page';
import { postItemViaApi, SCREENSHOT, signUp, uniqueName, statusWith } from './fixtures';

// What new users stumbled on, walked with a mouse and with the keyboard alone (desktop size).

/** Presses Tab until `target` has the focus; fails after `max` presses. Returns how many it took. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#a75' } })
    .jpeg()
    .toBuffer();

test('every page route answers 200; a path no page has answers 404 with the not-found page', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signUp(page, uniqueName('routes'));
  const item = await postItemViaApi(page, `Lamp ${uniqueName('r')}`, { latitude: 40.72, longitude: -73.99 });
  const params: Record<string, string> = { ':username': owner, ':id': String(item.id) };
  for (const route of Object.values(PAGE_ROUTES)) {
    const url = route.replace(/:[a-z]+/g, (name) => params[name]!);
    const res = await page.request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type'], url).toMatch(/^text\/html/);
  }
  for (const url of ['/no-such-page', '/items', '/browse/more', '/u/someone/else', '/homes?page=2']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  }
});

test('one set of words: the owner marks an item given, and it shows as Given', async ({ page }) => {
  await signUp(page, uniqueName('giver'));
  const item = await postItemViaApi(page, `Kettle ${uniqueName('w')}`, { latitude: 40.72, longitude: -73.99 });
  await page.goto(`/items/${item.id}`);
  await expect(page.getByRole('button', { name: 'Mark as taken' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark as given' }).click();
  await expect(statusWith(page, 'Item marked as given')).toBeVisible();
  await expect(page.getByText('Status: Given')).toBeVisible();
  await expect(page.getByText('Taken', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as available' })).toBeVisible();
});

test('the account button is named by the username it shows and the menu it opens', async ({ page }) => {
  const username = await signUp(page, uniqueName('named'));
  await page.goto('/home');
  const button = page.getByRole('button', { name: `${username}, account menu` });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
});

test('the item page: Posted by links to the profile, and the map is one Tab stop whose Enter shows the place', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await signUp(ownerPage, uniqueName('poster'));
  const title = `Bench ${uniqueName('m')}`;
  const item = await postItemViaApi(ownerPage, title, { latitude: 40.72, longitude: -73.99 });
  await ownerContext.close();

  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto(`/items/${item.id}`);
  const map = page.getByRole('region', { name: 'Map' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-control-zoom-in')).toBeVisible();
  await expect(map.locator('.leaflet-control-attribution a').first()).toBeVisible();
  // Of all Leaflet puts in the map, only the map itself is a Tab stop.
  const stops = await map.evaluate(
    (region) => [...region.querySelectorAll<HTMLElement>('*')].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0).length,
  );
  expect(stops).toBe(1);
  const container = map.locator('.leaflet-container');
  await expect(container).toHaveAttribute('aria-roledescription', 'map');
  // From the Tab stop just before the map, one Tab reaches the map and the next leaves it.
  await container.evaluate((map) => {
    const stops = [...document.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]')].filter(
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !(el as HTMLButtonElement).disabled,
    );
    stops[stops.indexOf(map as HTMLElement) - 1]!.focus();
  });
  expect(await tabTo(page, container, 1)).toBe(1);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${title} Located here`)).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await map.evaluate((region) => region.contains(document.activeElement))).toBe(false);

  await page.getByRole('link', { name: owner, exact: true }).click();
  await expect(page).toHaveURL(`/u/${owner}`);
  await expect(page.getByRole('heading', { name: `${owner}'s Profile` })).toBeVisible();
});

test('the tag picker is one Tab stop: arrows move, Space and Enter choose or drop, the choice is announced', async ({ page }) => {
  await signUp(page, uniqueName('tagger'));
  await page.goto('/post-item');
  await page.getByLabel('Search common tags').focus();
  const list = page.getByRole('listbox', { name: 'Common tags' });
  const furniture = list.getByRole('option', { name: 'Furniture' });
  expect(await tabTo(page, furniture, 1)).toBe(1);
  await page.keyboard.press('ArrowRight');
  await expect(list.getByRole('option', { name: 'Electronics' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(list.getByRole('option', { name: 'Electronics' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(list.getByRole('option', { name: 'Clothing' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(list.getByRole('option', { name: 'Restaurant' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(furniture).toBeFocused();
  await expect(furniture).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('button', { name: 'Remove tag Electronics' })).toBeVisible();
  // Pressing it again drops it.
  await list.getByRole('option', { name: 'Clothing' }).focus();
  await page.keyboard.press('Space');
  await expect(list.getByRole('option', { name: 'Clothing' })).toHaveAttribute('aria-selected', 'false');
  // One Tab leaves the whole list, to the custom tag field.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Add a custom tag')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(list.getByRole('option', { name: 'Clothing' })).toBeFocused();
});

test('keyboard only: browse, open an item, sign in, post an item with a photo and three tags, open it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  const title = `Bookshelf ${uniqueName('k')}`;
  await signUp(setupPage, uniqueName('neighbour'));
  await postItemViaApi(setupPage, title, { latitude: 40.72, longitude: -73.99 });
  await setup.close();
  // The walker's account, made in a context of its own: the walk signs in with the keyboard.
  const walker = await browser.newContext();
  const me = await signUp(await walker.newPage(), uniqueName('walker'));
  await walker.close();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());

  // Browse and open the item.
  await page.goto('/browse');
  await tabTo(page, page.getByLabel('Search items'));
  await page.keyboard.type(title);
  await expect(page.getByText('Showing 1 of 1 items')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: new RegExp(title) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Sign in from the item page.
  await tabTo(page, page.getByRole('link', { name: 'Sign in to contact the owner' }));
  await page.keyboard.press('Enter');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await tabTo(page, login.getByLabel('Username'));
  await page.keyboard.type(me);
  await page.keyboard.press('Tab');
  await page.keyboard.type('secret-pw');
  await page.keyboard.press('Enter');
  // Signed in from the item page, back on it (`?next=`).
  await expect(page).toHaveURL(/\/items\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Post an item: a photo, three tags, a place typed in.
  await tabTo(page, page.getByRole('link', { name: 'Share Something' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Share with Community' })).toBeVisible();
  const mine = `Desk lamp ${uniqueName('k')}`;
  await tabTo(page, page.getByLabel('Title'));
  await page.keyboard.type(mine);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Works well, warm light, pick up any evening.');
  await tabTo(page, page.getByRole('button', { name: /choose photos/ }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  // Focus goes to the preview, not to the page.
  await expect(page.getByRole('group', { name: 'Chosen photo' })).toBeFocused();
  await tabTo(page, page.getByLabel('Search common tags'));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  for (const tag of ['Furniture', 'Electronics', 'Restaurant']) {
    await expect(page.getByRole('option', { name: tag })).toHaveAttribute('aria-selected', 'true');
  }
  await tabTo(page, page.getByLabel('Latitude'));
  await page.keyboard.type('40.7301');
  await tabTo(page, page.getByLabel('Longitude'));
  await page.keyboard.type('-73.9912');
  await tabTo(page, page.getByRole('button', { name: 'Share with Community' }));
  await page.keyboard.press('Enter');
  // Focus goes to the message that it is shared, which links to it.
  const shared = statusWith(page, 'Your item is shared.');
  await expect(shared).toBeFocused({ timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(shared.getByRole('link', { name: `Open ${mine}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: mine, level: 1 })).toBeVisible();
  const tags = page.getByRole('region', { name: 'Tags' });
  for (const tag of ['Furniture', 'Electronics', 'Restaurant']) await expect(tags).toContainText(tag);
});

test('removing the chosen photo puts focus back on the photo chooser', async ({ page }) => {
  await signUp(page, uniqueName('remover'));
  await page.goto('/post-item');
  await page.getByLabel('Image').setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  const remove = page.getByRole('button', { name: 'Remove photo' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /choose photos/ })).toBeFocused();
  expect(await isFocused(page.locator('body'))).toBe(false);
});

test('no serious or critical axe violation on the visitor pages and the not-found page (desktop)', SCREENSHOT, async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await axeVisitorPages(page, 'desktop');
});

test('every signed-in page opens (desktop); axe checks them in the Spanish walk', SCREENSHOT, async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visitSignedInPages(browser, page, 'desktop');
});

// The signed-in header's row of links fits from 1280 px up; narrower windows (tablets, small
// laptops) get the menu button, never a row cut off at the right edge.
test('the signed-in header fits every window width, in both languages', async ({ page }) => {
  // A name of the longest length allowed (32): the account button shortens it.
  await signUp(page, uniqueName('header_wide_window_test'));
  await page.goto('/home');
  for (const language of ['en', 'es']) {
    await page.locator('header select').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const width of [768, 1024, 1279, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('header *')]
          .filter(
            (element) =>
              element.getBoundingClientRect().width > 0 &&
              element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          )
          .map((element) => element.tagName),
      );
      expect(cut, `${language} at ${width} px`).toEqual([]);
    }
  }
  await page.locator('header select').selectOption('en');
});
