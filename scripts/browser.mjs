// Finds a Chromium for the browser tests. Playwright cannot download its own browser on the
// machines this project runs on, so the system's Chromium is used (Debian package `chromium`), and
// for most tests its headless shell (`chromium-headless-shell`, Chromium's old headless mode, the
// browser Playwright itself runs headless tests in): the full browser's headless mode also runs its
// own interface pages, about a third more processor time on a two-core machine. The full browser
// stays for what the shell lacks (the service worker's notifications) and for Lighthouse.
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

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The path of a Chromium: $CHROMIUM_PATH, a usual install place, or undefined. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(executable);
}

/** The browser of most browser tests: $CHROMIUM_PATH when set, else the headless shell, else the full Chromium. */
export function findTestBrowser() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return executable(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/**
 * Finds Chromium or, as root on Debian, installs it (and its headless shell for the tests) with
 * apt-get; otherwise explains and exits.
 */
export function ensureChromium() {
  let found = findChromium();
  const missing = [
    ...(found ? [] : ['chromium', 'fonts-liberation']),
    ...(process.env.CHROMIUM_PATH || executable(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length > 0 && canInstallPackages() && !process.env.CHROMIUM_PATH) {
    console.log(`Installing the Debian packages ${missing.join(', ')} with apt-get (once)...`);
    installPackages(missing);
    found = findChromium();
  }
  if (found) return found;
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
