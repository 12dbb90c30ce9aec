import { readFileSync, writeFileSync } from 'node:fs';
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

/** The page of /browse, the page of the JavaScript budget (scripts/bundle-budget.mjs). */
const BROWSE_PAGE = fileURLToPath(new URL('./src/client/pages/browse-page.tsx', import.meta.url));

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const browseClosures = new WeakMap<ModuleGraph, Set<string>>();

/** The modules the /browse page imports statically, directly or not (itself left out), read from the build's module graph. */
function browseModules(graph: ModuleGraph): Set<string> {
  let found = browseClosures.get(graph);
  if (found) return found;
  found = new Set();
  const next = [...(graph.getModuleInfo(BROWSE_PAGE)?.importedIds ?? [])];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (found.has(id) || id.includes('node_modules')) continue;
    found.add(id);
    next.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  browseClosures.set(graph, found);
  return found;
}

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
            files: [
              {
                name: SHARE_FILES_FIELD,
                accept: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', '.jpg', '.jpeg', '.png', '.gif', '.webp'],
              },
            ],
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
      // package.json's "imports" send Node to dist/shared; the bundle takes the sources.
      { find: /^#shared\/(.*)$/, replacement: fileURLToPath(new URL('./src/shared/$1', import.meta.url)) },
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
        // Every page is a lazy route of the router (src/client/app/router.tsx), so a chunk of its own,
        // and Rolldown puts what several pages share into chunks by which pages share it. Two groups
        // on top, for fewer requests on the first load (docs/decisions/008-first-load-chunks.md):
        codeSplitting: {
          groups: [
            // Everything the entry imports statically: one file beside index.html's script.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // What /browse loads besides: its page's static imports (the list, the cards...), one
            // file, shared by the other pages that use some of it (search, profiles, the item page).
            { name: (id, ctx) => (browseModules(ctx).has(id) ? 'public' : null), priority: 1 },
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
