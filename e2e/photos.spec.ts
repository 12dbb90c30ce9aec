// Several photos and editing, on a desktop: posting three photos in a chosen order, the item page's
// gallery with the keyboard, the owner's edit of the title and the cover; axe on each new state (and
// pictures of them, photos/, from `npm run screenshots`).
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, gpsPhoto, SCREENSHOT, screenshot, signUp, statusWith, uniqueName } from './fixtures';
import { fillWithThreePhotos, galleryOrder, postAndViewItem } from './photo-items';

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test(
  'three photos reordered with the keyboard are posted in that order, the gallery moves with the keys, the owner edits title and cover',
  SCREENSHOT,
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, uniqueName('photos'));
    const title = `Brass lamp ${uniqueName('l')}`;
    const [front, side, back] = await fillWithThreePhotos(page, title);

    // The back photo becomes the cover: Move left twice from the keyboard; focus stays on the photo.
    await page.getByRole('button', { name: 'Move photo 3 left' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 2 left' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 1 right' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'Photo 1 of 3 (cover)' })).toBeVisible();
    await screenshot(page, 'photos/desktop-post-form', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await postAndViewItem(page, title);
    expect(await galleryOrder(page)).toEqual([back, front, side]);

    // The gallery: the cover large, then the arrow keys (Home, End) from its buttons.
    const gallery = page.getByRole('region', { name: 'Photos' });
    await expect(gallery.getByRole('img', { name: `${title}, photo 1 of 3` })).toHaveAttribute('src', back!);
    await gallery.getByRole('button', { name: 'Next photo' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByText('Photo 2 of 3')).toBeVisible();
    await expect(gallery.getByRole('img', { name: `${title}, photo 2 of 3` })).toHaveAttribute('src', front!);
    await page.keyboard.press('End');
    await expect(gallery.getByRole('img', { name: `${title}, photo 3 of 3` })).toHaveAttribute('src', side!);
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByText('Photo 1 of 3')).toBeVisible();
    await gallery.getByRole('button', { name: 'Show photo 2 of 3' }).click();
    await expect(gallery.getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.getByRole('button', { name: 'Show photo 1 of 3' })).toBeFocused();
    await screenshot(page, 'photos/desktop-item-gallery', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The owner edits: a new title, and the front photo as the cover.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit item', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByRole('img', { name: /^Photo \d of 3/ })).toHaveCount(3);
    const edited = `${title} (with shade)`;
    await page.getByLabel('Title').fill(edited);
    await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    await screenshot(page, 'photos/desktop-edit-form', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/items\/\d+$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Save changes' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    // The place was not touched: the edit does not send it.
    expect(Object.keys(response.request().postDataJSON() as object).sort()).toEqual(['description', 'images', 'tags', 'title', 'type']);
    await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
    await expect(statusWith(page, 'Changes saved')).toBeVisible();
    expect(await galleryOrder(page)).toEqual([front, back, side]);

    // Others see the edit too (a fresh load, not the editor's cache).
    await page.reload();
    await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
    expect(await galleryOrder(page)).toEqual([front, back, side]);
  },
);

test(
  'a photo taken far (over 50 km) from where the device is gets a warning beside the map; one taken nearby does not',
  SCREENSHOT,
  async ({ page, context }) => {
    await signUp(page, uniqueName('far'));
    // The person already allowed their place: the form asks the browser without a prompt.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await page.goto('/post-item');
    await page.getByLabel('Image').setInputFiles({ name: 'nyc.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() });
    await expect(page.getByLabel('Latitude')).toHaveValue(/^40\.7306/);
    const warning = page.getByRole('status').filter({ hasText: /This photo was taken about [\d,]+ km from where you are now/ });
    await expect(warning).toContainText('about 5835 km');
    await warning.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'photos/desktop-far-warning');

    await context.setGeolocation({ latitude: 40.7128, longitude: -74.006 });
    await page.goto('/post-item');
    await page.getByLabel('Image').setInputFiles({ name: 'nyc.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() });
    await expect(page.getByLabel('Latitude')).toHaveValue(/^40\.7306/);
    await expect(page.getByText(/from where you are now/)).toHaveCount(0);
  },
);

test(
  'three photos reordered by dragging with the mouse: the dragged one is the cover of the posted item, and the move is announced',
  SCREENSHOT,
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, uniqueName('dragger'));
    const title = `Desk lamp ${uniqueName('d')}`;
    const [front, side, back] = await fillWithThreePhotos(page, title);

    // The back photo (third) dragged onto the first place, from its picture, in small steps.
    const third = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Photo 3 of 3' }) });
    const first = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Photo 1 of 3 (cover)' }) });
    // Mid-screen, clear of the "Location Found" toast at the bottom right.
    await third.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = (await third.boundingBox())!;
    const to = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 3);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByText('Photo moved to place 1 of 3.')).toBeAttached();
    await expect(page.getByRole('img', { name: 'Photo 1 of 3 (cover)' })).toHaveAttribute('src', /^blob:/);
    await screenshot(page, 'photos/desktop-post-form-dragged', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await postAndViewItem(page, title);
    expect(await galleryOrder(page)).toEqual([back, front, side]);
    const gallery = page.getByRole('region', { name: 'Photos' });
    await expect(gallery.getByRole('img', { name: `${title}, photo 1 of 3` })).toHaveAttribute('src', back!);
  },
);
