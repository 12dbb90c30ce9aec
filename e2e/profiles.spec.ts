import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  apiPost,
  expectNoSeriousA11yViolations,
  postItemViaApi,
  SCREENSHOT,
  screenshot,
  signUp,
  statusWith,
  takingScreenshots,
  uniqueName,
} from './fixtures';

// Profiles and reputation (issue 16): thanks after a hand-over shown on the other's profile, the
// profile photo, area and bio from Settings, and "Share profile" with its QR code.

async function patch(page: Page, url: string, data: object) {
  const token = (await (await page.request.get('/api/csrf-token')).json()).token as string;
  const res = await page.request.patch(url, { headers: { 'x-csrf-token': token }, data });
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
}

test('after a hand-over the receiver thanks the giver, and the thanks shows on the giver’s profile', SCREENSHOT, async ({ browser }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [giver, receiver] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  const giverName = await signUp(giver, uniqueName('giver'));
  const receiverName = await signUp(receiver, uniqueName('receiver'));
  const title = `Standing lamp ${uniqueName('t')}`;
  const item = await postItemViaApi(giver, title, { latitude: 40.6712, longitude: -73.9776 });
  const conversation = await apiPost<{ id: number }>(receiver, `/api/items/${item.id}/messages`, { body: 'Could I have the lamp?' });
  await apiPost(giver, `/api/conversations/${conversation.id}/promise`, {});

  // Before the hand-over there is nothing to thank for.
  await receiver.goto(`/items/${item.id}`);
  await expect(receiver.getByText('This item is promised to you.', { exact: false })).toBeVisible();
  await expect(receiver.getByRole('heading', { name: 'Thanks' })).toHaveCount(0);

  await patch(giver, `/api/items/${item.id}`, { status: 'taken' });
  await receiver.reload();
  const thanks = receiver.getByRole('region', { name: 'Thanks' });
  await expect(thanks).toContainText(`Thank ${giverName} for the hand-over.`);
  await thanks.getByLabel('A short note (optional)').fill('Works perfectly, thank you!');
  await expectNoSeriousA11yViolations(receiver);
  await thanks.getByRole('button', { name: `Say thanks to ${giverName}` }).click();
  await expect(statusWith(receiver, 'Thanks sent')).toBeVisible();
  await expect(thanks).toContainText(`You thanked ${giverName}.`);
  await expect(thanks.getByRole('button')).toHaveCount(0);
  if (takingScreenshots) {
    await screenshot(thanks, `profiles/thanks-${receiver.viewportSize()!.width}`);
    await receiver.setViewportSize({ width: 390, height: 844 });
    await thanks.scrollIntoViewIfNeeded();
    await screenshot(receiver, 'profiles/thanks-390');
  }

  // The giver's profile shows it, with the counts.
  await giver.goto(`/u/${giverName}`);
  const received = giver.getByRole('region', { name: 'Thanks received' });
  await expect(received).toContainText('Works perfectly, thank you!');
  await expect(received).toContainText(`From ${receiverName}, for “${title}”`);
  await expect(giver.getByText('1 item given')).toBeVisible();
  // The tabs of docs/product.md are still there.
  await expect(giver.getByRole('tab', { name: 'Payment Links' })).toBeVisible();
  await expect(giver.getByRole('tab', { name: 'About' })).toBeVisible();

  // The giver thanks back from the item page, which now shows the receiver's thanks too.
  await giver.goto(`/items/${item.id}`);
  const giverThanks = giver.getByRole('region', { name: 'Thanks' });
  await expect(giverThanks).toContainText(`${receiverName} thanked you.`);
  await giverThanks.getByRole('button', { name: `Say thanks to ${receiverName}` }).click();
  await expect(giverThanks).toContainText(`You thanked ${receiverName}.`);
  await receiver.goto(`/u/${receiverName}`);
  await expect(receiver.getByRole('region', { name: 'Thanks received' })).toContainText(`From ${giverName}, for “${title}”`);
  await expect(receiver.getByText('1 item received')).toBeVisible();
  await Promise.all(contexts.map((c) => c.close()));
});

test(
  'a profile photo, area and bio from Settings show on the profile, which can be shared with a QR code',
  SCREENSHOT,
  async ({ page }) => {
    test.setTimeout(90_000);
    const name = await signUp(page, uniqueName('neighbour'));
    await page.goto('/settings');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    await page.locator('#settings-avatar').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(statusWith(page, 'Profile photo saved')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
    await page.getByLabel('Area').fill('Park Slope');
    await page.getByLabel('About you').fill('I fix bikes and bake bread.');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(statusWith(page, 'Profile saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (takingScreenshots) {
      await screenshot(page, `profiles/settings-${page.viewportSize()!.width}`);
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'profiles/settings-390');
      await page.setViewportSize(size);
    }

    await page.goto(`/u/${name}`);
    const avatar = page.getByRole('img', { name: `Profile photo of ${name}` });
    await expect(avatar).toBeVisible();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText('Area: Park Slope')).toBeVisible();
    await expect(page.getByText('I fix bikes and bake bread.')).toBeVisible();
    await expect(page.getByText(/^Member since /)).toBeVisible();
    await expect(page.getByText('No thanks yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (takingScreenshots) {
      await screenshot(page, `profiles/profile-${page.viewportSize()!.width}`, { fullPage: true });
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'profiles/profile-390', { fullPage: true });
      await page.setViewportSize(size);
    }

    await page.getByRole('button', { name: 'Share profile' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${name}'s profile` });
    await expect(dialog.getByRole('img', { name: `QR code of the link to ${name}'s profile` })).toBeVisible();
    await expect(dialog.getByText(new RegExp(`^https?://[^/]+/u/${name}$`))).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `profiles/share-${page.viewportSize()!.width}`);
    await dialog.getByRole('button', { name: /close/i }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share profile' })).toBeFocused();
  },
);

test('a PayPal.me id offers Open with its payment page; the QR code of the id stays', async ({ page }) => {
  const name = await signUp(page, uniqueName('payer'));
  const vendors = await (await page.request.get('/api/vendors')).json();
  const paypal = vendors.find((v: { name: string }) => v.name === 'PayPal');
  await apiPost(page, '/api/me/payment-ids', { vendorId: paypal.id, paymentId: 'janedoe' });
  await page.goto(`/u/${name}`);
  const open = page.getByRole('link', { name: 'Open PayPal payment page for janedoe' });
  await expect(open).toHaveAttribute('href', 'https://paypal.me/janedoe');
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: /QR/ })).toBeVisible();
});
