// Batching rules of event logging (spec charts-dashboards §9): 1-second debounce, at most 1024 per send.
import { describe, expect, it } from 'vitest';
import { EventQueue, type Timers, takeBatch } from './event-queue';

function fakeTimers() {
  let now = 0;
  let pending: { at: number; callback: () => void; handle: number } | undefined;
  let next = 1;
  const timers: Timers = {
    set: (callback, ms) => {
      pending = { at: now + ms, callback, handle: next++ };
      return pending.handle;
    },
    clear: (handle) => {
      if (pending?.handle === handle) pending = undefined;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    if (pending && pending.at <= now) {
      const { callback } = pending;
      pending = undefined;
      callback();
    }
  };
  return { timers, advance };
}

function queueWith(maxBatch = 1024, keyOf?: (event: number) => string) {
  const sent: number[][] = [];
  const clock = fakeTimers();
  const queue = new EventQueue<number>({
    send: (batch) => sent.push(batch),
    maxBatch,
    delayMs: 1000,
    keyOf,
    timers: clock.timers,
  });
  return { queue, sent, advance: clock.advance };
}

describe('event queue', () => {
  it('sends nothing before the 1-second debounce ends', () => {
    const { queue, sent, advance } = queueWith();
    queue.append(1);
    advance(999);
    expect(sent).toEqual([]);
    advance(1);
    expect(sent).toEqual([[1]]);
  });

  it('restarts the debounce on each event, so a burst leaves in one send', () => {
    const { queue, sent, advance } = queueWith();
    queue.append(1);
    advance(600);
    queue.append(2);
    advance(600);
    expect(sent).toEqual([]);
    advance(400);
    expect(sent).toEqual([[1, 2]]);
  });

  it('sends at most 1024 events per send', () => {
    const { queue, sent, advance } = queueWith();
    for (let index = 0; index < 2500; index += 1) queue.append(index);
    advance(1000);
    expect(sent.map((batch) => batch.length)).toEqual([1024, 1024, 452]);
    expect(queue.size).toBe(0);
  });

  it('keeps events of different sources in different sends', () => {
    const { queue, sent } = queueWith(1024, (event) => (event < 10 ? 'a' : 'b'));
    for (const event of [1, 2, 11, 12, 3]) queue.append(event);
    queue.flush();
    expect(sent).toEqual([[1, 2], [11, 12], [3]]);
  });

  it('flush sends at once and cancels the pending send', () => {
    const { queue, sent, advance } = queueWith();
    queue.append(1);
    queue.flush();
    advance(2000);
    expect(sent).toEqual([[1]]);
  });

  it('clear drops queued events unsent', () => {
    const { queue, sent, advance } = queueWith();
    queue.append(1);
    queue.clear();
    advance(2000);
    expect(sent).toEqual([]);
  });

  it('takeBatch of nothing is nothing', () => {
    expect(takeBatch([], 10)).toEqual([[], []]);
  });

  it('drainInto hands the queued events over in order and the debounce then sends nothing', () => {
    const { queue, sent, advance } = queueWith();
    queue.append(1);
    queue.append(2);
    const taken: number[] = [];
    queue.drainInto((event) => taken.push(event));
    expect(taken).toEqual([1, 2]);
    expect(queue.size).toBe(0);
    advance(1000);
    expect(sent).toEqual([]);
  });
});
