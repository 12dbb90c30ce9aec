import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { META_DESCRIPTION_MAX, PRODUCT_NAME } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { selectItem } from '../features/items/repository.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const truncate = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The site's absolute address: PUBLIC_URL, or what this request was sent to. */
function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

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
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`, `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * Serves the built client: its files (hashed assets cached for a year), index.html for every page
 * path the client router knows, and for /items/:id an index.html that already carries the item's
 * title, description and preview image, so link previews work without JavaScript.
 */
export function registerClient(app: FastifyInstance, clientDir: string | undefined): void {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml && clientDir) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: safe to cache for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    app.get<{ Params: { id: string } }>('/items/:id', async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const item = id === undefined ? undefined : await selectItem(app.db, id);
      if (!item) return reply.status(404).send(indexHtml);
      const origin = siteOrigin(app, request);
      const image = item.imageUrl.startsWith('http') ? item.imageUrl : `${origin}${item.imageUrl}`;
      return withMeta(indexHtml, {
        title: `${item.title} | ${PRODUCT_NAME}`,
        description: truncate(item.description, META_DESCRIPTION_MAX),
        image,
        url: `${origin}/items/${item.id}`,
        type: 'article',
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets|uploads)(\/|$)/.test(request.url);
    if (isPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    if (isPage) {
      return reply.status(404).type('text/plain').send('The client is not built: run `npm run build`.');
    }
    return reply.status(404).send({ message: MSG.notFound });
  });
}
