import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { postItemViaApi, signUp, uniqueName } from './fixtures';

// Two people in two browsers: one shares an item, the other asks for it.

test('two people exchange messages about an item; the unread count rises and clears', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const askerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const asker = await askerContext.newPage();
  await signUp(owner, uniqueName('giver'));
  const askerName = await signUp(asker, uniqueName('asker'));
  const title = `Garden chairs ${uniqueName('m')}`;
  const item = await postItemViaApi(owner, title, { latitude: 40.7301234, longitude: -73.9912345 });

  await asker.goto(`/items/${item.id}`);
  await asker.getByRole('button', { name: 'Contact owner' }).click();
  await asker.getByLabel('Message', { exact: true }).fill('Hello! Could I pick them up on Saturday morning?');
  await asker.getByRole('button', { name: 'Send' }).click();
  await expect(asker.getByText('Hello! Could I pick them up on Saturday morning?')).toBeVisible();

  // The owner's navigation shows one unread conversation without reloading the page.
  await owner.goto('/home');
  const badge = owner.getByRole('link', { name: /Messages.*1 unread/ });
  await expect(badge).toBeVisible({ timeout: 40_000 });
  await badge.click();
  await expect(owner.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await owner.getByRole('link', { name: new RegExp(title) }).click();
  await expect(owner.getByText('Hello! Could I pick them up on Saturday morning?')).toBeVisible();
  await expect(owner.getByRole('link', { name: /Messages.*unread/ })).toHaveCount(0, { timeout: 40_000 });
  await expect(owner.getByText(askerName).first()).toBeVisible();
  const results = await new AxeBuilder({ page: owner }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await owner.getByLabel('Message', { exact: true }).fill('Saturday works, they are by the door.');
  await owner.getByRole('button', { name: 'Send' }).click();
  // The asker's open conversation shows the answer without a reload.
  await expect(asker.getByText('Saturday works, they are by the door.')).toBeVisible({ timeout: 20_000 });
  await ownerContext.close();
  await askerContext.close();
});

test('the public page of an item never contains its exact coordinates', async ({ page, browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUp(owner);
  const item = await postItemViaApi(owner, `Bookshelf ${uniqueName('p')}`, { latitude: 40.7412345, longitude: -73.9898765 });

  const html = await (await page.request.get(`/items/${item.id}`)).text();
  const api = await (await page.request.get(`/api/items/${item.id}`)).text();
  await page.goto(`/items/${item.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const rendered = await page.content();
  for (const text of [html, api, rendered]) {
    expect(text).not.toContain('40.7412345');
    expect(text).not.toContain('73.9898765');
    expect(text).not.toContain('40.74123');
  }
  // The owner sees the exact place.
  const own = await (await owner.request.get(`/api/items/${item.id}`)).json();
  expect(own).toMatchObject({ latitude: 40.7412345, longitude: -73.9898765, locationIsApproximate: false });
  await ownerContext.close();
});
