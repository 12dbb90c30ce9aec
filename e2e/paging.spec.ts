import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiPost, signUp, uniqueName } from './fixtures';

// Map tiles live outside; tests never need them to load.
test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test('browse: when the items of the last page vanish, Next shows the last page that has items, never the empty text', async ({ page }) => {
  await signUp(page);
  // A word of this test alone, so items other tests post do not change the pages.
  const word = uniqueName('lamp').replace('_', '');
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#a75' } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post('/api/upload-image', {
    headers: { 'x-csrf-token': token },
    multipart: { image: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const ids: number[] = [];
  for (let i = 0; i < 13; i++) {
    const body = {
      title: `${word} number ${i}`,
      description: 'Collect from the porch any evening.',
      imageUrl,
      latitude: 40.73,
      longitude: -73.99,
    };
    ids.push((await apiPost<{ id: number }>(page, '/api/items', body)).id);
  }

  await page.goto('/browse');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(word);
  await page.getByRole('searchbox', { name: 'Search items' }).press('Enter');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByText('Showing 12 of 13 items')).toBeVisible();

  // The one item of page 2 (the oldest) goes while this page is open.
  expect((await page.request.delete(`/api/items/${ids[0]}`, { headers: { 'x-csrf-token': token } })).status()).toBe(204);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 12 of 12 items')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${word} number 12` })).toBeVisible();
  await expect(page.getByText(`No items found matching "${word}"`)).toHaveCount(0);
  await expect(page.getByText('No items have been shared yet.')).toHaveCount(0);
  await expect(page.getByText('Page 1 of 2')).toHaveCount(0);
});
