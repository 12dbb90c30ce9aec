import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { locales } from './scripts/vite-locales.mjs';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3001';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script and style sheet, which the
 * server sends to browsers that accept them (@fastify/static `preCompressed`): compressed once at
 * build time with the best settings, not on every request.
 */
function precompress(): Plugin {
  return {
    name: 'sharenearby:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the main style sheet into index.html as a <style> element (the CSP allows inline styles):
 * the first paint then needs the HTML alone, not a second request that shares the slow first
 * bandwidth with every script. About 9 kB compressed; the lazily loaded pages' styles (the map's)
 * stay files.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'sharenearby:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset') return tag;
        return `\n    <style>${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`;
      });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    locales({ localesDir: fileURLToPath(new URL('./src/locales', import.meta.url)) }),
    inlineEntryCss(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src/client', import.meta.url)) },
      // Zod without its `new Function` probe, which the strict CSP refuses (see the module).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle-budget.mjs (the /browse JavaScript budget); not served.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs at once: one file beside index.html's script.
            { name: 'initial', tags: ['$initial'], priority: 60 },
            // What the public pages share (lists, cards, the item page): one file, not twenty.
            {
              name: 'public',
              test: /src[\\/]client[\\/](components[\\/](ui[\\/](badge|input|search-input)|load-error|thumbnail|page-message)|features[\\/]items[\\/](api|lib[\\/](item-rules|location-messages)|components[\\/](item-card|item-list-view|list-empty-state|pager|item-status-badge))|lib[\\/](geolocation|format-date|use-client-config|use-near-viewport))|src[\\/]shared[\\/]item-format|lucide-react[\\/]dist[\\/]esm[\\/]icons/,
              minShareCount: 2,
              priority: 50,
            },
            // Validation (zod and its resolver), loaded by forms when they are first used.
            { name: 'validation', test: /node_modules[\\/](zod|@hookform)[\\/]|zod-jitless/, priority: 45 },
            // Dialogs, menus and toasts (Radix's layers, focus traps, positioning).
            {
              name: 'overlays',
              test: /node_modules[\\/](@radix-ui[\\/](react-(dialog|alert-dialog|dismissable-layer|focus-scope|focus-guards|portal|popper|dropdown-menu|menu|toast|visually-hidden|arrow))|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|detect-node-es|get-nonce)[\\/]|src[\\/]client[\\/]components[\\/](ui[\\/](dialog|alert-dialog)|confirm-dialog)/,
              minShareCount: 2,
              priority: 40,
            },
            // Forms: the form library, the field components and the rest of Radix (tabs, checkbox, label).
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form[\\/]|@radix-ui[\\/](?!react-(dialog|alert-dialog|dismissable-layer|focus-scope|focus-guards|portal|popper|dropdown-menu|menu|toast|visually-hidden|arrow)[\\/]))|src[\\/]client[\\/]components[\\/]ui[\\/](form-field|label|textarea|checkbox|native-select|tabs|switch)/,
              minShareCount: 2,
              priority: 46,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API server runs beside Vite and Vite forwards these paths to it.
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
