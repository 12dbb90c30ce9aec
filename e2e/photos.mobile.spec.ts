// Several photos on a phone: the post form's photo grid, the gallery changed by a finger's swipe
// (real touch input through the DevTools protocol, so the page gets pointer events of type touch),
// and the edit page; axe on each (and pictures of them, photos/, from `npm run screenshots`).
import { expect, type Page, test } from '@playwright/test';
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
});
