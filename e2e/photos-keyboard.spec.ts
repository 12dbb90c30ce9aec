// Sorting the post form's photos from the keyboard alone (dnd-kit's keyboard sensor on each photo's
// Reorder button): Space picks a photo up, the arrow keys move it, Space drops it, Escape cancels;
// a screen reader hears each step, and the item is posted in the new order.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUp, uniqueName } from './fixtures';
import { fillWithThreePhotos, galleryOrder, postAndViewItem } from './photo-items';

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

test('three photos sorted from the keyboard: Space picks up, the arrows move, Space drops, Escape cancels, each step announced', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, uniqueName('sorter'));
  const title = `Reading lamp ${uniqueName('k')}`;
  const [front, side, back] = await fillWithThreePhotos(page, title);
  const said = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();

  // Three photos in a row: the back one (third) goes to the front with two presses of ArrowLeft.
  const grip = page.getByRole('button', { name: 'Reorder photo 3' });
  await expect(grip).toHaveAttribute('aria-roledescription', 'movable photo');
  await grip.focus();
  await page.keyboard.press('Space');
  await said('Picked up photo 3 of 3.');
  await page.keyboard.press('ArrowLeft');
  await said('Photo 3 is over place 2 of 3.');
  await page.keyboard.press('ArrowLeft');
  await said('Photo 3 is over place 1 of 3.');
  await page.keyboard.press('Space');
  await said('Photo moved to place 1 of 3.');
  // Focus stays on the moved photo's Reorder button, now the cover's.
  await expect(page.getByRole('button', { name: 'Reorder photo 1' })).toBeFocused();

  // Escape puts a photo back where it was.
  await page.keyboard.press('Space');
  await said('Picked up photo 1 of 3.');
  await page.keyboard.press('ArrowRight');
  await said('Photo 1 is over place 2 of 3.');
  await page.keyboard.press('Escape');
  await said('Moving cancelled: photo 1 stays in place 1 of 3.');
  await expectNoSeriousA11yViolations(page);

  await postAndViewItem(page, title);
  expect(await galleryOrder(page)).toEqual([back, front, side]);
});
