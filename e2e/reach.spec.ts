import { expect, test } from '@playwright/test';
import { apiPost, apiPut, mailsTo, postItemViaApi, signUp, uniqueName, verificationLinkFor } from './fixtures';

// Reaching people (issue 13), end to end: two people in two browsers; a question shows live for the
// owner with no reload, the bell counts it, and the e-mail arrives at the real SMTP server
// (e2e/global-setup.ts) with an unsubscribe link that works without signing in.

/** The newest mail to `address` whose subject holds `about` (waits for the worker and the SMTP server). */
async function mailAbout(address: string, about: string) {
  for (let i = 0; i < 200; i++) {
    const mail = mailsTo(address).findLast((m) => m.subject.includes(about));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} about ${about}`);
}

test('a question reaches the owner live, on the bell and by e-mail; the e-mail unsubscribe works signed out', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const [owner, asker, reader] = [await contexts[0]!.newPage(), await contexts[1]!.newPage(), await contexts[2]!.newPage()];
  await signUp(owner, uniqueName('giver'));
  await signUp(asker, uniqueName('asker'));

  // The owner's verified address, through the link mailed to it.
  const address = `${uniqueName('inbox')}@example.org`;
  await apiPut(owner, '/api/me/email', { email: address, password: 'secret-pw' });
  await owner.goto(await verificationLinkFor(address));
  await expect(owner.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();

  const title = `Reach lamp ${uniqueName('r')}`;
  const item = await postItemViaApi(owner, title, { latitude: 40.7301234, longitude: -73.9912345 });
  const streamOpen = owner.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  await owner.goto('/messages');
  await streamOpen;
  await expect(owner.getByRole('link', { name: /Notifications/ }).first()).toBeVisible();

  // The asker writes; the owner's open inbox shows it, and the bell counts it, without a reload.
  await apiPost(asker, `/api/items/${item.id}/messages`, { body: 'Could I pick the lamp up tonight?' });
  await expect(owner.getByRole('link', { name: new RegExp(title) })).toBeVisible({ timeout: 5000 });
  await expect(owner.getByRole('link', { name: 'Notifications, 1 unread' }).first()).toBeVisible({ timeout: 8000 });

  // The e-mail: the question, a link to the conversation, and the unsubscribe headers of RFC 8058.
  const mail = await mailAbout(address, title);
  expect(mail.subject).toContain('asked about your');
  expect(mail.text).toMatch(/\/messages\/\d+/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const pageLink = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9._~%-]+/.exec(mail.text)?.[0];
  expect(pageLink, mail.text).toBeTruthy();

  // Someone who is not signed in (the mail opened on another device) unsubscribes from this kind of e-mail.
  await reader.goto(pageLink!);
  await expect(reader.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await reader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reader.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();

  // The owner's settings now say no e-mail for first questions; a second item's question mails nothing.
  const prefs = await owner.evaluate(async () => (await fetch('/api/me/notification-preferences')).json());
  expect(prefs.preferences.item_asked.email).toBe('off');
  const other = await postItemViaApi(owner, `${title} two`, { latitude: 40.7301234, longitude: -73.9912345 });
  const before = mailsTo(address).length;
  await apiPost(asker, `/api/items/${other.id}/messages`, { body: 'And this one?' });
  await expect(owner.getByRole('link', { name: 'Notifications, 2 unread' }).first()).toBeVisible({ timeout: 8000 });
  expect(mailsTo(address).length).toBe(before);

  await Promise.all(contexts.map((c) => c.close()));
});
