// The in-process async event store: ids in append order, reads after an id, one channel per reader, bounds.
import { describe, expect, it } from 'vitest';
import type { AsyncJob } from './async-event-store.js';
import { MemoryAsyncEventStore } from './memory-async-event-store.js';

const job = (channel: string, jobId: string): AsyncJob => ({
  channel_id: channel,
  job_id: jobId,
  user_id: 1,
  status: 'done',
  errors: [],
  result_url: `/api/v1/chart/data/${jobId}`,
});

describe('MemoryAsyncEventStore', () => {
  it('gives growing ids even when the clock stands still or goes back', async () => {
    const times = [1000, 1000, 999, 1001];
    const store = new MemoryAsyncEventStore(10, 10, () => times.shift() ?? 0);
    const ids = [];
    for (const name of ['a', 'b', 'c', 'd']) ids.push((await store.append(job('x', name))).id);
    expect(ids).toEqual(['1000-0', '1000-1', '1000-2', '1001-0']);
  });

  it('reads the events of one channel after the last id, oldest first', async () => {
    let now = 0;
    const store = new MemoryAsyncEventStore(10, 10, () => (now += 1));
    const first = await store.append(job('mine', 'a'));
    await store.append(job('theirs', 'b'));
    await store.append(job('mine', 'c'));
    expect((await store.readAfter('mine', null)).map((e) => e.job_id)).toEqual(['a', 'c']);
    expect((await store.readAfter('mine', first.id)).map((e) => e.job_id)).toEqual(['c']);
    expect(await store.readAfter('nobody', null)).toEqual([]);
  });

  it('drops the oldest events of a full channel and the stalest channel past the channel bound', async () => {
    let now = 0;
    const store = new MemoryAsyncEventStore(2, 2, () => (now += 1));
    for (const name of ['a', 'b', 'c']) await store.append(job('one', name));
    expect((await store.readAfter('one', null)).map((e) => e.job_id)).toEqual(['b', 'c']);
    await store.append(job('two', 'd'));
    await store.append(job('one', 'e'));
    await store.append(job('three', 'f'));
    expect(await store.readAfter('two', null)).toEqual([]);
    expect((await store.readAfter('one', null)).map((e) => e.job_id)).toEqual(['c', 'e']);
  });

  it('tells the subscribers of a channel of each append there, until they unsubscribe', async () => {
    const store = new MemoryAsyncEventStore();
    const mine: string[] = [];
    const theirs: string[] = [];
    const stop = await store.subscribe('mine', () => mine.push('appended'));
    await store.subscribe('theirs', () => theirs.push('appended'));
    await store.append(job('mine', 'a'));
    await store.append(job('mine', 'b'));
    expect(mine).toEqual(['appended', 'appended']);
    expect(theirs).toEqual([]);
    stop();
    await store.append(job('mine', 'c'));
    expect(mine).toHaveLength(2);
    await store.close();
    await store.append(job('theirs', 'd'));
    expect(theirs).toEqual([]);
  });
});
