import { expect, test } from '@playwright/test';
import { apiPost, expectNoSeriousA11yViolations, postItemViaApi, signUp, uniqueName } from './fixtures';

// Three people in three browsers: one shares an item, two ask for it; the owner promises it to
// one of them, and the other sees in their open conversation that it has gone.

test('the owner promises an item to one asker and marks it given; the other sees it has gone', async ({ browser }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, chosen, other] = await Promise.all(contexts.map((c) => c.newPage()));
  await signUp(owner!, uniqueName('giver'));
  const chosenName = await signUp(chosen!, uniqueName('chosen'));
  await signUp(other!, uniqueName('other'));
  const title = `Rocking chair ${uniqueName('p')}`;
  const item = await postItemViaApi(owner!, title, { latitude: 40.7301234, longitude: -73.9912345 });
  await apiPost(chosen!, `/api/items/${item.id}/messages`, { body: 'I would love it for my porch!' });
  const otherConversation = await apiPost<{ id: number }>(other!, `/api/items/${item.id}/messages`, { body: 'Is it still there?' });

  // The other asker keeps their conversation open.
  await other!.goto(`/messages/${otherConversation.id}`);
  await expect(other!.getByText('Is it still there?')).toBeVisible();

  // The owner opens the chosen asker's conversation and promises the item.
  await owner!.goto('/messages');
  await owner!.getByRole('link', { name: new RegExp(`${title}.*${chosenName}|${chosenName}.*${title}`) }).click();
  await expect(owner!.getByText('I would love it for my porch!')).toBeVisible();
  await owner!.getByRole('button', { name: `Promise to ${chosenName}` }).click();
  const panel = owner!.getByRole('region', { name: 'Hand-over' });
  await expect(panel).toContainText(`You promised this item to ${chosenName}.`);
  // Each side reads the app's note from their own side.
  const ownerLog = owner!.getByRole('log');
  await expect(ownerLog).toContainText('You have promised this item to them. Agree here on when they pick it up.');
  await expect(ownerLog).not.toContainText('promised this item to you');
  await expectNoSeriousA11yViolations(owner!);

  // Without a reload, the other asker is told, and the item leaves the lists.
  await expect(other!.getByText('Sorry, this item has been promised to someone else.')).toBeVisible({ timeout: 20_000 });
  await expect(other!.getByRole('region', { name: 'Hand-over' })).toContainText('This item has gone to someone else.');
  const listed = await other!.request.get(`/api/items?query=${encodeURIComponent(title)}&tag=${encodeURIComponent(title)}`);
  expect((await listed.json()).items).toEqual([]);

  // The chosen asker sees it promised to them, at its exact place.
  await chosen!.goto(`/items/${item.id}`);
  await expect(chosen!.getByText('This item is promised to you.', { exact: false })).toBeVisible();
  await expect(chosen!.getByText(/^Approximate location/)).toHaveCount(0);
  const detail = await (await chosen!.request.get(`/api/items/${item.id}`)).json();
  expect(detail).toMatchObject({ status: 'promised', latitude: 40.7301234, longitude: -73.9912345, locationIsApproximate: false });

  // Given: the other asker is told it has gone; the owner's items say to whom.
  await panel.getByRole('button', { name: 'Mark as given' }).click();
  await expect(panel).toContainText(`You gave this item to ${chosenName}.`);
  await expect(ownerLog).toContainText('You have marked this item as given to them.');
  await expect(ownerLog).not.toContainText('Enjoy it!');
  await expect(owner!.locator('main header').filter({ hasText: title })).toContainText('Given');
  // Both are asked to thank the other right away, in the conversation.
  await expect(owner!.getByRole('region', { name: 'Thanks' }).getByRole('button', { name: `Say thanks to ${chosenName}` })).toBeVisible();
  await chosen!.goto('/messages');
  await chosen!.getByRole('link', { name: new RegExp(title) }).click();
  await expect(chosen!.getByRole('log')).toContainText('The owner has marked this item as given to you. Enjoy it!');
  await expect(chosen!.getByRole('log')).toContainText('Good news: the owner has promised this item to you.');
  await expect(chosen!.getByRole('region', { name: 'Thanks' }).getByRole('button', { name: /^Say thanks to / })).toBeVisible();
  await expect(other!.getByText('Sorry, this item has gone.')).toBeVisible({ timeout: 20_000 });
  await owner!.goto('/messages');
  await expect(owner!.getByRole('link', { name: new RegExp(`${title}\\s*, Given to ${chosenName}`) })).toBeVisible();
  await owner!.goto('/my-items');
  await owner!.getByRole('button', { name: 'Given' }).click();
  await expect(owner!.getByRole('listitem').filter({ hasText: title })).toContainText(`Given to ${chosenName}`);
  await Promise.all(contexts.map((c) => c.close()));
});

// Expiry takes weeks: renewing an expired item is covered by the API tests (handover.test.ts).
test('My items lists the owner’s items by state, with links to them', async ({ page }) => {
  await signUp(page, uniqueName('renewer'));
  const title = `Old lamp ${uniqueName('r')}`;
  const item = await postItemViaApi(page, title, { latitude: 40.72, longitude: -73.99 });
  await page.goto('/my-items');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Listed until');
  await page.getByRole('button', { name: 'Expired' }).click();
  await expect(page.getByText('None of your items has expired.')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/items/${item.id}`);
  await expectNoSeriousA11yViolations(page);
});
