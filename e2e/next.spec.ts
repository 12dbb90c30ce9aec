// `?next=` after sign-in (docs/product.md, Pages): a visitor who pressed "Sign in to contact the
// owner" on an item, or went for Post item, comes back there after signing in or up; a next that
// is not a page of this site leads to /home, as docs/product.md says.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, postItemViaApi, signUp, uniqueName } from './fixtures';

async function registerHere(page: Page, username: string): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('secret-pw');
  await form.getByLabel('Confirm Password').fill('secret-pw');
  await form.getByRole('button', { name: 'Register' }).click();
}

/** Ends the session of the page's browser (POST /api/logout, as Logout does). */
async function signOut(page: Page): Promise<void> {
  const token = ((await (await page.request.get('/api/csrf-token')).json()) as { token: string }).token;
  expect((await page.request.post('/api/logout', { headers: { 'x-csrf-token': token } })).status()).toBe(204);
}

async function signInHere(page: Page, username: string): Promise<void> {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('secret-pw');
  await form.getByRole('button', { name: 'Login' }).click();
}

test('a visitor who pressed "Sign in to contact the owner" comes back to the item after signing up; one who went for Post item comes back there after signing in', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUp(owner, uniqueName('owner'));
  const title = `Reading lamp ${uniqueName('n')}`;
  const item = await postItemViaApi(owner, title, { latitude: 40.7301, longitude: -73.9912 });
  await ownerContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/items/${item.id}`);
  await page.getByRole('link', { name: 'Sign in to contact the owner' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fitems%2F${item.id}$`));
  await expectNoSeriousA11yViolations(page);
  const name = uniqueName('back');
  await registerHere(page, name);
  await expect(page).toHaveURL(new RegExp(`/items/${item.id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Signed out, Post item (what "Share Something" opens) asks to sign in first, then opens.
  await signOut(page);
  await page.goto('/post-item');
  await expect(page).toHaveURL(/\/auth\?next=%2Fpost-item$/);
  await signInHere(page, name);
  await expect(page).toHaveURL(/\/post-item$/);
  await expect(page.getByRole('heading', { name: 'Share with Community', level: 1 })).toBeVisible();
  await context.close();
});

test('a next that is not a page of this site (another site, a scheme, a backslash trick) leads to /home after signing in', async ({
  page,
}) => {
  const name = await signUp(page, uniqueName('plain'));
  for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    await signOut(page);
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await signInHere(page, name);
    await expect(page).toHaveURL(/\/home$/);
  }
});
