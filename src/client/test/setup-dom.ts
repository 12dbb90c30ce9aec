// Set-up of the component tests (the 'dom' project of vitest.config.ts): the DOM matchers
// (toBeVisible, toHaveAttribute...), and after each test a clean document and the real globals
// back (tests stub `fetch` at the network edge).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { CLIENT_BUNDLES } from '#shared/i18n.js';
import { loadBundle, startI18n } from '@/lib/i18n';

// jsdom has no ResizeObserver (Radix's checkbox measures itself with one). jsdom lays nothing
// out, so no size ever changes: an observer that never reports is what a browser would do here.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The app's texts in English (the tests read them), every bundle at once.
beforeAll(async () => {
  await startI18n('en');
  for (const bundle of CLIENT_BUNDLES) await loadBundle(bundle);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
