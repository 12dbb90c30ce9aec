// ESLint (flat config): `npm run lint` runs it with the format check and the type check.
// TypeScript is linted with type information (the project service reads tsconfig.json); the import
// rules of the layout are the local rule `layers/imports` (scripts/eslint-layers.mjs).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

export default defineConfig(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { layers },
    rules: {
      'layers/imports': 'error',
      // `_`-prefixed names are unused on purpose (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The scripts and the bench are plain JavaScript outside tsconfig.json: linted without types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read answers as parsed JSON (`res.json()` is `any`) and assert on them: the assertion is
    // the type check there, and declaring a type per answer only to satisfy these rules would repeat
    // the schemas the server already validates with. Everywhere else they stay errors.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'tests/**/*.ts', 'src/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
