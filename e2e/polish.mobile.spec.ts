import { expect, type Page, test } from '@playwright/test';
import { axeVisitorPages, visitSignedInPages } from './every-page';
import { apiPost, postItemViaApi, SCREENSHOT, screenshot, signUp, uniqueName } from './fixtures';

// What new users stumbled on, on a 390 px phone.
test.use({ viewport: { width: 390, height: 844 } });

/**
 * Whether the search box shows its whole placeholder: either the input's own (its text fits the
 * box) or the wrapped copy drawn over it (visible, inside the box, nothing cut).
 */
async function placeholderShownWhole(page: Page, label: string): Promise<{ whole: boolean; detail: string }> {
  const input = page.getByLabel(label);
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el, '::placeholder');
    const box = el.getBoundingClientRect();
    const own = style.color !== 'rgba(0, 0, 0, 0)' && style.color !== 'transparent';
    if (own) {
      const ctx = document.createElement('canvas').getContext('2d')!;
      const inputStyle = getComputedStyle(el);
      ctx.font = `${inputStyle.fontWeight} ${inputStyle.fontSize} ${inputStyle.fontFamily}`;
      const room = el.clientWidth - parseFloat(inputStyle.paddingLeft) - parseFloat(inputStyle.paddingRight);
      const needed = ctx.measureText(el.placeholder).width;
      return { whole: needed <= room, detail: `the input's own placeholder needs ${needed}px of ${room}px` };
    }
    const copy = [...(el.parentElement?.querySelectorAll<HTMLElement>('[aria-hidden="true"]') ?? [])].find(
      (c) => c.textContent === el.placeholder,
    );
    if (!copy) return { whole: false, detail: 'the placeholder is hidden and no copy of it is drawn' };
    const r = copy.getBoundingClientRect();
    const visible = getComputedStyle(copy).visibility === 'visible' && r.width > 0;
    const inside = r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const uncut = copy.scrollWidth <= copy.clientWidth && copy.scrollHeight <= copy.clientHeight + 1;
    return { whole: visible && inside && uncut, detail: `copy visible ${visible}, inside ${inside}, uncut ${uncut}` };
  });
}

test('the search box shows its whole placeholder on a phone, at 390 and at 360 px', async ({ page }) => {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/browse');
    await expect(page.getByLabel('Search items')).toHaveAttribute('placeholder', 'Search items by title, description or tags...');
    const shown = await placeholderShownWhole(page, 'Search items');
    expect(shown.whole, `${width}px: ${shown.detail}`).toBe(true);
    // Typing hides it, as a placeholder does.
    await page.getByLabel('Search items').fill('lamp');
    expect((await placeholderShownWhole(page, 'Search items')).whole).toBe(false);
  }
});

test('on a tablet the menu opens as a panel under its button, not across the whole width', SCREENSHOT, async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUp(page, uniqueName('tablet'));
  await page.goto('/home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const close = page.getByRole('button', { name: 'Close menu' });
  const panel = page.locator(`[id="${(await close.getAttribute('aria-controls'))!}"]`);
  await expect(panel.getByRole('link', { name: 'Settings' })).toBeVisible();
  const [box, button] = [(await panel.boundingBox())!, (await close.boundingBox())!];
  expect(box.width).toBeLessThan(400);
  // Right-aligned with the button above it, and wholly on the screen.
  expect(Math.abs(box.x + box.width - (button.x + button.width))).toBeLessThanOrEqual(8);
  expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
  expect(box.x).toBeGreaterThan(0);
  await screenshot(page, 'polish/menu-tablet');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('the open phone menu keeps focus: Tab and Shift+Tab go round it, Escape closes it and returns focus', async ({ page }) => {
  await signUp(page, uniqueName('menu'));
  await page.goto('/home');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  const panelId = (await close.getAttribute('aria-controls'))!;
  // The panel's links load with it (its code is fetched when the button is first focused).
  await expect(page.locator(`[id="${panelId}"]`).getByRole('link', { name: 'Home' })).toBeVisible();
  const insideMenu = () =>
    page.evaluate((id) => {
      const el = document.activeElement;
      return Boolean(el && (document.getElementById(id)?.contains(el) || el.getAttribute('aria-controls') === id));
    }, panelId);
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    expect(await insideMenu(), `after ${i + 1} Tab presses`).toBe(true);
  }
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await insideMenu(), `after ${i + 1} Shift+Tab presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('the Block button in a conversation says Block in words on a phone', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await signUp(ownerPage, uniqueName('blockee'));
  const item = await postItemViaApi(ownerPage, `Stool ${uniqueName('b')}`, { latitude: 40.72, longitude: -73.99 });
  await ownerContext.close();
  await signUp(page, uniqueName('blocker'));
  const conversation = await apiPost<{ id: number }>(page, `/api/items/${item.id}/messages`, { body: 'Still there?' });
  await page.goto(`/messages/${conversation.id}`);
  const block = page.getByRole('button', { name: `Block ${owner}` });
  await expect(block).toBeVisible({ timeout: 30_000 });
  // The word itself is on screen, not only for screen readers.
  const visibleWords = await block.evaluate((button) => {
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    const words: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const rect = node.parentElement!.getBoundingClientRect();
      if (rect.width > 2 && rect.height > 2 && node.textContent?.trim()) words.push(node.textContent.trim());
    }
    return words.join(' ');
  });
  expect(visibleWords).toContain('Block');
  await block.click();
  await expect(page.getByRole('alertdialog', { name: `Block ${owner}?` })).toBeVisible();
});

test('no serious or critical axe violation on the visitor pages and the not-found page (phone)', SCREENSHOT, async ({ page }) => {
  test.setTimeout(240_000);
  await axeVisitorPages(page, 'phone');
});

test('every signed-in page opens (phone); axe checks them in the Spanish walk', SCREENSHOT, async ({ page, browser }) => {
  test.setTimeout(240_000);
  await visitSignedInPages(browser, page, 'phone');
});
