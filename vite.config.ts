import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), tailwindcss(), inlineEntryCss(), precompress()],
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
