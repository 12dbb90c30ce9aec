// ESLint (flat config): `npm run lint` runs it with the format check and the type check.
// TypeScript is linted with type information (the project service reads tsconfig.json); the import
// rules of the layout are the local rule `layers/imports` (scripts/eslint-layers.mjs).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import lingui from 'eslint-plugin-lingui';
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
    // Every text a person reads comes from the catalogues (src/locales, docs/decisions/011): a literal
    // that looks like words (starts with a capital letter, or holds two words) in a component or a
    // client module is an error. Message ids, CSS classes, URLs, keys and other code strings pass.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/test/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: [
            // Not words: no capital first letter and no two words in a row (classes, keys, paths, ids).
            '^(?![A-Z]|.*\\p{L}+\\s+\\p{L}+).*$',
            // Message ids (src/locales/en/<section>.json).
            '^[a-z]+(\\.[A-Za-z0-9_]+)+$',
            // UPPERCASE constants, HTTP methods and header names, MIME types, URLs.
            '^[A-Z0-9_-]+$',
            '^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*)+$',
            '^(https?:|/|mailto:|tel:|data:|#)',
          ],
          ignoreNames: [
            { regex: { pattern: 'className|classNames|variant|size|^on[A-Z]|Class$', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'type',
            'id',
            'key',
            'role',
            'href',
            'to',
            'src',
            'name',
            'method',
            'autoComplete',
            'inputMode',
            'mode',
            'rel',
            'target',
            'displayName',
            'queryKey',
            'accept',
            'sizes',
            'lang',
          ],
          ignoreFunctions: [
            'cn',
            'cva',
            'clsx',
            'Error',
            'console.*',
            'translate',
            't',
            'msg',
            'useT',
            'new URL',
            'URLSearchParams',
            '*.includes',
            '*.startsWith',
            '*.endsWith',
            '*.set',
            '*.get',
            '*.has',
            '*.append',
            '*.setAttribute',
            '*.getAttribute',
            '*.addEventListener',
            '*.removeEventListener',
            '*.querySelector',
            '*.querySelectorAll',
            '*.getElementById',
            'document.createElement',
            'matchMedia',
            'window.matchMedia',
            'apiRequest',
            'request',
            'fetch',
            'lazyPage',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has'],
        },
      ],
    },
  },
  {
    // Tests read answers as parsed JSON (`res.json()` is `any`) and assert on them: the assertion is
    // the type check there, and declaring a type per answer only to satisfy these rules would repeat
    // the schemas the server already validates with. Everywhere else they stay errors.
    files: ['**/*.test.{ts,tsx}', '**/*.explain.ts', '**/explain-helpers.ts', 'e2e/**/*.ts', 'tests/**/*.ts', 'src/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
