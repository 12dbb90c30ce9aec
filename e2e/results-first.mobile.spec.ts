// Results first on a phone (docs/product.md, Home and Browse): at 360×780 in English and 390×844 in
// Spanish a whole card is on the first screen, and after a search and a filter change the results
// are in view; the Filters sheet is a dialog (title, Escape, focus back); the Map view fills the
// screen under the controls; the item page says how far it is; a visitor on /auth sees shared items.
import { expect, test } from '@playwright/test';
import type { Language } from '../src/shared/i18n.js';
import { apiPost, expectNoSeriousA11yViolations, openFilters, signUp, text, uniqueName, uploadPhotoViaApi } from './fixtures';

const SIZES: { language: Language; viewport: { width: number; height: number } }[] = [
  { language: 'en', viewport: { width: 360, height: 780 } },
  { language: 'es', viewport: { width: 390, height: 844 } },
];

for (const { language, viewport } of SIZES) {
  test(`phone ${viewport.width}×${viewport.height} (${language}): results first, the Filters sheet, the map and the distance`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport,
      locale: language === 'es' ? 'es-ES' : 'en-US',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const t = (id: Parameters<typeof text>[1], values?: Record<string, string | number>) => text(language, id, values);
    await signUp(page, undefined, undefined, language);
    const word = uniqueName('kettle').replace('_', '');
    const title = `${word} on the stove`;
    // A place of its own, exact: 0.01° of latitude from the viewer's place below, about 1.1 km.
    const point = { latitude: -33.91 - (language === 'es' ? 0.1 : 0), longitude: 18.42 };
    const { id } = await apiPost<{ id: number }>(page, '/api/items', {
      title,
      description: 'Whistles when it boils.',
      imageUrl: await uploadPhotoViaApi(page, '#48a'),
      ...point,
      exactLocation: true,
      tags: ['Kitchenware'],
    });

    await page.goto('/browse');
    await expect(page.getByRole('article').first()).toBeInViewport({ ratio: 1 });

    await page.getByRole('searchbox', { name: t('core.browse.searchLabel') }).fill(word);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expect(card).toBeInViewport({ ratio: 1 });

    // The Filters sheet: a dialog named by its title; Escape closes it and the focus goes back.
    const filters = page.getByRole('button', { name: t('core.browse.filters') });
    let sheet = await openFilters(page, language);
    await expect(sheet.getByRole('button', { name: t('core.browse.useMyLocation') })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(filters).toBeFocused();
    sheet = await openFilters(page, language);
    await sheet.getByRole('button', { name: text(language, 'core.browse.typeOffers') }).click();
    await sheet.getByRole('button', { name: t('core.browse.showResults') }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/type=offer/);
    await expect(page.getByRole('button', { name: t('core.browse.filtersCount', { count: 1 }) })).toBeVisible();
    await expect(card).toBeInViewport({ ratio: 1 });
    await expectNoSeriousA11yViolations(page, ['label-content-name-mismatch']);

    // The map fills the screen under the controls.
    await page.getByRole('button', { name: t('core.browse.viewMap'), exact: true }).click();
    const map = page.getByRole('region', { name: t('items.browseMap.label') });
    await expect(map).toBeInViewport({ ratio: 1 });
    const box = (await map.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.height).toBeGreaterThan(viewport.height * 0.55);

    // The item page says how far it is from the place chosen on this device.
    await page.evaluate((place) => localStorage.setItem('sharenearby:place', JSON.stringify(place)), {
      lat: point.latitude + 0.01,
      lng: point.longitude,
    });
    await page.goto(`/items/${id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(t('core.item.kmAway', { km: 1.1 }), { exact: true })).toBeVisible();
    await context.close();
  });
}

test('a visitor on /auth sees shared items under the sign-in card, with Browse Available Items (es, 390×844)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUp(page, undefined, undefined, 'es');
  const title = `${uniqueName('lamp')} de pie`;
  // Far from everything else posted, and the place this device remembers: the nearest item is this one.
  const point = { latitude: -54.8, longitude: -68.3 };
  await apiPost(page, '/api/items', { title, description: 'Funciona bien.', imageUrl: await uploadPhotoViaApi(page), ...point });
  // Signed out: a visitor.
  await context.clearCookies();
  await page.goto('/browse');
  await page.evaluate((place) => localStorage.setItem('sharenearby:place', JSON.stringify(place)), {
    lat: point.latitude,
    lng: point.longitude,
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth/);
  const strip = page.getByRole('region', { name: text('es', 'auth.page.nearHeading') });
  await expect(strip.getByRole('link').first()).toHaveAccessibleName(new RegExp(`^${title}`));
  await expect(page.getByRole('link', { name: text('es', 'auth.page.browse') })).toBeVisible();
  await strip.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, ['label-content-name-mismatch']);
  await context.close();
});
