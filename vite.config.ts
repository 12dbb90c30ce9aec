import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { locales } from './scripts/vite-locales.mjs';
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH } from './src/shared/share-target';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3001';

// The modules the public pages share (lists, cards, the item page): one chunk, `public` below.
const PUBLIC_MODULES =
  /src[\\/]client[\\/](components[\\/](ui[\\/](badge|input|search-input)|load-error|thumbnail|page-message)|features[\\/]items[\\/](api|use-item-list-state|lib[\\/](item-rules|location-messages|list-url)|components[\\/](item-card|item-list-view|list-empty-state|pager|item-status-badge))|lib[\\/](geolocation|format-date|use-client-config|use-near-viewport))|src[\\/]shared[\\/]item-format/;

/**
 * The icon files (lucide-react/dist/esm/icons/NAME.mjs) that the PUBLIC_MODULES themselves import,
 * read from their sources: only those go into `public` with them. A test on every icon put the
 * icons of the item page, the forms and the menus into /browse's first load (docs/decisions/021).
 */
function publicIcons(): RegExp {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const index = readFileSync(fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url)), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g))
    for (const [, name] of names!.matchAll(/as (\w+)/g)) fileOf.set(name!, file!);
  const files = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || !PUBLIC_MODULES.test(full)) continue;
    for (const [, names] of readFileSync(full, 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g))
      for (const name of names!.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) if (fileOf.has(name)) files.add(fileOf.get(name)!);
  }
  return new RegExp(`lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${[...files].join('|')})\\.mjs$`);
}
const PUBLIC_ICONS = publicIcons();

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
    // The installable app: the web app manifest and the service worker (src/client/sw/sw.ts,
    // docs/decisions/019-service-worker.md). The page registers the worker itself, lazily and
    // with a "new version, reload" prompt (src/client/app/pwa), so nothing is injected in index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The icons are in the glob below already.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'ShareNearby',
        short_name: 'ShareNearby',
        description: 'Share things you no longer need with people nearby, or post a menu and a location to connect with your community.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/browse',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        // --primary and --background of src/client/styles.css (light).
        theme_color: '#15803d',
        background_color: '#f5f5f4',
        categories: ['lifestyle', 'social'],
        // The phone's share sheet: photos shared to the app open Post item with them
        // (src/shared/share-target.ts, docs/decisions/026-share-target.md). The worker takes the first six.
        share_target: {
          action: SHARE_TARGET_PATH,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            files: [{ name: SHARE_FILES_FIELD, accept: ['image/jpeg', 'image/png', 'image/gif', '.jpg', '.jpeg', '.png', '.gif'] }],
          },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/browse-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Items to share nearby, on a phone',
          },
          {
            src: '/screenshots/browse-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Items to share nearby, on a computer',
          },
        ],
      },
      injectManifest: {
        // The app shell: every script, style sheet and index.html, the icons. Not the compressed
        // copies, source maps, screenshots or the build manifest.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/*.map', 'screenshots/**', '.vite/**', 'sw.js'],
        // The map's chunk (Leaflet) is the largest; every chunk is an app page a person may open offline.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
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
              test: (id: string) => PUBLIC_MODULES.test(id) || PUBLIC_ICONS.test(id),
              minShareCount: 2,
              priority: 50,
            },
            // The other icons the pages share: one file, loaded by the pages that show them.
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/, minShareCount: 2, priority: 20 },
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
