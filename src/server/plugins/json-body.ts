// JSON bodies with a depth limit. The API's bodies nest a few levels; a body of 100 KB can nest
// 50,000, which JSON.parse builds into as many objects and every later walk over the body (the
// NUL check, the schemas, logging) has to get through. The depth is counted on the text first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withValues } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { badRequest } from '../errors.js';

/** The deepest nesting of arrays and objects a JSON body may have. */
export const JSON_DEPTH_MAX = 64;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * no recursion and nothing built. Brackets inside strings do not count. For valid JSON the count is
 * exact; text that is not JSON may pass and is then refused by the parser.
 */
export function jsonTooDeep(text: string, max: number = JSON_DEPTH_MAX): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with one that checks the depth before parsing, then parses as
 * Fastify does (secure-json-parse: `__proto__` and `constructor.prototype` keys refused).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonTooDeep(text)) {
        done(badRequest(withValues(MSG.jsonTooDeep, { max: JSON_DEPTH_MAX })));
        return;
      }
      void parse(request, text, done); // Fastify's parser answers through `done`
    },
  );
}
