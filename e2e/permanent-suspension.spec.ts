import { expect, test } from '@playwright/test';
import { apiPost, E2E_ADMIN, expectNoSeriousA11yViolations, signIn, signUp, statusWith, uniqueName } from './fixtures';

// A suspension without an end, and the accounts a person registers on their browsers
// (docs/decisions/025-moderation.md).

test('an admin suspends a person permanently; their browser cannot register again, and the admin sees the accounts made there', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  const name = await signUp(user, uniqueName('perm'));
  // Another account registered on the same browser while signed in, before the suspension.
  const sock = uniqueName('sock');
  await apiPost(user, '/api/register', { username: sock, password: 'secret-pw', isVisible: true });
  await apiPost(user, '/api/login', { username: name, password: 'secret-pw' });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  await admin.goto(`/admin/users/${name}`);
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  const made = admin.getByRole('list', { name: `Accounts registered on browsers where ${name} had signed in` });
  await expect(made.getByRole('link', { name: sock })).toBeVisible();

  await admin.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Suspend ${name}` });
  await dialog.getByLabel('Reason (required)').fill('Threats in messages');
  await dialog.getByLabel('Permanently, until an admin lifts it').check();
  await expect(dialog.getByLabel('Days')).toBeDisabled();
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Suspended permanently. Reason: Threats in messages')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Actions taken on this person' })).toContainText('permanently');
  await expect(admin.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The sock account's page names the account it came from.
  await made.getByRole('link', { name: sock }).click();
  await expect(admin.getByRole('heading', { name: sock, level: 1 })).toBeVisible();
  await expect(admin.getByText(`Registered on a browser where ${name} had signed in`)).toBeVisible();

  // The person: told on Post item, and this browser makes no new account, signed in or not.
  await user.goto('/post-item');
  await expect(
    user.getByText(/Your account is suspended permanently, so you cannot post items\. Reason: “Threats in messages”/),
  ).toBeVisible();
  await expect(user.getByLabel(/^Title/)).toHaveCount(0);
  const token = ((await (await user.request.get('/api/csrf-token')).json()) as { token: string }).token;
  expect((await user.request.post('/api/logout', { headers: { 'x-csrf-token': token } })).status()).toBe(204);
  await user.goto('/auth');
  await user.getByRole('tab', { name: 'Register' }).click();
  const form = user.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(uniqueName('again'));
  await form.getByLabel('Password', { exact: true }).fill('secret-pw');
  await form.getByLabel('Confirm Password').fill('secret-pw');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(statusWith(user, 'New accounts cannot be made from a suspended account, or from a browser it signed in on.')).toBeVisible();
  await expect(user).toHaveURL(/\/auth$/);

  await admin.goto(`/admin/users/${name}`);
  await admin.getByRole('button', { name: 'Lift suspension' }).click();
  const lift = admin.getByRole('alertdialog', { name: `Lift the suspension of ${name}` });
  await lift.getByLabel('Reason (required)').fill('Appeal accepted');
  await lift.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await userContext.close();
  await adminContext.close();
});
