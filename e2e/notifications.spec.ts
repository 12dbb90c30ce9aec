import { expect, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, postItemViaApi, signUp, uniqueName } from './fixtures';

// Two people in two browsers: one asks about the other's item; the owner's bell counts it, the list
// leads to the conversation, and reading it clears the count.

test('a message shows on the bell, the list links to the conversation, reading clears the count', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const askerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const asker = await askerContext.newPage();
  await signUp(owner, uniqueName('giver'));
  const askerName = await signUp(asker, uniqueName('asker'));
  const title = `Rocking chair ${uniqueName('n')}`;
  const item = await postItemViaApi(owner, title, { latitude: 40.7301234, longitude: -73.9912345 });

  await asker.goto(`/items/${item.id}`);
  await asker.getByRole('button', { name: 'Contact owner' }).click();
  await asker.getByLabel('Message', { exact: true }).fill('Hello! Is the chair still there?');
  await asker.getByRole('button', { name: 'Send' }).click();
  await expect(asker.getByText('Hello! Is the chair still there?')).toBeVisible();

  await owner.goto('/home');
  const bell = owner.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 40_000 });
  await bell.focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = owner.getByRole('list', { name: 'Notifications' });
  const entry = list.getByRole('link', { name: new RegExp(`${askerName} asked about your “${title}”`) });
  await expect(entry).toBeVisible();
  await expectNoSeriousA11yViolations(owner);

  await entry.click();
  await expect(owner).toHaveURL(/\/messages\/\d+$/);
  await expect(owner.getByText('Hello! Is the chair still there?')).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(owner.getByRole('link', { name: /Notifications, \d+ unread/ })).toHaveCount(0);

  // Back on the list the entry reads as read; "Mark all as read" has nothing left to do.
  await owner.goto('/notifications');
  await expect(list.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await ownerContext.close();
  await askerContext.close();
});

test('several unread: mark one read, then all; the empty list says so', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const fresh = await browser.newContext();
  const newcomer = await fresh.newPage();
  await signUp(newcomer, uniqueName('new'));
  await newcomer.goto('/notifications');
  await expect(newcomer.getByText(/Nothing here yet/)).toBeVisible();
  await fresh.close();

  await signUp(owner, uniqueName('giver'));
  const titles = [`Lamp ${uniqueName('a')}`, `Rug ${uniqueName('b')}`];
  for (const title of titles) {
    const item = await postItemViaApi(owner, title, { latitude: 40.73, longitude: -73.99 });
    const askerContext = await browser.newContext();
    const asker = await askerContext.newPage();
    await signUp(asker, uniqueName('asker'));
    await apiPost(asker, `/api/items/${item.id}/messages`, { body: 'Still there?' });
    await askerContext.close();
  }
  await owner.goto('/notifications');
  await expect(owner.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible({ timeout: 40_000 });
  await owner.reload();
  await owner.getByRole('button', { name: new RegExp(`Mark as read: .*${titles[0]}`) }).click();
  await expect(owner.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await owner.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(owner.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: /Mark as read:/ })).toHaveCount(0);
  await ownerContext.close();
});
