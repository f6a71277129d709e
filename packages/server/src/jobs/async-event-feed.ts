// Follows one channel of the async event store for one websocket: the events after the last id it was given, then
// every event appended later, each sent once and in order (Superset's websocket server reads its stream the same way).
import type { AsyncEvent, AsyncEventStore } from './async-event-store.js';

export interface AsyncEventFeed {
  /** Stops following; safe to call more than once. */
  stop(): void;
}

/**
 * Subscribes before the first read, so an event appended while the replay runs is read by the next pass rather than
 * lost. Reads never overlap: a notice that comes during a read asks for one more pass after it.
 */
export async function followAsyncEvents(
  store: AsyncEventStore,
  channelId: string,
  lastId: string | null,
  send: (event: AsyncEvent) => void,
  onError: (error: unknown) => void,
): Promise<AsyncEventFeed> {
  let position = lastId;
  let reading = false;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const events = await store.readAfter(channelId, position);
        for (const event of events) {
          if (stopped) return;
          send(event);
          position = event.id;
        }
      } while (again && !stopped);
    } catch (error) {
      onError(error);
    } finally {
      reading = false;
    }
  }

  const unsubscribe = await store.subscribe(channelId, () => void pass());
  const feed: AsyncEventFeed = {
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
    },
  };
  await pass();
  return feed;
}
