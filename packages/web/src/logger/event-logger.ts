// The app's event logger: builds spec log events, batches them and sends them by beacon or fetch.
import { LOG_DEBOUNCE_MS, LOG_EVENTS_PER_SEND, type LogEvent, type LogEventType } from '@nezha/core';
import { nanoid } from '@reduxjs/toolkit';
import { api } from '../api/client';
import { getGuestToken } from '../api/guest-token';
import { EventQueue, takeBatch } from './event-queue';
import { batchKey, createLogEventBuilder, logEndpoint, sourceOfPath } from './log-event-builder';

function sendEvents(batch: LogEvent[]): void {
  const endpoint = logEndpoint(batch);
  if (typeof navigator.sendBeacon === 'function') {
    const form = new FormData();
    form.append('events', JSON.stringify(batch));
    // A beacon cannot carry headers: the embedded page's guest token goes in the body (Superset's guest_token).
    const guest = getGuestToken();
    if (guest) form.append('guest_token', guest);
    if (navigator.sendBeacon(endpoint, form)) return;
  }
  // The answer is not read (spec: "response not parsed"); a lost log event must not bother the user.
  api.post(endpoint, { events: batch }, { redirectOnUnauthorized: false }).catch(() => {});
}

const builder = createLogEventBuilder({
  impressionId: nanoid(),
  now: () => Date.now(),
  newId: () => nanoid(),
  visibility: () => (document.visibilityState === 'hidden' ? 'hidden' : 'visible'),
  source: () => sourceOfPath(window.location.pathname),
});

const queue = new EventQueue<LogEvent>({
  send: sendEvents,
  maxBatch: LOG_EVENTS_PER_SEND,
  delayMs: LOG_DEBOUNCE_MS,
  keyOf: batchKey,
});

let enabled = false;

/** Events are only sent for a signed-in user; the log endpoint refuses anonymous ones. */
export function setLoggingEnabled(value: boolean): void {
  enabled = value;
  if (!value) queue.clear();
}

export function logEvent(eventName: string, payload: Record<string, unknown> = {}, eventType: LogEventType = 'user') {
  if (!enabled) return;
  queue.append(builder.build(eventName, payload, eventType));
}

export function flushEvents(): void {
  queue.flush();
}

/**
 * Sends what is queued by a plain POST and waits for the server to have it: a page that reads the log back (the
 * Home page's recently viewed) must not race the debounce. A batch already sent by beacon cannot be waited for.
 */
export async function flushEventsNow(): Promise<void> {
  if (!enabled || queue.size === 0) return;
  let rest: LogEvent[] = [];
  queue.drainInto((event) => rest.push(event));
  const batches: LogEvent[][] = [];
  while (rest.length > 0) {
    const [batch, after] = takeBatch(rest, LOG_EVENTS_PER_SEND, batchKey);
    batches.push(batch);
    rest = after;
  }
  await Promise.all(
    batches.map((batch) =>
      api.post(logEndpoint(batch), { events: batch }, { redirectOnUnauthorized: false }).catch(() => {}),
    ),
  );
}

// A beacon is the one way to get the last events out while the page goes away.
window.addEventListener('pagehide', flushEvents);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushEvents();
});
