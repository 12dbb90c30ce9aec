// Saved alerts (docs/product.md, Saved alerts): Alert me on Browse saves the search, Settings lists,
// pauses, changes and deletes it.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, SCREENSHOT, screenshot, signUp, statusWith, text } from './fixtures';

test('Alert me saves the search and place; Settings pauses, edits and deletes the alert', SCREENSHOT, async ({ browser }) => {
  const context = await browser.newContext({ geolocation: { latitude: 40.735, longitude: -73.99 }, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signUp(page);

  await page.goto('/browse');
  // Nothing to save yet: the dialog says why and offers no Save button.
  await page.getByRole('button', { name: text('en', 'core.browse.alertMe') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'alerts.me.title') });
  await expect(dialog.getByText(text('en', 'alerts.me.nothing'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: text('en', 'alerts.me.save') })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: text('en', 'core.browse.alertMe') })).toBeFocused();

  await page.getByRole('searchbox', { name: text('en', 'core.browse.searchLabel') }).fill('ladder');
  await page.getByRole('button', { name: text('en', 'core.browse.useMyLocation') }).click();
  await expect(page.getByText(text('en', 'core.browse.nearest'))).toBeVisible();
  // Keyboard only: the button, the radius, Save.
  await page.getByRole('button', { name: text('en', 'core.browse.alertMe') }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('ladder')).toBeVisible();
  await dialog.getByLabel(text('en', 'alerts.me.radius')).selectOption('10');
  await screenshot(page, 'alerts/desktop-alert-me');
  await dialog.getByRole('button', { name: text('en', 'alerts.me.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(statusWith(page, text('en', 'alerts.me.savedTitle'))).toBeVisible();

  // The toast's link goes to Settings, where the alert is listed with what it matches.
  await page.getByRole('link', { name: text('en', 'alerts.me.savedText').replace(/<\/?0>/g, '') }).click();
  await expect(page).toHaveURL(/\/settings#alerts$/);
  const list = page.getByRole('list', { name: text('en', 'alerts.settings.listLabel') });
  const row = list.getByRole('listitem').filter({ hasText: 'ladder' }).first();
  await expect(row).toContainText(text('en', 'alerts.criteria.text', { text: 'ladder' }));
  await expect(row).toContainText(text('en', 'alerts.criteria.place', { km: 10, latitude: '40.735', longitude: '-73.990' }));
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('heading', { name: text('en', 'alerts.settings.title') }).scrollIntoViewIfNeeded();
  await screenshot(page, 'alerts/desktop-settings');

  // Pause, then resume.
  await row.getByRole('button', { name: /^Pause alert/ }).click();
  await expect(row.getByText(text('en', 'alerts.settings.paused'), { exact: true })).toBeVisible();
  await expect(statusWith(page, text('en', 'alerts.settings.pausedTitle'))).toBeVisible();
  await row.getByRole('button', { name: /^Resume alert/ }).click();
  await expect(row.getByText(text('en', 'alerts.settings.paused'), { exact: true })).toBeHidden();

  // Edit: the server's own message for no criterion, then a real change (a tag, no place).
  await row.getByRole('button', { name: /^Edit alert/ }).click();
  const form = row.getByRole('form', { name: text('en', 'alerts.settings.editTitle') });
  await form.getByLabel(text('en', 'alerts.settings.query')).fill('');
  await form.getByLabel(text('en', 'alerts.settings.radius')).selectOption('');
  await form.getByRole('button', { name: text('en', 'alerts.settings.save') }).click();
  await expect(form.getByText(text('en', 'alerts.api.noCriterion'))).toBeVisible();
  await screenshot(page, 'alerts/desktop-settings-edit');
  await form.getByLabel(text('en', 'alerts.settings.tag')).fill('tools');
  await form.getByRole('button', { name: text('en', 'alerts.settings.save') }).click();
  await expect(form).toBeHidden();
  const edited = list
    .getByRole('listitem')
    .filter({ hasText: text('en', 'alerts.criteria.tag', { tag: 'tools' }) })
    .first();
  await expect(edited).not.toContainText('ladder');
  await expect(edited).not.toContainText('40.735');
  await page.reload();
  await expect(edited).toContainText(text('en', 'alerts.criteria.tag', { tag: 'tools' }));

  // Delete, after a confirmation.
  await edited.getByRole('button', { name: /^Delete alert/ }).click();
  const confirm = page.getByRole('alertdialog', { name: text('en', 'alerts.settings.deleteTitle') });
  await confirm.getByRole('button', { name: text('en', 'core.common.delete') }).click();
  await expect(confirm).toBeHidden();
  await expect(statusWith(page, text('en', 'alerts.settings.deletedTitle'))).toBeVisible();
  await expect(page.getByText(text('en', 'alerts.settings.empty').replace(/<\/?0>/g, ''))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('signed out, Alert me goes to the login page', async ({ page }) => {
  await page.goto('/browse');
  await page.getByRole('searchbox', { name: text('en', 'core.browse.searchLabel') }).fill('ladder');
  await page.getByRole('button', { name: text('en', 'core.browse.alertMe') }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
