import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginThroughUi, registerThroughUi, uniqueName, statusWith } from './fixtures';

test('registering lands on /home, signed in', async ({ page }) => {
  const name = await registerThroughUi(page);
  await expect(page.getByRole('heading', { name: 'Available Items', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Share Something' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(nav.getByText(name).first()).toBeVisible();
});

test('logging out lands on /auth and ends the session', async ({ page }) => {
  await registerThroughUi(page);
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a visitor opening /home lands on /auth', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Share Something' })).toHaveCount(0);
});

test('a visitor opening / goes to /home and so to /auth', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user opening /auth lands on /home', async ({ page }) => {
  await registerThroughUi(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/home$/);
});

test('a non-admin opening /admin lands on /home', async ({ page }) => {
  await registerThroughUi(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/home$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a wrong password shows the Login failed toast with the reason', async ({ page }) => {
  const name = await registerThroughUi(page);
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await loginThroughUi(page, name, 'not-the-password');
  const toast = statusWith(page, 'Login failed');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/auth$/);
});

test('signing in with the right password (Remember me) lands on /home and survives a reload', async ({ page, context }) => {
  const name = await registerThroughUi(page, uniqueName(), 'right-password');
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Logout' }).click();
  // The site goes to /auth once the server has ended the session; opening /auth before then finds
  // the person still signed in, and sends them on to /home.
  await expect(page).toHaveURL(/\/auth$/);
  await loginThroughUi(page, name, 'right-password', true);
  await expect(page).toHaveURL(/\/home$/);
  const sid = (await context.cookies()).find((c) => c.name === 'sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid!.expires - Date.now() / 1000).toBeGreaterThan(29 * 86400);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available Items', level: 1 })).toBeVisible();
});

test('the register form explains what is wrong before sending', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(uniqueName());
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await form.getByLabel('Confirm Password').fill('54321');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a taken username shows the Registration failed toast', async ({ page, browser }) => {
  const name = await registerThroughUi(page);
  const other = await browser.newPage();
  await other.goto('/auth');
  await other.getByRole('tab', { name: 'Register' }).click();
  const form = other.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(name.toUpperCase());
  await form.getByLabel('Password', { exact: true }).fill('secret-pw');
  await form.getByLabel('Confirm Password').fill('secret-pw');
  await form.getByRole('button', { name: 'Register' }).click();
  const toast = statusWith(other, 'Registration failed');
  await expect(toast).toContainText('Username already exists');
  await other.close();
});

test('the Browse Available Items button leads to /browse', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Browse Available Items' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible();
});

test('the /auth page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  for (const tab of ['Login', 'Register']) {
    await page.getByRole('tab', { name: tab }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  }
});

test('the app works under its Content-Security-Policy (no violations reported)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await registerThroughUi(page);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Community Shared Items' })).toBeVisible();
  expect(violations).toEqual([]);
});
