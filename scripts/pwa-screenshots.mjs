#!/usr/bin/env node
// The web app manifest's screenshots (the richer install dialog shows them): /browse on a phone
// (narrow, 390x844) and on a computer (wide, 1280x800), taken from a running server with the demo
// content (`npm run dev`, or the built app with SEED_DEMO=true). Commit the PNGs.
//
//   node scripts/pwa-screenshots.mjs [http://127.0.0.1:3001]
/* global document, innerHeight -- the page's, in waitForFunction */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, findChromium } from './browser.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3001';
const out = fileURLToPath(new URL('../src/client/public/screenshots', import.meta.url));
const shots = [
  { file: 'browse-narrow.png', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { file: 'browse-wide.png', viewport: { width: 1280, height: 800 } },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const { file, ...options } of shots) {
    const context = await browser.newContext({ ...options, deviceScaleFactor: 1, serviceWorkers: 'block', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${base}/browse`);
    await page.locator('main img').first().waitFor({ timeout: 30_000 });
    // The photos in view have arrived (the ones below the fold load lazily, never for this shot).
    await page.waitForFunction(() =>
      [...document.images]
        .filter((img) => img.getBoundingClientRect().top < innerHeight)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    // The cards' photos fade in once loaded.
    await page.waitForTimeout(1000);
    const shot = await page.screenshot();
    await sharp(shot).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(path.join(out, file));
    console.log(`wrote src/client/public/screenshots/${file}`);
    await context.close();
  }
} finally {
  await browser.close();
}
