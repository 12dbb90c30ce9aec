// What a log line says about an error. Drizzle wraps a failed statement in an error whose message,
// `query` and `params` hold the statement and its values (an argon2id hash, a phone number, a
// message's text); pino's own serializer writes all of them out, and its message too. Here a
// database error is told by PostgreSQL's own words and the names it gives (SQLSTATE, table,
// constraint), never a statement or a value: its DETAIL ("Key (username)=(bob)") and the text of
// its query are left out as well.
import os from 'node:os';

/** PostgreSQL's fields (node-postgres's DatabaseError) that name things, never values. */
const NAMING_FIELDS = ['code', 'severity', 'hint', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

type ErrorLike = Error & Record<string, unknown>;

const isError = (value: unknown): value is ErrorLike => value instanceof Error;

/** Drizzle's wrapper around a failed statement: the statement and its values, and the driver's error as its cause. */
const isStatementWrapper = (err: ErrorLike) => ('params' in err || 'query' in err) && isError(err.cause);

/** The error a log may show in place of `err`: past every statement wrapper to the database's own. */
function shown(err: ErrorLike): ErrorLike {
  let e = err;
  for (let depth = 0; depth < 5 && isStatementWrapper(e); depth++) e = e.cause as ErrorLike;
  return e;
}

/** The error's message as a log may show it: a statement wrapper's is its cause's (PostgreSQL's own). */
export function safeErrorMessage(err: unknown): string {
  if (!isError(err)) return String(err);
  const e = shown(err);
  // A wrapper without a cause still holds the statement and values in its message.
  return isStatementWrapper(e) || e.message.startsWith('Failed query:') ? 'a database statement failed' : e.message;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The error as one log line carries it: type, message, PostgreSQL's naming fields, the stack's frames, the cause the same way. */
export function serializeError(err: unknown): SerializedError {
  return serialize(err, 0);
}

function serialize(err: unknown, depth: number): SerializedError {
  if (!isError(err)) return { type: typeof err, message: String(err), stack: '' };
  const e = shown(err);
  // PGlite's classes have minified names.
  const type = e.constructor.name.length > 1 ? e.constructor.name : e.name;
  const message = safeErrorMessage(e);
  // The frames of where the statement was issued (the wrapper's), under a first line with the safe message.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of NAMING_FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  if (isError(e.cause) && depth < 4) out.cause = serialize(e.cause, depth + 1);
  return out;
}

/**
 * The line main.ts writes when the server cannot start, in the format of the server's own log
 * (pino: `level` 60 is fatal), so that log collectors read it like every other line.
 */
export function startFailureLine(err: unknown): string {
  return JSON.stringify({
    level: 60,
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    msg: `Could not start: ${safeErrorMessage(err)}`,
    err: serializeError(err),
  });
}
