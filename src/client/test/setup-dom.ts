// Set-up of the component tests (the 'dom' project of vitest.config.ts): the DOM matchers
// (toBeVisible, toHaveAttribute...), and after each test a clean document and the real globals
// back (tests stub `fetch` at the network edge).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no ResizeObserver (Radix's checkbox measures itself with one). jsdom lays nothing
// out, so no size ever changes: an observer that never reports is what a browser would do here.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
