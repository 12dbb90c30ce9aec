import { expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  expectNoSeriousA11yViolations,
  SCREENSHOT,
  screenshot,
  signUp,
  statusWith,
  uniqueName,
  uploadPhotoViaApi,
} from './fixtures';

// Offers and wants, and tags that filter Browse (docs/decisions/023-offers-and-wants.md).

test.beforeEach(async ({ page }) => {
  // Map tiles live outside; tests never need them to load.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

const shot = (page: Page, name: string) => screenshot(page, `wants/${name}`, { fullPage: true });

/** Posts an item through the API for the page's signed-in user. */
async function post(page: Page, body: Record<string, unknown>) {
  return apiPost<{ id: number }>(page, '/api/items', {
    description: 'Collect from the porch any evening.',
    latitude: 40.7306,
    longitude: -73.9866,
    ...body,
  });
}

test('post a want without a photo, find it under Wants (not under Offers), open it: Wanted, no promise', SCREENSHOT, async ({ page }) => {
  await signUp(page);
  const title = `Looking for a crib ${uniqueName('w')}`;
  await page.goto('/post-item');
  const type = page.getByRole('group', { name: 'What are you posting?' });
  await expect(type.getByRole('radio', { name: /Offer/ })).toBeChecked();
  await type.getByRole('radio', { name: /Want/ }).check();
  await expect(page.getByText('Optional for a want.')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A cot or crib for a newborn, any condition is fine.');
  await page.getByLabel('Latitude').fill('40.7306');
  await page.getByLabel('Longitude').fill('-73.9866');
  await shot(page, 'post-want');
  await expectNoSeriousA11yViolations(page);
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/items');
  await page.getByRole('button', { name: 'Share with Community' }).click();
  const response = await posted;
  expect(response.status(), await response.text()).toBe(201);
  expect((await response.json()).type).toBe('want');
  await expect(statusWith(page, 'Item posted successfully')).toBeVisible({ timeout: 15_000 });

  // An offer still needs its photo.
  await page.getByLabel('Title').fill('A crib to give away');
  await page.getByLabel('Description').fill('White wooden crib, mattress included.');
  await page.getByLabel('Latitude').fill('40.7306');
  await page.getByLabel('Longitude').fill('-73.9866');
  await page.getByRole('button', { name: 'Share with Community' }).click();
  await expect(page.getByText('Please upload an image')).toBeVisible();

  // Browse: All / Offers / Wants, kept in the URL.
  await page.goto(`/browse?q=${encodeURIComponent(title)}`);
  const show = page.getByRole('group', { name: 'Show' });
  await expect(show.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('link', { name: `Wanted ${title}` });
  await expect(card).toBeVisible();
  await show.getByRole('button', { name: 'Offers' }).click();
  await expect(page).toHaveURL(/[?&]type=offer/);
  await expect(card).toBeHidden();
  await show.getByRole('button', { name: 'Wants' }).click();
  await expect(page).toHaveURL(/[?&]type=want/);
  await expect(show.getByRole('button', { name: 'Wants' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toBeVisible();
  await shot(page, 'browse-wants');
  await expectNoSeriousA11yViolations(page);
  // Back returns to Offers, refresh keeps Wants.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]type=offer/);
  await expect(card).toBeHidden();
  await page.goForward();
  await page.reload();
  await expect(show.getByRole('button', { name: 'Wants' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toBeVisible();

  await card.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Wanted', { exact: true })).toBeVisible();
  await expect(page.getByText('No photo')).toBeVisible();
  // The owner's actions: no "Mark as given" for a want.
  await expect(page.getByRole('button', { name: /given/i })).toHaveCount(0);
  await shot(page, 'want-detail');
  await expectNoSeriousA11yViolations(page);

  // Edit: the same choice and rules. As an offer it needs a photo; nothing is saved without one.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/items\/\d+\/edit$/);
  const editType = page.getByRole('group', { name: 'What are you posting?' });
  await expect(editType.getByRole('radio', { name: /Want/ })).toBeChecked();
  await editType.getByRole('radio', { name: /Offer/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please upload an image')).toBeVisible();
  await expect(page).toHaveURL(/\/edit$/);
});

test(
  'tag group chips filter Browse (toggle, aria-pressed); tapping a tag on a card or the item page filters by it',
  SCREENSHOT,
  async ({ page }) => {
    await signUp(page);
    const word = uniqueName('tagged');
    const vintage = await post(page, { title: `Lamp ${word}`, imageUrl: await uploadPhotoViaApi(page), tags: ['Vintage', 'Furniture'] });
    await post(page, { title: `Novel ${word}`, imageUrl: await uploadPhotoViaApi(page, '#58a'), tags: ['Books'] });

    await page.goto(`/browse?q=${word}`);
    const lamp = page.getByRole('link', { name: `Lamp ${word}` });
    const novel = page.getByRole('link', { name: `Novel ${word}` });
    await expect(lamp).toBeVisible();
    await expect(novel).toBeVisible();
    const chips = page.getByRole('group', { name: 'Filter by tag' });
    await expect(chips.getByRole('group', { name: 'Condition' })).toBeVisible();
    const vintageChip = chips.getByRole('button', { name: 'Vintage' });
    await expect(vintageChip).toHaveAttribute('aria-pressed', 'false');
    // By keyboard: focus the chip and press Enter.
    await vintageChip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]tag=Vintage/);
    await expect(vintageChip).toHaveAttribute('aria-pressed', 'true');
    await expect(lamp).toBeVisible();
    await expect(novel).toBeHidden();
    await shot(page, 'browse-tag-chip');
    await expectNoSeriousA11yViolations(page);
    // Pressed again: the filter goes.
    await vintageChip.click();
    await expect(vintageChip).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/tag=/);
    await expect(novel).toBeVisible();

    // A tag on a card is a link to Browse filtered by it.
    const novelCard = page.getByRole('article').filter({ has: novel });
    await novelCard.getByRole('link', { name: 'Show items tagged Books' }).click();
    await expect(page).toHaveURL(/\/browse\?tag=Books$/);
    await expect(chips.getByRole('button', { name: 'Books' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Tag: Books')).toBeVisible();

    // The item page groups its tags in the groups of docs/product.md, each a link to Browse.
    await page.goto(`/items/${vintage.id}`);
    const tags = page.getByRole('region', { name: 'Tags' });
    await expect(tags.getByRole('list', { name: 'Condition' })).toContainText('Vintage');
    await expect(tags.getByRole('list', { name: 'Item Type' })).toContainText('Furniture');
    await tags.getByRole('link', { name: 'Show items tagged Vintage' }).click();
    await expect(page).toHaveURL(/\/browse\?tag=Vintage$/);
    await expect(page.getByText('Tag: Vintage')).toBeVisible();
  },
);
