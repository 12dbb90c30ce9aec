import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailsTo, signUp, statusWith, uniqueName, verificationLinkFor } from './fixtures';

// E-mail as an identity, through the pages: the address in Settings verified by the link that
// arrives at a real SMTP server (e2e/global-setup.ts), the /home card, and the reset by e-mail.

const newAddress = () => `${uniqueName('inbox')}@example.org`;
const emailSection = (page: Page) => page.locator('#email');

/** Saves an address in Settings (signed in, on /settings). */
async function saveAddress(page: Page, address: string, password: string) {
  const section = emailSection(page);
  await section.getByLabel('E-mail address').fill(address);
  await section.getByLabel('Current password').fill(password);
  await section.getByRole('button', { name: 'Save' }).click();
}

test('an address added in Settings is verified by the link mailed to it, once', async ({ page }) => {
  const password = 'secret-pw';
  await signUp(page, uniqueName('mailer'), password);
  await page.goto('/settings');
  const section = emailSection(page);
  await expect(section.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
  await expect(section.getByText('You have not added an e-mail address.')).toBeVisible();

  const address = newAddress();
  await saveAddress(page, address, 'not-my-password');
  await expect(section.getByText('Current password is incorrect')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(mailsTo(address)).toEqual([]);

  await section.getByLabel('Current password').fill(password);
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(statusWith(page, 'E-mail address saved')).toBeVisible();
  await expect(section.getByText(address, { exact: true })).toBeVisible();
  await expect(section.getByText('Not verified')).toBeVisible();
  await expect(section.getByText(`We sent a link to ${address}. Open it within 24 hours`)).toBeVisible();

  // Asking again at once is refused, with the reason.
  await section.getByRole('button', { name: 'Send the link again' }).click();
  await expect(statusWith(page, 'A link was sent less than a minute ago')).toBeVisible();

  const link = await verificationLinkFor(address);
  const mail = mailsTo(address)[0]!;
  expect(mail.subject).toBe('Confirm your e-mail address for ShareNearby');
  expect(mail.html).toContain('Confirm this address');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page).toHaveURL(/\/settings#email$/);
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This link is invalid, used or expired. Ask for a new one in Settings.')).toBeVisible();
});

test('the /home card shows after sign-up, leads to the address field, and once dismissed never comes back', async ({ page }) => {
  await signUp(page, uniqueName('newcomer'));
  await page.goto('/home');
  const card = page.getByRole('heading', { name: 'Get notified and keep your account safe' });
  await expect(card).toBeVisible();
  await page.getByRole('link', { name: 'Add an e-mail address' }).click();
  await expect(page).toHaveURL(/\/settings#email$/);
  await expect(emailSection(page).getByLabel('E-mail address')).toBeFocused();

  await page.goto('/home');
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available Items' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

async function resetPageIn(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('the reset page says where codes go; the code arrives by e-mail and resets the password', async ({ page, browser }) => {
  const password = 'secret-pw';
  const name = await signUp(page, uniqueName('forgetful'), password);
  await page.goto('/settings');
  const address = newAddress();
  await saveAddress(page, address, password);
  await page.goto(await verificationLinkFor(address));
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();

  const visitor = await resetPageIn(browser);
  const reset = visitor.page;
  await reset.goto('/reset-password');
  await expect(reset.getByText('Get back in with a code sent to your e-mail or your phone.')).toBeVisible();
  await expect(
    reset.getByText("We send a verification code to the account's verified e-mail address and verified phone number, whichever it has."),
  ).toBeVisible();

  // A name nobody has gets the very same answer.
  await reset.getByLabel('Username').fill(uniqueName('nobody'));
  await reset.getByRole('button', { name: 'Request Verification Code' }).click();
  await expect(statusWith(reset, 'If an account exists with this username, you will receive a verification code via SMS.')).toBeVisible();
  await reset.goto('/reset-password');
  await reset.getByLabel('Username').fill(name);
  await reset.getByRole('button', { name: 'Request Verification Code' }).click();
  await expect(statusWith(reset, 'If an account exists with this username, you will receive a verification code via SMS.')).toBeVisible();
  await expect(reset.getByText('has a verified e-mail address or phone number, a 6-digit code is on its way there.')).toBeVisible();

  let code: string | undefined;
  await expect
    .poll(() => {
      code = mailsTo(address)
        .filter((m) => m.subject === 'Your ShareNearby password reset code')
        .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
        .at(-1);
      return code;
    })
    .toMatch(/^\d{6}$/);
  await reset.getByLabel('Verification Code').fill(code!);
  await reset.getByLabel('New Password').fill('brand-new-pw');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset).toHaveURL(/\/auth$/);
  await visitor.context.close();
});
