import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE, type Language, type Message, messageId, messageValues, type MessageValues } from '#shared/i18n.js';
import { MSG, SCHEMA_MSG } from '#shared/messages.js';
import { DatabaseOutage, isDatabaseUnavailable } from './database-outage.js';
import { sqlState } from './db/client.js';
import { isMessageId, translate } from './i18n.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failures for want of the database: counted, and logged one line per interval (database-outage.ts). */
    databaseOutage: DatabaseOutage;
  }
}

/**
 * The one error type of the app: an HTTP status and a message a user may read, as a message id
 * (src/locales) with its values; the error handler answers it in the request's language.
 */
export class AppError extends Error {
  public readonly values: MessageValues | undefined;
  /** A stable name of the error for programs (`{ message, code }`), where a client acts on it. */
  public readonly code: string | undefined;
  /** Fields the answer carries beside `message` and `code`, for a client to say it its own way (e.g. a date in the viewer's zone). */
  public readonly details: Readonly<Record<string, string>> | undefined;

  constructor(
    public readonly statusCode: number,
    message: Message,
    options?: { cause?: unknown; code?: string; details?: Record<string, string> },
  ) {
    super(messageId(message), options);
    this.name = 'AppError';
    this.values = messageValues(message);
    this.code = options?.code;
    this.details = options?.details;
  }
}

export const badRequest = (message: Message) => new AppError(400, message);
export const unauthorized = (message: Message = MSG.notSignedIn) => new AppError(401, message);
export const forbidden = (message: Message) => new AppError(403, message);
export const notFound = (message: Message = MSG.notFound) => new AppError(404, message);
export const conflict = (message: Message) => new AppError(409, message);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Checks every string of a parsed request part, without recursion: false when one (value or key)
 * holds U+0000; lone surrogates in values become U+FFFD, in place.
 */
function cleanRequestText(root: unknown): boolean {
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

/** The first problem of a failed schema validation, phrased for a person in `language`. */
function validationMessage(err: FastifyError, language: Language): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const message = first?.message ?? '';
    // Our schemas carry message ids (src/locales): full sentences in every language.
    if (isMessageId(message)) return translate(language, message as Message);
    // Keys the API does not know (strict objects), named as zod names them: 'Unrecognized key: "name"'.
    if (first?.keyword === 'unrecognized_keys' && Array.isArray(first.params?.keys)) {
      const keys = (first.params.keys as unknown[]).map((key) => `"${String(key)}"`);
      return translate(language, SCHEMA_MSG.unknownKeys, { keys: keys.join(', '), count: keys.length });
    }
    // A body that is not an object at all; other whole-body problems (a rule across fields).
    if (!field)
      return err.validationContext === 'body' && first?.keyword === 'invalid_type'
        ? translate(language, MSG.bodyNotObject)
        : translate(language, MSG.invalidRequest);
    // zod's own defaults ("Invalid input: expected string") are English and name no field: say which one.
    return translate(language, MSG.invalidField, { field });
  }
  return translate(language, MSG.invalidRequest);
}

/**
 * Fastify's own client errors (bad JSON, wrong content type, body too large, too many parts), by
 * code, as our messages; any other 4xx of a library gets the generic one of its status.
 */
const LIBRARY_ERRORS: Record<string, Message> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.invalidRequest,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.bodyTooLarge,
  FST_ERR_CTP_EMPTY_TYPE: MSG.unsupportedMediaType,
  FST_ERR_CTP_INVALID_TYPE: MSG.unsupportedMediaType,
};

function libraryErrorMessage(error: FastifyError, status: number): Message {
  const known = error.code ? LIBRARY_ERRORS[error.code] : undefined;
  if (known) return known;
  if (status === 413) return MSG.bodyTooLarge;
  if (status === 415) return MSG.unsupportedMediaType;
  if (status === 429) return MSG.tooManyRequests;
  return MSG.invalidRequest;
}

/**
 * The language of the answer: the request's (the person's choice, the device's, Accept-Language).
 * With the database away, the stored choice is not read (the cookie and the header still are).
 */
async function answerLanguage(request: FastifyRequest, databaseAway: boolean): Promise<Language> {
  if (typeof request.language !== 'function') return DEFAULT_LANGUAGE;
  try {
    return await request.language({ account: !databaseAway });
  } catch {
    return request.language({ account: false });
  }
}

/** deadlock_detected and serialization_failure: the transaction was rolled back, and may be tried again. */
const TRANSACTION_CONFLICTS = new Set(['40P01', '40001']);

/** Turns every error into `{ message }` JSON in the request's language; unknown ones become a 500 with a logged reference id. */
export function registerErrorHandling(app: FastifyInstance): void {
  const outage = new DatabaseOutage(app.log);
  app.decorate('databaseOutage', outage);
  app.addHook('onClose', (_instance, done) => {
    outage.close();
    done();
  });
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const databaseAway = !(error instanceof AppError) && isDatabaseUnavailable(error);
    const language = await answerLanguage(request, databaseAway);
    const say = (message: Message, values?: MessageValues) => ({ message: translate(language, message, values) });
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const answer = say(error.message as Message, error.values);
      return reply.status(error.statusCode).send({ ...error.details, ...answer, ...(error.code ? { code: error.code } : {}) });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error, language) });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large) carry no internals;
      // each is said in our words, in the request's language.
      return reply.status(status).send(say(libraryErrorMessage(error, status)));
    }
    if (sqlState(error)?.startsWith('22')) {
      // A data exception (a value out of range for its type): the input was at fault, nothing was written.
      request.log.warn({ err: error }, 'data exception from the database');
      return reply.status(400).send(say(MSG.valueOutOfRange));
    }
    if (TRANSACTION_CONFLICTS.has(sqlState(error) ?? '')) {
      // Two requests' transactions met (a deadlock, or a serializable read that no longer holds):
      // PostgreSQL rolled this one back, and the same request sent again normally succeeds. A 409
      // says so to the person; a 503 would make the balancer mark the process failed and resend it
      // (deploy/nginx), which is for a process going away, not for one request's conflict.
      request.log.warn({ err: error }, 'transaction conflict');
      return reply.status(409).send(say(MSG.concurrentChange));
    }
    if (databaseAway) {
      // Not a line per request: one per interval says how many failed (database-outage.ts).
      outage.requestFailed(error);
      return reply.status(503).header('retry-after', '5').send(say(MSG.databaseUnavailable));
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    return reply.status(500).send(say(MSG.internalErrorWithReference, { reference: errorId }));
  });
}
