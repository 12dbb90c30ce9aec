import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  E2E_ADMIN,
  expectNoSeriousA11yViolations,
  loginThroughUi,
  signIn,
  signUp,
  smsCodeFor,
  uniqueName,
  uniquePhone,
  statusWith,
} from './fixtures';

const toast = (page: Page, text: string) => statusWith(page, text);

test('a payment link added in settings shows on the profile, with its QR dialog and copy toast', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = await signUp(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Vendor').selectOption({ label: 'Venmo' });
  await page.getByLabel('Payment ID').fill('@neighbour-pays');
  await page.getByRole('button', { name: 'Add payment link' }).click();
  await expect(page.getByText('@neighbour-pays')).toBeVisible();

  // Download my data: one JSON file with the profile and the new payment link.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.profile.username).toBe(name);
  expect(data.paymentLinks[0].payment_id).toBe('@neighbour-pays');

  await page.goto(`/u/${name}`);
  await expect(page.getByRole('heading', { name: `${name}'s Profile`, level: 1 })).toBeVisible();
  await expect(page.getByText('@neighbour-pays')).toBeVisible();
  await page.getByRole('button', { name: 'Copy payment ID for Venmo' }).click();
  await expect(toast(page, 'Copied!')).toContainText('Payment ID copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('@neighbour-pays');
  await page.getByRole('button', { name: 'Show QR code for Venmo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Venmo QR Code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('svg').first()).toHaveAttribute('width', '256');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText('Not Verified')).toBeVisible();
});

test('public search finds a user and a public note', async ({ page }) => {
  const name = await signUp(page, uniqueName('findme'));
  const noteText = `Swap shelf by the library ${uniqueName('n')}`;
  await page.goto('/notes');
  await page.getByLabel('Note', { exact: true }).fill(noteText);
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText(noteText)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Find Payment Links', level: 1 })).toBeVisible();
  await page.getByLabel('Search users and notes').fill(name);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.getByLabel('Search users and notes').fill(noteText.slice(-12));
  await expect(page.getByText(noteText)).toBeVisible();
  await page.getByLabel('Search users and notes').fill('zz-nobody-zz');
  await expect(page.getByText('No users found matching "zz-nobody-zz"')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin toggles Verified, resolves a support request and deletes a user', async ({ page, browser }) => {
  // A user asks for help.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const name = await signUp(userPage, uniqueName('helpme'));
  await userPage.goto('/help');
  await userPage.getByLabel('Request type').selectOption({ label: 'Technical issue' });
  await userPage.getByLabel('Description').fill('The map does not show on my tablet, please help.');
  await userPage.getByRole('button', { name: 'Send request' }).click();
  await expect(userPage.getByText('The map does not show on my tablet, please help.')).toBeVisible();
  await expectNoSeriousA11yViolations(userPage);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('switch', { name: `Verified ${name}` }).click();
  await expect(toast(page, 'User verification status updated')).toBeVisible();
  await userPage.goto(`/u/${name}`);
  await userPage.getByRole('tab', { name: 'About' }).click();
  await expect(userPage.getByText('✓ Verified User')).toBeVisible();

  await page.getByRole('tab', { name: /^Support Requests/ }).click();
  const row = page.getByRole('row').filter({ hasText: 'The map does not show on my tablet' });
  await row.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(toast(page, 'Support request marked as resolved')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);
  // A new request shows at once, by the live stream (the list polls every 30 s only while it is down).
  await apiPost(userPage, '/api/support-requests', { type: 'technical_issue', description: 'The photos do not upload from my phone.' });
  await expect(page.getByRole('row').filter({ hasText: 'The photos do not upload from my phone.' })).toBeVisible({ timeout: 10_000 });

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  // Every deletion by an admin asks for the reason (docs/decisions/025-moderation.md).
  await page.getByRole('alertdialog').getByLabel('Reason (required)').fill('Asked us to close the account');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await userPage.goto('/home');
  await expect(userPage).toHaveURL(/\/auth$/);
  await userContext.close();
});

test('the whole password reset, with the code from the console SMS sender', async ({ page }) => {
  const phone = uniquePhone();
  const name = await signUp(page, uniqueName('forgetful'), 'first-password');
  await page.goto('/settings');
  const phoneForm = page.locator('form').filter({ has: page.getByLabel('Phone number') });
  await phoneForm.getByLabel('Phone number').fill(phone);
  await phoneForm.getByLabel('Current password').fill('first-password');
  await phoneForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Not verified')).toBeVisible();
  // Reset codes go only to a verified number.
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await page.getByLabel('Verification code').fill(await smsCodeFor(phone, 'verification'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/reset-password');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username').fill(name);
  await page.getByRole('button', { name: 'Request Verification Code' }).click();
  await expect(toast(page, 'Verification code sent')).toContainText(
    'If an account exists with this username, you will receive a verification code via SMS.',
  );
  const code = await smsCodeFor(phone, 'password reset');
  await page.getByLabel('Verification Code').fill(code);
  await page.getByLabel('New Password').fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password reset successful')).toContainText('You can now login with your new password');
  await expect(page).toHaveURL(/\/auth$/);

  // The new password lets them in at the sign-in form.
  await loginThroughUi(page, name, 'second-password');
  await expect(page).toHaveURL(/\/home$/);
});

test('the terms and privacy pages have their sections and links', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(9);
  await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/auth');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByText(/metadata/i).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
