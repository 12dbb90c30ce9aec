import type { OutgoingHttpHeaders } from 'node:http';
import { MSG } from '#shared/messages.js';
import { AppError, unauthorized } from '../../errors.js';
import { signedIn } from '../../plugins/guards.js';
import type { LiveStream } from '../../plugins/live.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';

/** How long a browser waits before it reconnects a dropped stream (the `retry:` field). */
const RECONNECT_MS = 3000;
/** A client that does not read its stream: past this much unsent, the stream is ended (it reconnects and fetches anew). */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** setTimeout's longest wait; a session ending later is checked again when its stream reconnects. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/events: the signed-in user's live updates as Server-Sent Events (docs/decisions/015).
 * Each event names what changed (ids and counts); the page fetches it through the usual routes.
 */
export const liveRoutes: FeatureRoutes = (app) => {
  const { heartbeatMs } = app.config.live;

  app.get('/events', { preValidation: signedIn }, async (request, reply) => {
    const session = await app.sessions.current(request);
    if (!session) throw unauthorized();
    const raw = reply.raw;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      raw.end();
    };
    const stream: LiveStream = {
      userId: session.user.id,
      sessionId: session.sessionId,
      send(type, id, data) {
        if (ended) return;
        if (raw.writableLength > MAX_BUFFERED_BYTES) return end();
        raw.write(`event: ${type}\nid: ${id}\ndata: ${data}\n\n`);
      },
      end,
    };
    const outcome = app.live.add(stream);
    if (outcome !== 'added') {
      request.log.warn({ userId: stream.userId, outcome, open: app.live.size }, 'live stream refused');
      throw new AppError(429, MSG.tooManyRequests);
    }

    const heartbeat = setInterval(() => {
      if (!ended) raw.write(': keep-alive\n\n');
    }, heartbeatMs);
    // The session's end (its expiry, or its absolute age) ends the stream; sign-out ends it through the hub.
    const expiry = setTimeout(end, Math.min(Math.max(session.expiresAt.getTime() - Date.now(), 0), LONGEST_TIMER_MS));
    raw.on('close', () => {
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      app.live.remove(stream);
    });

    // The answer is written by hand from here on: the headers set so far (security headers) and those of a stream.
    reply.hijack();
    request.raw.socket.setNoDelay(true);
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) must pass each event on at once, not buffer or compress the stream.
      'x-accel-buffering': 'no',
      'content-encoding': 'identity',
      connection: 'keep-alive',
    });
    // An id from the start, so that even a stream that got no event yet says Last-Event-ID when it reconnects.
    raw.write(`retry: ${RECONNECT_MS}\nid: ${app.live.nextId()}\n\n`);
    // A reconnect: events sent while it was away are not kept, so the page fetches anew.
    if (request.headers['last-event-id'] !== undefined) stream.send('resync', app.live.nextId(), '{}');
  });
};
