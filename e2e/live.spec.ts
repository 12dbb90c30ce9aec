import { type Browser, expect, type Page, test } from '@playwright/test';
import { MESSAGES_POLL_MS } from '../src/shared/polling.js';
import { apiPost, postItemViaApi, signUp, uniqueName } from './fixtures';

// Live updates: two people in two browsers; what one sends shows for the other with no reload,
// through the tab's event stream (polling is only the fallback when the stream is down).

/** Requests of the page to one API path (GET), counted from now. */
function countRequests(page: Page, path: RegExp) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && path.test(new URL(request.url()).pathname)) count++;
  });
  return () => count;
}

/**
 * Every request the page has started so far has been seen by `page.on('request')`: one it starts
 * now is seen after them.
 */
async function requestsSeen(page: Page) {
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === '/readyz');
  await page.evaluate(() => fetch('/readyz'));
  await seen;
}

/** Two people, each signed up in a browser context of their own; the owner has posted an item. */
async function twoPeople(browser: Browser, title: string) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [owner, asker] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
  await signUp(owner, uniqueName('giver'));
  await signUp(asker, uniqueName('asker'));
  const item = await postItemViaApi(owner, title, { latitude: 40.7301234, longitude: -73.9912345 });
  return { owner, asker, item, close: () => Promise.all(contexts.map((c) => c.close())) };
}

test('a message shows live for the other person, and their unread count in the navigation updates, with no reload', async ({ browser }) => {
  const title = `Live lamp ${uniqueName('l')}`;
  const { owner, asker, item, close } = await twoPeople(browser, title);

  // The stream is open (its headers are in) before the message is sent.
  const streamOpen = owner.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  await owner.goto('/home');
  await streamOpen;
  await expect(owner.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  const unreadPolls = countRequests(owner, /^\/api\/conversations\/unread-count$/);

  const conversation = await apiPost<{ id: number }>(asker, `/api/items/${item.id}/messages`, { body: 'Is the lamp still there?' });
  // Polling asks every 30 s: well within that, the badge shows it, from the event itself.
  const badge = owner.getByRole('link', { name: /Messages.*1 unread/ });
  await expect(badge).toBeVisible({ timeout: 3000 });
  expect(unreadPolls()).toBe(0);

  // Both open the conversation; the owner's answer shows for the asker at once. The asker's page
  // runs on Playwright's clock, so that the time in which it would poll can pass at once.
  await asker.clock.install();
  await asker.goto(`/messages/${conversation.id}`);
  await expect(asker.getByText('Is the lamp still there?')).toBeVisible();
  await badge.click();
  await owner.getByRole('link', { name: new RegExp(title) }).click();
  await expect(owner.getByText('Is the lamp still there?')).toBeVisible();
  await expect(owner.getByRole('link', { name: /Messages.*unread/ })).toHaveCount(0, { timeout: 3000 });

  const askerPolls = countRequests(asker, new RegExp(`^/api/conversations/${conversation.id}$`));
  await owner.getByLabel('Message', { exact: true }).fill('Yes, it is by the door.');
  await owner.getByRole('button', { name: 'Send' }).click();
  await expect(asker.getByText('Yes, it is by the door.')).toBeVisible({ timeout: 2000 });
  // One fetch, made by the event; the open page does not poll while the stream is up (every 5 s
  // otherwise): more than that passes on the page's clock, and still no other fetch.
  await asker.clock.runFor(MESSAGES_POLL_MS + 1000);
  await requestsSeen(asker);
  expect(askerPolls()).toBe(1);

  await close();
});

test('when the stream cannot be opened, the conversation page falls back to polling', async ({ browser }) => {
  const { owner, asker, item, close } = await twoPeople(browser, `Poll chair ${uniqueName('p')}`);
  const conversation = await apiPost<{ id: number }>(asker, `/api/items/${item.id}/messages`, { body: 'May I have the chair?' });

  // A proxy that does not let the stream through.
  await asker.route('**/api/events', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"no"}' }));
  // On Playwright's clock: the time to the next poll passes at once.
  await asker.clock.install();
  await asker.goto(`/messages/${conversation.id}`);
  await expect(asker.getByText('May I have the chair?')).toBeVisible();
  await apiPost(owner, `/api/conversations/${conversation.id}/messages`, { body: 'Yes, come by tonight.' });
  await asker.clock.runFor(MESSAGES_POLL_MS);
  await expect(asker.getByText('Yes, come by tonight.')).toBeVisible();

  await close();
});
