import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../shared/messages.js';
import { sqlState } from './db/client.js';

/** The one error type of the app: an HTTP status and a message a user may read. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = MSG.notSignedIn) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

// Connection failures and server shutdowns: the database is away, not the request at fault.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

// What node-postgres says when the connection died (a transaction's ROLLBACK then fails with "not
// queryable", hiding the first error), when no connection could be made in time, and when the pool
// has been closed by a shutdown while a request was still running.
const CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool/i;

function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return sqlState(err)?.startsWith('08') ?? false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Checks every string of a parsed request part, without recursion: false when one (value or key)
 * holds U+0000; lone surrogates in values become U+FFFD, in place.
 */
export function cleanRequestText(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    for (const [key, inner] of Object.entries(v)) {
      if (key.includes('\u0000')) return false;
      if (typeof inner === 'string') {
        if (inner.includes('\u0000')) return false;
        if (LONE_SURROGATE.test(inner)) (v as Record<string, unknown>)[key] = inner.replace(LONE_SURROGATE, '\ufffd');
        LONE_SURROGATE.lastIndex = 0;
      } else stack.push(inner);
    }
  }
  return true;
}

/**
 * PostgreSQL cannot store U+0000 in text: refused up front with a plain 400 (after the session
 * checks and the schema), not left to the database, whose error would read as "out of range" and,
 * in work done after the answer (a reset code), would only be logged. Lone surrogates (JSON can
 * carry them, UTF-8 cannot) become U+FFFD here, as UTF-8 would make them: PGlite otherwise
 * stored such a text cut short.
 */
export function rejectNullCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // A throw here reaches the error handler as the hook's error, as a call of done(error) would.
  if (![request.params, request.query, request.body].every(cleanRequestText)) throw badRequest(MSG.nullCharacter);
  done();
}

/** The first problem of a failed schema validation, phrased for a person. */
function validationMessage(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const message = first?.message ?? 'Invalid input';
    // A body that is not an object at all; other whole-body problems (an unknown key, a rule across fields) keep their message.
    if (!field)
      return err.validationContext === 'body' && first?.keyword === 'invalid_type' ? 'The request body must be a JSON object' : message;
    // Our schemas carry full sentences; zod's defaults ("Invalid input: ...") need the field name.
    return /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(message) ? `${field}: ${message}` : message;
  }
  return err.message;
}

/** Turns every error into `{ message }` JSON; unknown ones become a 500 with a logged reference id. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit) say
      // plainly what went wrong and carry no internals.
      return reply.status(status).send({ message: error.message || 'Bad request' });
    }
    if (sqlState(error)?.startsWith('22')) {
      // A data exception (a value out of range for its type): the input was at fault, nothing was written.
      request.log.warn({ err: error }, 'data exception from the database');
      return reply.status(400).send({ message: 'A value in the request is out of range' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: MSG.databaseUnavailable });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    return reply.status(500).send({ message: `${MSG.internalError} (reference ${errorId})` });
  });
}
