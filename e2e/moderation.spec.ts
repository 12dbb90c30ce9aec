import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  E2E_ADMIN,
  expectNoSeriousA11yViolations,
  postItemViaApi,
  SCREENSHOT,
  screenshot,
  signIn,
  signUp,
  takingScreenshots,
  uniqueName,
} from './fixtures';

// Moderation that talks back (docs/decisions/025-moderation.md): support answers, suspensions,
// reports of messages and no-shows, the admins' page of a person.

async function person(browser: Browser, prefix: string): Promise<{ page: Page; name: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await signUp(page, uniqueName(prefix));
  return { page, name, close: () => context.close() };
}
async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  return { page, close: () => context.close() };
}

test('an admin answers a support request; the user sees the answer on Help and is told', SCREENSHOT, async ({ browser }) => {
  test.setTimeout(90_000);
  const user = await person(browser, 'helpme');
  const description = `The map stays grey ${uniqueName('m')}`;
  await apiPost(user.page, '/api/support-requests', { type: 'technical_issue', description });

  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: /^Support Requests/ }).click();
  const row = admin.page.getByRole('row').filter({ hasText: description });
  await row.getByRole('button', { name: `Answer the request of ${user.name}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Answer ${user.name}` });
  await dialog.getByLabel('Your answer').fill('Please reload the page; it works again now.');
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog.getByRole('list', { name: 'The conversation so far' })).toContainText('Please reload the page; it works again now.');
  await expectNoSeriousA11yViolations(admin.page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('In progress');

  await user.page.goto('/help');
  const request = user.page.getByRole('listitem').filter({ hasText: description });
  await expect(request.getByText('Support team')).toBeVisible();
  await expect(request.getByText('Please reload the page; it works again now.')).toBeVisible();
  await request.getByLabel('Reply to the team').fill('Thanks, it works!');
  await request.getByRole('button', { name: 'Send' }).click();
  await expect(request.getByText('Thanks, it works!')).toBeVisible();
  await expectNoSeriousA11yViolations(user.page);
  if (takingScreenshots) {
    await screenshot(user.page, 'moderation/help-thread-desktop', { fullPage: true });
    await user.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(user.page, 'moderation/help-thread-phone', { fullPage: true });
  }

  await user.page.goto('/notifications');
  await expect(user.page.getByText('The support team answered your request')).toBeVisible();
  await user.close();
  await admin.close();
});

test(
  'an admin suspends a user from their page, who then cannot post and is told why; lifting it lets them post',
  SCREENSHOT,
  async ({ browser }) => {
    test.setTimeout(120_000);
    const user = await person(browser, 'suspend');
    const title = `Garden chairs ${uniqueName('c')}`;
    const item = await postItemViaApi(user.page, title, { latitude: 40.73, longitude: -73.99 });

    const admin = await adminPage(browser);
    await admin.page.goto('/admin');
    await admin.page.getByRole('link', { name: user.name }).first().click();
    await expect(admin.page).toHaveURL(new RegExp(`/admin/users/${user.name}$`));
    await expect(admin.page.getByRole('heading', { name: user.name, level: 1 })).toBeVisible();
    await expect(admin.page.getByRole('link', { name: title })).toBeVisible();

    // Hide the item: its owner sees why; nobody else sees it.
    await admin.page.getByRole('button', { name: `Hide ${title}` }).click();
    const hide = admin.page.getByRole('alertdialog', { name: `Hide “${title}”` });
    await hide.getByLabel('Reason (required)').fill('Looks like a resale listing');
    await hide.getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.page.getByRole('button', { name: `Show ${title} again` })).toBeVisible();

    await admin.page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.page.getByRole('alertdialog', { name: `Suspend ${user.name}` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Give a reason: the person is told it.')).toBeVisible();
    await dialog.getByLabel('Reason (required)').fill('Spam in messages');
    await dialog.getByLabel('Days').fill('3');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.page.getByText(/Suspended until .* Reason: Spam in messages/)).toBeVisible();
    await expect(admin.page.getByRole('list', { name: 'Actions taken on this person' })).toContainText('Spam in messages');
    await expectNoSeriousA11yViolations(admin.page);
    await screenshot(admin.page, 'moderation/person-desktop', { fullPage: true });
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin.page, 'moderation/person-phone', { fullPage: true });
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The owner's view of the hidden item.
    await user.page.goto(`/items/${item.id}`);
    await expect(
      user.page.getByText('A moderator hid this item: only you and the admins can see it. Reason: Looks like a resale listing'),
    ).toBeVisible();
    await screenshot(user.page, 'moderation/hidden-owner-desktop', { fullPage: true });
    // My Items marks it, with the reason.
    await user.page.goto('/my-items');
    const row = user.page.getByRole('listitem').filter({ has: user.page.getByRole('link', { name: title }) });
    await expect(row.getByText('Hidden by a moderator')).toBeVisible();
    await expect(row.getByText(/Reason: Looks like a resale listing/)).toBeVisible();

    // Post item says so before anything is filled in, and the API refuses a post with the clear message.
    await user.page.goto('/post-item');
    await expect(
      user.page.getByText(/Your account is suspended until .*, so you cannot post items until then\. Reason: “Spam in messages”/),
    ).toBeVisible();
    await expect(user.page.getByRole('link', { name: 'Help page' })).toBeVisible();
    await expect(user.page.getByLabel(/^Title/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(user.page);
    const token = (await (await user.page.request.get('/api/csrf-token')).json()).token as string;
    const refused = await user.page.request.post('/api/items', {
      headers: { 'x-csrf-token': token },
      data: { title: 'Another chair', description: 'A sturdy chair.', imageUrl: '/x.jpg', latitude: 40.7, longitude: -74 },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/^Your account is suspended until .*Reason: Spam in messages$/);
    // Another write form says it the same way: the end as the app's dates read, not the API's UTC minute.
    await user.page.goto('/notes');
    await user.page.getByLabel('Note', { exact: true }).fill('A note while suspended');
    await user.page.getByRole('button', { name: 'Save note' }).click();
    const told = user.page.getByText(
      /^Your account is suspended until [A-Z][a-z]{2} \d{1,2}, \d{4}: you can still read.*Reason: Spam in messages$/,
    );
    await expect(told).toBeVisible();
    await expect(user.page.getByText(/UTC/)).toHaveCount(0);
    await screenshot(user.page, 'moderation/suspended-note');
    // Help says so too.
    await user.page.goto('/help');
    await expect(user.page.getByRole('heading', { name: 'Notices from the moderators' })).toBeVisible();
    await expect(user.page.getByText(/Your account is suspended until .* Reason: Spam in messages/)).toBeVisible();
    // ...and the person can still ask the team for help there (an appeal).
    await user.page.getByLabel('Request type').selectOption({ label: 'Other' });
    await user.page.getByLabel('Description').fill('Please look again at my suspension, I sold nothing.');
    await user.page.getByRole('button', { name: 'Send request' }).click();
    await expect(user.page.getByText('Please look again at my suspension, I sold nothing.')).toBeVisible();

    await admin.page.getByRole('button', { name: 'Lift suspension' }).click();
    const lift = admin.page.getByRole('alertdialog', { name: `Lift the suspension of ${user.name}` });
    await lift.getByLabel('Reason (required)').fill('Appeal accepted');
    await lift.getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.page.getByRole('button', { name: 'Suspend' })).toBeVisible();
    await apiPost(user.page, '/api/notes', { content: 'Back again', visibility: 'private' });
    await user.page.goto('/post-item');
    await expect(user.page.getByLabel(/^Title/)).toBeVisible();
    await expect(user.page.getByText(/Your account is suspended/)).toHaveCount(0);
    await user.close();
    await admin.close();
  },
);

test('a message report and a no-show report reach the admins’ Reports tab, linked to the people', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await person(browser, 'giver');
  const asker = await person(browser, 'asker');
  const title = `Bookshelf ${uniqueName('b')}`;
  const item = await postItemViaApi(owner.page, title, { latitude: 40.73, longitude: -73.99 });
  const conversation = await apiPost<{ id: number }>(asker.page, `/api/items/${item.id}/messages`, { body: 'Pay me a deposit first' });
  await apiPost(owner.page, `/api/conversations/${conversation.id}/promise`, {});

  await owner.page.goto(`/messages/${conversation.id}`);
  await owner.page.getByRole('button', { name: 'Report this message' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(owner.page.getByText('Report sent', { exact: true })).toBeVisible();

  const handover = owner.page.getByRole('region', { name: /hand-over/i });
  await owner.page.getByRole('button', { name: 'Didn’t show up' }).click();
  const noShow = owner.page.getByRole('dialog', { name: 'Didn’t show up' });
  await noShow.getByRole('radio', { name: 'Something else' }).check();
  await noShow.getByLabel(/Details/).fill('Waited an hour, nobody came.');
  await noShow.getByRole('button', { name: 'Send report' }).click();
  await expect(owner.page.getByText('Report sent', { exact: true }).first()).toBeVisible();
  void handover;
  await expectNoSeriousA11yViolations(owner.page);

  const admin = await adminPage(browser);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: /^Reports/ }).click();
  const message = admin.page.getByRole('listitem').filter({ hasText: 'Pay me a deposit first' });
  await expect(message).toContainText('Message');
  await expect(message.getByRole('link', { name: asker.name })).toHaveAttribute('href', `/admin/users/${asker.name}`);
  const missed = admin.page.getByRole('listitem').filter({ hasText: 'Waited an hour, nobody came.' });
  await expect(missed).toContainText('Didn’t show up');
  await expect(missed.getByRole('link', { name: title })).toHaveAttribute('href', `/items/${item.id}`);
  await expect(missed.getByRole('link', { name: asker.name })).toBeVisible();
  await expectNoSeriousA11yViolations(admin.page);
  // Never public: the asker's profile says nothing of it.
  await owner.page.goto(`/u/${asker.name}`);
  await expect(owner.page.getByText('Waited an hour')).toHaveCount(0);
  await owner.close();
  await asker.close();
  await admin.close();
});
