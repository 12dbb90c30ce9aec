import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FIRST_PAGE, META_DESCRIPTION_MAX, PAGE_SIZE, PRODUCT_NAME } from '#shared/constants.js';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_CODES } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { isPagePath } from '#shared/routes.js';
import { thumbnailUrlOf } from '#shared/item-format.js';
import { translate } from '../i18n.js';
import { syncPlugin } from './sync-plugin.js';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const truncate = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * The site's absolute address: PUBLIC_URL (which production requires), else this machine's port.
 * Never the request's Host header: its sender chooses it, and it would end up in cached previews.
 */
export function siteOrigin(app: FastifyInstance): string {
  return app.config.publicUrl ?? `http://localhost:${app.config.port}`;
}

/**
 * `html` with `text` put just before `</head>`. The replacement is a function, never a string: in a
 * replacement string `$&`, `` $` ``, `$'` and `$$` are patterns, and an item's title may hold them.
 */
const beforeHeadEnd = (html: string, text: string) => html.replace('</head>', () => `${text}\n  </head>`);

/** index.html with the page's title, description and link-preview tags filled in. */
function withMeta(html: string, meta: { title: string; description: string; image?: string; url: string; type: string }): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
          `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ].join('\n    ');
  // index.html spreads its description over several lines: every spelling of it goes, one stays.
  return beforeHeadEnd(html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="description"[^>]*>/g, ''), `    ${tags}`);
}

/**
 * A path as loosely as anything between the browser and the router might read it: percent-decoded,
 * backslashes as slashes, empty and dot segments resolved, in lower case. It only decides whether an
 * unknown path gets the page or a JSON 404: `/%61pi/x`, `/API/x` or `//api/x` are API paths, never
 * answered with the app's HTML.
 */
function loosePath(url: string): string {
  let pathname = url.split(/[?#]/)[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as sent.
  }
  const segments: string[] = [];
  for (const segment of pathname.replace(/\\/g, '/').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

type Encoding = 'br' | 'gzip';

/** The best compression the browser accepts (Brotli first), or none. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

const compress = (html: string, encoding: Encoding) =>
  encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
    : gzipSync(html);

/**
 * Sends a page's HTML, never cached without a check, compressed when the browser accepts it.
 * `compressed` keeps the compressed copies of an HTML text that every request shares.
 */
function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  { html, compressed }: { html: string; compressed?: Map<Encoding, Buffer> },
) {
  // The language of the page follows the device's cookie, else Accept-Language (src/server/i18n.ts).
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language, Cookie');
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(html);
  let body = compressed?.get(encoding);
  if (!body) {
    body = compress(html, encoding);
    compressed?.set(encoding, body);
  }
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * The public pages whose code the HTML asks for at once, by the first segment of their path: each
 * is a lazy route of the client router (src/client/app/router.tsx), named as in the build manifest.
 * Without this the browser learns of a page's chunk only after running the main script: one more
 * round trip before anything shows. A name the manifest lacks just means no preload. `data` are
 * the API reads the page starts with, fetched alongside the scripts (the client's URLs exactly,
 * or the preload is wasted).
 */
const PAGES: Record<string, { module: string; data?: string[] }> = {
  browse: { module: 'pages/browse-page.tsx', data: [`/api/items?page=${FIRST_PAGE}&limit=${PAGE_SIZE}`] },
  items: { module: 'pages/item-detail-page.tsx' },
  auth: { module: 'pages/auth-page.tsx' },
  search: { module: 'pages/search-page.tsx' },
  u: { module: 'pages/user-profile-page.tsx' },
  'reset-password': { module: 'pages/reset-password-page.tsx' },
  'terms-of-service': { module: 'pages/terms-of-service-page.tsx' },
  'privacy-policy': { module: 'pages/privacy-policy-page.tsx' },
};

/** A preload of the page's largest picture. */
const imagePreload = (url: string) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}">`;

/** A preload of an API read the client makes with `credentials: 'include'` (lib/request.ts). */
const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`;

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

function readManifest(clientDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** The chunk files `key` needs before it runs: itself and its static imports, transitively. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) chunkFiles(manifest, dep, seen);
  return seen;
}

/** For each page of PAGES, the preload links of its API reads and of the chunks that index.html does not already load. */
function pagePreloads(manifest: Manifest): Map<string, string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? chunkFiles(manifest, entry) : new Set<string>();
  const links = new Map<string, string>();
  for (const [segment, { module, data = [] }] of Object.entries(PAGES)) {
    const files = [...chunkFiles(manifest, module)].filter((file) => !loaded.has(file));
    const tags = [...data.map(fetchPreload), ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)];
    if (tags.length > 0) links.set(segment, tags.join('\n    '));
  }
  return links;
}

/** What an item page's HTML says about the item. */
export interface ItemPageMeta {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
}

/** The item look-ups the page routes need; app.ts passes them in from the items feature. */
interface ClientItemLookups {
  /** The item with this id, or undefined. */
  itemPageMeta(id: number): Promise<ItemPageMeta | undefined>;
  /** The photo of the first item /browse shows, if any. */
  newestListedImage(): Promise<string | undefined>;
  /** Whether a profile page has someone to show: an account by that name that is not hidden. */
  profileListed(username: string): Promise<boolean>;
}

type Page = { html: string; compressed: Map<Encoding, Buffer> };
const page = (html: string): Page => ({ html, compressed: new Map() });

/**
 * index.html in a language: `<html lang>`, the description, and a preload of the language's `core`
 * catalogue (the texts the first render waits for: scripts/vite-locales.mjs), fetched beside the
 * scripts instead of after them.
 */
function inLanguage(html: string, language: Language, manifest: Manifest): string {
  const catalogue = manifest[`../../virtual:catalogue/${language}/core`]?.file;
  const localised = html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace('href="/manifest.webmanifest"', () => `href="${webManifestPath(language)}"`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_all, start: string, end: string) => {
      return `${start}${escapeHtml(translate(language, 'core.meta.description'))}${end}`;
    });
  return catalogue ? beforeHeadEnd(localised, `  <link rel="modulepreload" crossorigin href="/${catalogue}">`) : localised;
}

/** The web app manifest of a language: the build's own for English, a copy in its words for another. */
const webManifestPath = (language: Language) =>
  language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;

/** The build's web app manifest (vite.config.ts) with the texts a person reads in `language`. */
function webManifestIn(manifest: Record<string, unknown>, language: Language): string {
  const screenshots = Array.isArray(manifest.screenshots) ? (manifest.screenshots as { form_factor?: string }[]) : [];
  return JSON.stringify({
    ...manifest,
    lang: language,
    description: translate(language, 'core.meta.description'),
    screenshots: screenshots.map((shot) => ({
      ...shot,
      label: translate(language, shot.form_factor === 'wide' ? 'server.manifest.screenshotWide' : 'server.manifest.screenshotNarrow'),
    })),
  });
}

/**
 * Serves the built client: its files (hashed assets cached for a year), index.html for every page
 * path the client router knows (src/shared/routes.ts; any other path gets it too, with a 404), and
 * for /items/:id an index.html that already carries the item's title, description and preview
 * image, so link previews work without JavaScript.
 */
export interface ClientOptions {
  /** The built client (dist/client); unset or without index.html, pages answer how to build it. */
  clientDir: string | undefined;
  lookups: ClientItemLookups;
}

function client(app: FastifyInstance, { clientDir, lookups }: ClientOptions): void {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const manifest = clientDir ? readManifest(clientDir) : {};
  const preloads = pagePreloads(manifest);
  // Each language's index.html, and each page's (with its chunks preloaded), made once at start.
  const byLanguage = new Map(
    LANGUAGE_CODES.map((language) => {
      const html = indexHtml ? inLanguage(indexHtml, language, manifest) : '';
      const pages = new Map([...preloads].map(([segment, links]) => [segment, page(beforeHeadEnd(html, `  ${links}`))]));
      return [language, { defaultPage: page(html), pages }] as const;
    }),
  );
  /** The HTML of a page path in a language: index.html, with the page's own chunks preloaded when known. */
  const pageFor = (url: string, language: Language) => {
    const { defaultPage, pages } = byLanguage.get(language)!;
    return pages.get(url.split(/[/?#]/)[1] ?? '') ?? defaultPage;
  };
  /** The page's language: the device's cookie, else Accept-Language (no database read for a page). */
  const pageLanguage = (request: FastifyRequest) => request.language({ account: false });

  if (indexHtml && clientDir) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of scripts and styles (vite.config.ts): sent to the
      // browsers that accept them, compressed once at build time rather than on every request.
      preCompressed: true,
      // Build output that is not for browsers (.vite/manifest.json, read by the budget check).
      allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: safe to cache for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    // The manifest in each other language, linked from that language's pages (the name is the
    // product's own in every language; the description and the screenshots' labels are translated).
    const manifestFile = path.join(clientDir, 'manifest.webmanifest');
    const webManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>) : undefined;
    for (const language of LANGUAGE_CODES) {
      if (!webManifest || language === DEFAULT_LANGUAGE) continue;
      const body = webManifestIn(webManifest, language);
      app.get(webManifestPath(language), (_request, reply) =>
        reply.type('application/manifest+json').header('cache-control', 'no-cache').send(body),
      );
    }

    // /browse starts with the newest items: its largest paint is the first card's photo, so the
    // HTML names that photo, which then loads beside the scripts instead of after the list.
    app.get('/browse', async (request, reply) => {
      const browsePage = pageFor(request.url, await pageLanguage(request));
      let first: string | undefined;
      try {
        first = await lookups.newestListedImage();
      } catch (err) {
        request.log.warn({ err }, 'no photo preload for /browse');
      }
      if (!first) return sendHtml(request, reply, browsePage);
      const html = beforeHeadEnd(browsePage.html, `  ${imagePreload(thumbnailUrlOf(first))}`);
      return sendHtml(request, reply, { html });
    });

    // A profile of nobody (or of a hidden account, as its API answers) is the app's page with a 404:
    // the page itself says 'User not found'.
    for (const profilePath of ['/u/:username', '/users/:username']) {
      app.get<{ Params: { username: string } }>(profilePath, async (request, reply) => {
        const profilePage = pageFor(request.url, await pageLanguage(request));
        const listed = await lookups.profileListed(request.params.username);
        return sendHtml(request, listed ? reply : reply.status(404), profilePage);
      });
    }

    app.get<{ Params: { id: string } }>('/items/:id', async (request, reply) => {
      const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const item = id === undefined ? undefined : await lookups.itemPageMeta(id);
      const itemPage = pageFor(request.url, await pageLanguage(request));
      if (!item) return sendHtml(request, reply.status(404), itemPage);
      const origin = siteOrigin(app);
      // A want posted without a photo has none ('') to preview or preload.
      const image = !item.imageUrl ? undefined : item.imageUrl.startsWith('http') ? item.imageUrl : `${origin}${item.imageUrl}`;
      // The item's own reads and its photo (the largest paint) start with the scripts.
      const preloads = [
        fetchPreload(`/api/items/${item.id}`),
        fetchPreload('/api/config'),
        ...(item.imageUrl ? [imagePreload(item.imageUrl)] : []),
      ].join('\n    ');
      const html = withMeta(beforeHeadEnd(itemPage.html, `  ${preloads}`), {
        title: `${item.title} | ${PRODUCT_NAME}`,
        description: truncate(item.description, META_DESCRIPTION_MAX),
        image,
        url: `${origin}/items/${item.id}`,
        type: 'article',
      });
      return sendHtml(request, reply, { html });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets|uploads)(\/|$)/.test(loosePath(request.url));
    const language = await pageLanguage(request);
    // Any other path gets the same app with 404: the client router shows its not-found page there.
    if (isPage && indexHtml)
      return sendHtml(request, isPagePath(request.url.split(/[?#]/)[0]!) ? reply : reply.status(404), pageFor(request.url, language));
    if (isPage) {
      return reply.status(404).type('text/plain').send('The client is not built: run `npm run build`.');
    }
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ message: translate(language, MSG.notFound) });
  });
}

/** The client plugin: it answers every path no other route does (its not-found handler is the app's). */
export const clientPlugin = fp(syncPlugin(client), { name: 'client', dependencies: ['language'] });
