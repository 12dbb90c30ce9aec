// Items with several photos, posted through the form as a person does (photos.spec.ts, photos.mobile.spec.ts).
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { gpsPhoto, statusWith } from './fixtures';

/** A JPEG of one colour (no GPS), so each photo is a file of its own. */
export async function colouredPhoto(name: string, background: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * Fills the post form with a title and three photos (the second one has GPS: the place comes from
 * it) and answers the addresses the uploads got, in the order the files were chosen.
 */
export async function fillWithThreePhotos(page: Page, title: string): Promise<string[]> {
  await page.goto('/post-item');
  await expect(page.getByRole('heading', { name: 'Share with Community', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Three photos of the same lamp, from the front, the side and the back.');
  const uploaded: string[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/upload-image' && r.status() === 201) {
      void r.json().then((body: { imageUrl: string }) => uploaded.push(body.imageUrl));
    }
  });
  await page
    .getByLabel('Image')
    .setInputFiles([
      await colouredPhoto('front.jpg', '#c0392b'),
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() },
      await colouredPhoto('back.jpg', '#2471a3'),
    ]);
  await expect(page.getByRole('group', { name: 'Chosen photos (3 of 6)' })).toBeVisible();
  // The place comes from the first photo that has GPS (the second).
  await expect(page.getByLabel('Latitude')).toHaveValue(/^40\.7306/);
  await expect(page.getByRole('button', { name: 'Share with Community' })).toBeEnabled({ timeout: 20_000 });
  await expect.poll(() => uploaded.length).toBe(3);
  return uploaded;
}

/** The photos the item page's gallery shows, in order, as the addresses of their display size. */
export async function galleryOrder(page: Page): Promise<string[]> {
  const thumbs = page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /^Show photo/ });
  const sources = await thumbs.locator('img').evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
  return sources.map((s) => s.replace('-thumb.webp', '.webp'));
}

/** Posts the filled form, then follows the toast's 'View item' to the new item's page. */
export async function postAndViewItem(page: Page, title: string) {
  await page.getByRole('button', { name: 'Share with Community' }).click();
  const toast = statusWith(page, 'Item posted successfully');
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await toast.getByRole('link', { name: 'View item' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}
