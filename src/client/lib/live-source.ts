// The tab's one EventSource on GET /api/events (see live.ts), loaded once someone is signed in.
// Events name what changed (ids, counts); their subscribers make the matching queries stale.
import { setLiveConnected } from './live';

export type LiveEventType = 'message' | 'unread' | 'item' | 'notification' | 'admin' | 'resync';
export type LiveData = Record<string, unknown>;
type Handler = (data: LiveData) => void;

const TYPES: LiveEventType[] = ['message', 'unread', 'item', 'notification', 'admin', 'resync'];
/** After a refusal (signed out, too many streams) the stream is tried again this much later; pages poll meanwhile. */
const RETRY_AFTER_REFUSAL_MS = 60_000;

const handlers = new Map<LiveEventType, Set<Handler>>();
let source: EventSource | null = null;
let holders = 0;
let openedBefore = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch(type: LiveEventType, data: LiveData) {
  for (const handler of handlers.get(type) ?? []) handler(data);
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource('/api/events');
  source = es;
  // A stream made anew after one was closed: what happened in between was not sent, so fetch anew.
  // (When the browser reconnects the same stream, it sends Last-Event-ID and the server says resync.)
  let catchUp = openedBefore;
  es.onopen = () => {
    setLiveConnected(true);
    openedBefore = true;
    if (catchUp) dispatch('resync', {});
    catchUp = false;
  };
  es.onerror = () => {
    setLiveConnected(false);
    // The browser reconnects by itself after a dropped connection; a refused one (401, 429) it gives up.
    if (es.readyState === EventSource.CLOSED) {
      close();
      retryTimer = setTimeout(() => holders > 0 && open(), RETRY_AFTER_REFUSAL_MS);
    }
  };
  for (const type of TYPES) {
    es.addEventListener(type, (event) => {
      try {
        dispatch(type, JSON.parse((event as MessageEvent<string>).data) as LiveData);
      } catch {
        // Not JSON: not an event of this app.
      }
    });
  }
}

function close() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  setLiveConnected(false);
}

/** Keeps the stream open until the answered function is called (shared: it closes when nobody holds it). */
export function hold(): () => void {
  holders++;
  open();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0) close();
  };
}

/** Calls `handler` for each event of this type until the answered function is called. */
export function subscribe(type: LiveEventType, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  // Joining a stream that is already open (a page's code loads after another part of the page opened
  // it): what it sent before this subscriber listened was not seen, so a resync handler runs once.
  if (type === 'resync' && source && source.readyState === EventSource.OPEN) queueMicrotask(() => set.has(handler) && handler({}));
  return () => void set.delete(handler);
}
