// A reader of Server-Sent Events over a real HTTP connection, as a browser's EventSource reads
// them: the server suite, the system suite and the bench open GET /api/events with it.
import http from 'node:http';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused stream (JSON), empty for an open one. */
  body: string;
  events: SseEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** The `retry:` value the server sent, if any. */
  retry?: number;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** The next event of this type (or one already received after `after` events), within `ms`. */
  next(event: string, ms?: number, after?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens `url` (http://host:port/api/events) with these headers (cookie, Last-Event-ID). */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let endedResolve: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const waiters = new Set<() => void>();
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        events: [],
        comments: 0,
        ended,
        next(event, ms = 2000, after = 0) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = stream.events.slice(after).find((e) => e.event === event);
              if (!found) return false;
              clearTimeout(timer);
              waiters.delete(waiter);
              ok(found);
              return true;
            };
            const waiter = () => void check();
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(new Error(`no "${event}" event within ${ms} ms (got ${stream.events.map((e) => e.event).join(', ') || 'none'})`));
            }, ms);
            if (!check()) waiters.add(waiter);
          });
        },
        close() {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        if (stream.status !== 200) {
          stream.body += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '', at: performance.now() };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === '') stream.comments++;
            else if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'retry') stream.retry = Number(value);
            else if (field === 'data') {
              event.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (hasData) stream.events.push(event);
        }
        for (const waiter of [...waiters]) waiter();
      });
      res.on('close', () => endedResolve());
      res.on('end', () => endedResolve());
      // Refused streams are plain JSON answers: resolve once they are read.
      if (stream.status === 200) resolve(stream);
      else res.on('end', () => resolve(stream));
    });
    req.on('error', reject);
  });
}
