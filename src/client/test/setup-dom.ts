// Set-up of the component tests (the 'dom' project of vitest.config.ts): the DOM matchers
// (toBeVisible, toHaveAttribute...), and after each test a clean document and the real globals
// back (tests stub `fetch` at the network edge).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
