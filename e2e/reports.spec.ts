import { expect, test } from '@playwright/test';
import { E2E_ADMIN, expectNoSeriousA11yViolations, postItemViaApi, signIn, signUp, toasts, uniqueName } from './fixtures';

// A neighbour reports an item; an admin finds the report on the dashboard and deletes the item.

test('a user reports an item; the admin sees it on the dashboard and deletes the item', async ({ browser }) => {
  // Three people in three browsers.
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  const reporterContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const reporter = await reporterContext.newPage();
  const admin = await adminContext.newPage();

  await signUp(owner, uniqueName('seller'));
  const title = `Designer watch ${uniqueName('r')}`;
  const item = await postItemViaApi(owner, title, { latitude: 40.73, longitude: -73.99 });
  // The owner has no Report button on their own item.
  await owner.goto(`/items/${item.id}`);
  await expect(owner.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Report' })).toHaveCount(0);

  const reporterName = await signUp(reporter, uniqueName('neighbour'));
  await reporter.goto(`/items/${item.id}`);
  await reporter.getByRole('button', { name: 'Report' }).click();
  const dialog = reporter.getByRole('dialog', { name: 'Report this item' });
  await expect(dialog).toBeVisible();
  // 'Something else' needs a few words: the dialog says so and sends nothing.
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell us what is wrong in at least 10 characters')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel(/Details/).fill('Asks for gift cards before meeting.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByText('Report sent', { exact: true })).toBeVisible();
  await expect(reporter.getByText('Thank you. An admin will look at it.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await signIn(admin, E2E_ADMIN.username, E2E_ADMIN.password);
  await admin.goto('/admin');
  const tab = admin.getByRole('tab', { name: /^Reports/ });
  await expect(tab).toContainText(/\d/);
  await tab.click();
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/items/${item.id}`);
  await expect(card).toContainText('Scam or fraud');
  await expect(card).toContainText('Asks for gift cards before meeting.');
  await expect(card).toContainText(reporterName);

  await expectNoSeriousA11yViolations(admin);

  await card.getByRole('button', { name: `Delete item ${title}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Delete “${title}”?` });
  // The reason is required: without one nothing is deleted.
  await confirm.getByRole('button', { name: 'Delete item' }).click();
  await expect(confirm.getByText('Give a reason: the person is told it.')).toBeVisible();
  await confirm.getByLabel('Reason (required)').fill('Scam listing');
  await confirm.getByRole('button', { name: 'Delete item' }).click();
  await expect(admin.getByText('Item deleted', { exact: true })).toBeVisible();
  await expect(admin.getByRole('link', { name: title })).toHaveCount(0);

  // The actioned report keeps the item's name, struck through.
  await admin.getByRole('group', { name: 'Show reports' }).getByRole('button', { name: 'Actioned' }).click();
  await expect(admin.getByText(title).first()).toBeVisible();
  await expect(admin.getByText('(deleted)').first()).toBeVisible();

  await reporter.goto(`/items/${item.id}`);
  await expect(reporter.getByRole('heading', { name: /not found/i })).toBeVisible();

  await ownerContext.close();
  await reporterContext.close();
  await adminContext.close();
});

test('a signed-in user can report another user from their profile; visitors see no Report button', async ({ page, browser }) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherName = await signUp(other, uniqueName('profiled'));

  await page.goto(`/u/${otherName}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report user' })).toHaveCount(0);

  await signUp(page, uniqueName('reporter'));
  await page.goto(`/u/${otherName}`);
  await page.getByRole('button', { name: 'Report user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this user' });
  await dialog.getByRole('radio', { name: 'Offensive or inappropriate' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Report sent', { exact: true })).toBeVisible();

  // Their own profile has no Report button.
  await other.goto(`/u/${otherName}`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Report user' })).toHaveCount(0);
  await otherContext.close();
});

test('Block from a profile and from an item page: both people are blocked; the owner has no Block on their own item', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerName = await signUp(owner, uniqueName('giver'));
  const item = await postItemViaApi(owner, `Garden chair ${uniqueName('b')}`, { latitude: 40.73, longitude: -73.99 });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherName = await signUp(other, uniqueName('seller'));

  const page = await (await browser.newContext()).newPage();
  await signUp(page, uniqueName('blocker'));
  await page.goto(`/u/${otherName}`);
  await page.getByRole('button', { name: `Block ${otherName}` }).click();
  await page
    .getByRole('alertdialog', { name: `Block ${otherName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(toasts(page).filter({ hasText: `${otherName} can no longer send you messages.` })).toBeVisible();

  await page.goto(`/items/${item.id}`);
  await expect(page.getByRole('button', { name: 'Report' })).toBeVisible();
  await page.getByRole('button', { name: `Block ${ownerName}` }).click();
  await page
    .getByRole('alertdialog', { name: `Block ${ownerName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(toasts(page).filter({ hasText: `${ownerName} can no longer send you messages.` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const blocks = (await (await page.request.get('/api/blocks')).json()) as { user: { username: string } }[];
  expect(blocks.map((b) => b.user.username).sort()).toEqual([ownerName, otherName].sort());
  // The owner sees no Block button on their own item.
  await owner.goto(`/items/${item.id}`);
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(owner.getByRole('button', { name: /^Block/ })).toHaveCount(0);
});
