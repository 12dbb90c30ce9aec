import { expect, test } from '@playwright/test';
import { signUp } from './fixtures';

test('on a phone the navigation collapses into a menu that opens, works and closes with Escape', async ({ page }) => {
  await signUp(page);
  await page.goto('/home');
  const menuButton = page.getByRole('button', { name: /menu/i });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Search' }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // A link in the menu goes to its page and closes the menu.
  await menuButton.click();
  await page.getByRole('link', { name: 'Search' }).last().click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Payment Links' })).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await menuButton.click();
  await page.getByRole('button', { name: 'Logout' }).last().click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('on a phone the /auth form fits the screen without sideways scrolling', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
