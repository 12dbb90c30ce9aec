// Finds a Chromium for the browser tests. Playwright cannot download its own browser on the
// machines this project runs on, so the system's Chromium is used (Debian package `chromium`).
import { canInstallPackages, executable, installPackages } from './debian-packages.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The path of a Chromium: $CHROMIUM_PATH, a usual install place, or undefined. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(executable);
}

/** Finds Chromium or, as root on Debian, installs it with apt-get; otherwise explains and exits. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (canInstallPackages() && !process.env.CHROMIUM_PATH) {
    console.log('No Chromium found: installing the Debian package `chromium` with apt-get (once)...');
    installPackages(['chromium', 'fonts-liberation']);
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.` : '',
      'Install it, then run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install chromium   (or chromium-browser)',
      '  Fedora:         sudo dnf install chromium',
      '  macOS:          brew install --cask chromium, then CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium',
      'or point CHROMIUM_PATH at any Chromium or Chrome binary.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  process.exit(1);
}
