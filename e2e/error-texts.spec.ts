import { expect, test } from '@playwright/test';

// An answer with no message of its own (an empty body, as a proxy or a crash gives) shows the page's
// own text, never the bare HTTP status text.
test('profile: a failed fetch without a message says "Failed to fetch user profile", a 404 without one "User not found"', async ({
  page,
}) => {
  await page.route(/\/api\/users\/profile\/broken_profile$/, (route) => route.fulfill({ status: 500, body: '' }));
  await page.route(/\/api\/users\/profile\/gone_profile$/, (route) => route.fulfill({ status: 404, body: '' }));

  await page.goto('/u/broken_profile');
  await expect(page.getByText('Failed to fetch user profile')).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);

  await page.goto('/u/gone_profile');
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page.getByText('Not Found', { exact: true })).toHaveCount(0);
});
