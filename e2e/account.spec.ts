import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginThroughUi, signUp, uniqueName, uniquePhone, statusWith } from './fixtures';

// The signed-in user's own account on /settings: deleting it, and the people they blocked.

const toast = (page: Page, text: string) => statusWith(page, text);

/** A write through the API as whoever `api` is signed in as, with the CSRF header the app sends. */
async function apiPost(api: APIRequestContext, url: string, data: object) {
  const token = (await (await api.get('/api/csrf-token')).json()).token as string;
  return api.post(url, { headers: { 'x-csrf-token': token }, data });
}

test('a user deletes their own account: a wrong password is refused in the dialog, the right one signs them out for good', async ({
  page,
}) => {
  const password = 'secret-pw';
  const name = await signUp(page, uniqueName('leaver'), password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('your items and their photos, your notes, messages, payment links and sessions');
  await expect(dialog).toContainText('This cannot be undone.');
  const passwordField = dialog.getByLabel('Current password');
  await expect(passwordField).toBeFocused();

  await passwordField.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/settings$/);

  await passwordField.fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Account deleted')).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // The sign-in form refuses the deleted account.
  await loginThroughUi(page, name, password);
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('changing or removing the phone number asks for the password, with the same errors as the other password checks', async ({ page }) => {
  const password = 'secret-pw';
  const phone = uniquePhone();
  await signUp(page, uniqueName('phoner'), password);
  await page.goto('/settings');
  const phoneForm = page.locator('form').filter({ has: page.getByLabel('Phone number') });
  const passwordField = phoneForm.getByLabel('Current password');

  await phoneForm.getByLabel('Phone number').fill(phone);
  await phoneForm.getByRole('button', { name: 'Save' }).click();
  await expect(phoneForm.getByText('Password is required')).toBeVisible();
  await passwordField.fill('not-my-password');
  await phoneForm.getByRole('button', { name: 'Save' }).click();
  await expect(phoneForm.getByText('Current password is incorrect')).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('You have not added a phone number.')).toBeVisible();

  await passwordField.fill(password);
  await phoneForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Phone number saved')).toBeVisible();
  await expect(page.getByText('Not verified')).toBeVisible();
  await expect(passwordField).toHaveValue('');

  await page.getByRole('button', { name: 'Remove number' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove your phone number?' });
  const dialogPassword = dialog.getByLabel('Current password');
  await expect(dialogPassword).toBeFocused();
  await dialogPassword.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Remove number' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await expect(dialogPassword).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await dialogPassword.fill(password);
  await dialog.getByRole('button', { name: 'Remove number' }).click();
  await expect(toast(page, 'Phone number removed')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('You have not added a phone number.')).toBeVisible();
});

test('blocked people are listed on /settings and can be unblocked', async ({ page, request }) => {
  const blockedName = uniqueName('noisy');
  const registered = await apiPost(request, '/api/register', { username: blockedName, password: 'secret-pw', isVisible: true });
  expect(registered.status()).toBe(201);
  await signUp(page, uniqueName('blocker'));
  const blocked = await apiPost(page.request, '/api/blocks', { username: blockedName });
  expect(blocked.status()).toBe(201);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Blocked people' })).toBeVisible();
  const list = page.getByRole('list', { name: 'People you blocked' });
  await expect(list.getByRole('link', { name: blockedName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await list.getByRole('button', { name: `Unblock ${blockedName}` }).click();
  await expect(toast(page, 'Unblocked')).toContainText(`${blockedName} can send you messages again.`);
  await expect(page.getByText('You have not blocked anyone. People you block cannot send you messages.')).toBeVisible();
  await expect(list).toHaveCount(0);
  // The server agrees: nobody is blocked any more.
  expect(await (await page.request.get('/api/blocks')).json()).toEqual([]);
});
