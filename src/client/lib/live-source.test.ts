// The tab's live stream as its subscribers meet it: one that joins a stream already open catches up
// (its resync handler runs once), since what the stream sent before it listened is lost to it.
import { afterEach, expect, it, vi } from 'vitest';
import { hold, subscribe } from './live-source';

/** An EventSource that opens when told, as the browser's does when the server answers. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => vi.unstubAllGlobals());

it('a subscriber that joins an open stream resyncs once; one there from the start gets the events themselves', async () => {
  vi.stubGlobal('EventSource', FakeEventSource);
  const early: string[] = [];
  const release = hold();
  const stopEarly = [subscribe('message', () => early.push('message')), subscribe('resync', () => early.push('resync'))];
  FakeEventSource.last!.open();
  FakeEventSource.last!.send('message', { conversationId: 1 });

  const late: string[] = [];
  const stopLate = subscribe('resync', () => late.push('resync'));
  await vi.waitFor(() => expect(late).toEqual(['resync']));
  expect(early).toEqual(['message']);

  for (const stop of [...stopEarly, stopLate]) stop();
  release();
});
