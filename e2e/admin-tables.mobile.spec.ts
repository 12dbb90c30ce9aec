import { expect, test } from '@playwright/test';
import { apiPost, E2E_ADMIN, expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signIn, signUp, uniqueName } from './fixtures';

// The admins' tables on a 390 px phone: rows are cards, nothing scrolls sideways, every action is in reach.

test.use({ viewport: { width: 390, height: 844 } });

test('admin tables fit a phone: cards, no sideways scroll, actions reachable', SCREENSHOT, async ({ page, browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const user = await context.newPage();
  const name = await signUp(user, uniqueName('phone'));
  const description = `Cannot upload a photo ${uniqueName('p')}`;
  await apiPost(user, '/api/support-requests', { type: 'technical_issue', description });

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // Users: the row of the new person is a card with its actions in view.
  await page.getByLabel('Filter users by name').fill(name);
  const userLink = page.getByRole('link', { name });
  await expect(userLink).toBeVisible();
  const deleteButton = page.getByRole('button', { name: `Delete ${name}` });
  await deleteButton.scrollIntoViewIfNeeded();
  const box = await deleteButton.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await fits()).toBe(true);
  await screenshot(page, 'admin/users-phone', { fullPage: true });

  await page.getByRole('tab', { name: /^Support Requests/ }).click();
  const answer = page.getByRole('button', { name: `Answer the request of ${name}` });
  await answer.scrollIntoViewIfNeeded();
  const answerBox = await answer.boundingBox();
  expect(answerBox && answerBox.x >= 0 && answerBox.x + answerBox.width <= 390).toBe(true);
  // Each cell names its column on the card.
  const card = page.getByRole('row').filter({ hasText: description });
  await expect(card.getByRole('cell').first()).toHaveAttribute('data-label', 'Date');
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin/support-phone', { fullPage: true });

  await page.getByRole('tab', { name: 'Moderation log' }).click();
  expect(await fits()).toBe(true);
  await context.close();
});
