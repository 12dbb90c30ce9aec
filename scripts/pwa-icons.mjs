#!/usr/bin/env node
// The installable app's icons (docs/decisions/019-service-worker.md), drawn from the house mark of
// src/client/public/favicon.svg: run after a change of the mark and commit the PNGs.
//
//   node scripts/pwa-icons.mjs
//
// - icon-192.png, icon-512.png: the mark as it is (rounded square), purpose "any".
// - icon-maskable-512.png: the green fills the whole square and the house sits inside the central
//   circle of 80 % that every mask shape keeps (purpose "maskable": the phone cuts its own shape).
// - apple-touch-icon.png (180): square and full-bleed, iOS rounds the corners itself.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'src/client/public/icons');
const mark = readFileSync(path.join(root, 'src/client/public/favicon.svg'), 'utf8');
const green = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(mark)?.[1];
const house = /<path[^>]*\/>/.exec(mark)?.[0];
if (!green || !house) throw new Error('favicon.svg no longer has the rect and path this script expects');

/** A full-bleed square with the house scaled by `scale` around the middle of the mark. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${green}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -35)">${house}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  // The house is 30 of 64 units high; 0.95 keeps it well inside the 80 % safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.95) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1.2) },
];

mkdirSync(out, { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`wrote src/client/public/icons/${file} (${size}x${size})`);
}
