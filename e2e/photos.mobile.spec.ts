// Several photos on a phone: the post form's photo grid, the gallery changed by a finger's swipe
// (real touch input through the DevTools protocol, so the page gets pointer events of type touch),
// and the edit page; axe on each (and pictures of them, photos/, from `npm run screenshots`).
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signUp, uniqueName } from './fixtures';
import { fillWithThreePhotos, galleryOrder, postAndViewItem } from './photo-items';

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

/** A finger drawn sideways across the middle of this element (dx < 0: to the left). */
async function swipe(page: Page, selector: string, dx: number) {
  const box = (await page.locator(selector).boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 5; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * i) / 5, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone: three photos posted, the gallery follows a swipe, the edit page', SCREENSHOT, async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName('phone_photos'));
  // A touch screen is not told to click or drag.
  await page.goto('/post-item');
  await expect(page.getByRole('button', { name: 'Take or choose photos' })).toBeVisible();
  const title = `Wicker basket ${uniqueName('b')}`;
  const [front, side, back] = await fillWithThreePhotos(page, title);
  await page.getByRole('group', { name: 'Chosen photos (3 of 6)' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'photos/phone-post-form');
  await expectNoSeriousA11yViolations(page);

  await postAndViewItem(page, title);
  expect(await galleryOrder(page)).toEqual([front, side, back]);

  const gallery = page.getByRole('region', { name: 'Photos' });
  await expect(gallery.getByText('Photo 1 of 3')).toBeVisible();
  await swipe(page, '[aria-roledescription="carousel"] img[width]', -160);
  await expect(gallery.getByText('Photo 2 of 3')).toBeVisible();
  await expect(gallery.getByRole('img', { name: `${title}, photo 2 of 3` })).toHaveAttribute('src', side!);
  await swipe(page, '[aria-roledescription="carousel"] img[width]', 160);
  await expect(gallery.getByText('Photo 1 of 3')).toBeVisible();
  await screenshot(page, 'photos/phone-item-gallery');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit item', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo \d of 3/ })).toHaveCount(3);
  await screenshot(page, 'photos/phone-edit-form', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // A WebP photo is taken; a HEIC one is refused with how to send it instead.
  const webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8e44ad' } })
    .webp()
    .toBuffer();
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
  await page.getByLabel('Image').setInputFiles([
    { name: 'plum.webp', mimeType: 'image/webp', buffer: webp },
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic },
  ]);
  await expect(page.getByRole('group', { name: 'Chosen photos (4 of 6)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'HEIC photos are not supported here.' }).first()).toBeVisible();

  // Enter in the custom tag box adds the tag and never sends the form: one save, by the button.
  const saves: string[] = [];
  page.on('request', (r) => void (r.method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/items/') && saves.push(r.url())));
  const custom = page.getByRole('textbox', { name: 'Add a custom tag' });
  await custom.fill('Garden');
  await custom.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag Garden' })).toBeVisible();
  await expect(custom).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  expect(saves).toHaveLength(1);
});
