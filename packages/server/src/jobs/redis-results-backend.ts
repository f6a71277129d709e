// SQL Lab results on Redis (when NEZHA_REDIS_URL is set): one hash per results key that Redis expires itself,
// and two sorted sets of issued keys, so an expired key still answers 'expired' (410) and an unknown one 404.
import { Readable } from 'node:stream';
import type { ChainableCommander, Redis } from 'ioredis';
import { onRedis } from '../errors/connection-loss.js';
import {
  isResultsKey,
  type ResultsBackend,
  type ResultsWriter,
  type StoredResult,
  type StoredResultStream,
} from './results-backend.js';

/** How long an expired key is remembered as expired; after that it reads as never issued. */
const EXPIRED_KEYS_KEPT_MS = 7 * 24 * 3600 * 1000;

/** How much of a stored payload one read asks Redis for. */
const READ_SLICE_BYTES = 1024 * 1024;

async function run(transaction: ChainableCommander): Promise<unknown[]> {
  const replies = await transaction.exec();
  // null: the transaction was discarded, which only a WATCH does; none is used here.
  if (!replies) throw new Error('Redis discarded the results transaction.');
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

export class RedisResultsBackend implements ResultsBackend {
  /** Issued keys not yet known to have expired, scored by their expiry (ms since epoch). */
  private readonly live: string;
  /** Keys known to have expired, scored by when that was noticed. */
  private readonly expired: string;

  /** @param prefix put before every key, e.g. `nezha:results:` */
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {
    // Results keys are UUIDs, so these two names never meet one.
    this.live = `${prefix}live`;
    this.expired = `${prefix}expired`;
  }

  // Redis down answers 503 with the results backend's type: the query ran, its results cannot be kept or read now.
  put(key: string, entry: StoredResult): Promise<void> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () => this.putNow(key, entry));
  }

  open(key: string, entry: Omit<StoredResult, 'payload'>): Promise<ResultsWriter> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', async () => this.writerNow(key, entry));
  }

  get(key: string): Promise<StoredResult | 'expired' | undefined> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () => this.getNow(key));
  }

  read(key: string): Promise<StoredResultStream | 'expired' | undefined> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () => this.readNow(key));
  }

  delete(key: string): Promise<void> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () => this.deleteNow(key));
  }

  sweep(): Promise<number> {
    return onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () => this.sweepNow());
  }

  private data(key: string): string {
    return this.prefix + key;
  }

  /** A streamed payload's own string key: APPEND grows it batch by batch, which a hash field cannot do. */
  private payloadKey(key: string): string {
    return `${this.prefix + key}.payload`;
  }

  private async writerNow(key: string, entry: Omit<StoredResult, 'payload'>): Promise<ResultsWriter> {
    if (!isResultsKey(key)) throw new Error('invalid results key');
    const staging = `${this.payloadKey(key)}.${process.pid}.staging`;
    // A writer whose process dies leaves a staging key that goes away by itself.
    await this.redis.del(staging);
    const redis = this.redis;
    return {
      write: (chunk) =>
        onRedis(redis, 'RESULTS_BACKEND_ERROR', async () => {
          await run(redis.multi().append(staging, chunk).pexpireat(staging, entry.expiresAt));
        }),
      commit: () =>
        onRedis(redis, 'RESULTS_BACKEND_ERROR', async () => {
          const data = this.data(key);
          const forgetBefore = Date.now() - EXPIRED_KEYS_KEPT_MS;
          // An empty payload never created the staging key; RENAME would fail on it.
          await redis.append(staging, '');
          await run(
            redis
              .multi()
              .del(data)
              .rename(staging, this.payloadKey(key))
              .hset(data, {
                expiresAt: String(entry.expiresAt),
                userId: entry.userId === null ? '' : String(entry.userId),
                external: '1',
              })
              .pexpireat(data, entry.expiresAt)
              .pexpireat(this.payloadKey(key), entry.expiresAt)
              .zadd(this.live, entry.expiresAt, key)
              .zrem(this.expired, key)
              .zremrangebyscore(this.live, '-inf', forgetBefore)
              .zremrangebyscore(this.expired, '-inf', forgetBefore),
          );
        }),
      discard: async () => {
        await redis.del(staging).catch(() => undefined);
      },
    };
  }

  private async putNow(key: string, entry: StoredResult): Promise<void> {
    if (!isResultsKey(key)) throw new Error('invalid results key');
    const data = this.data(key);
    const forgetBefore = Date.now() - EXPIRED_KEYS_KEPT_MS;
    // One transaction: a reader sees the old entry or the whole new one, never a hash without its expiry.
    await run(
      this.redis
        .multi()
        .del(data, this.payloadKey(key))
        .hset(data, {
          expiresAt: String(entry.expiresAt),
          userId: entry.userId === null ? '' : String(entry.userId),
          payload: entry.payload,
        })
        .pexpireat(data, entry.expiresAt)
        .zadd(this.live, entry.expiresAt, key)
        .zrem(this.expired, key)
        // Keys nobody swept or read keep the sets bounded this way.
        .zremrangebyscore(this.live, '-inf', forgetBefore)
        .zremrangebyscore(this.expired, '-inf', forgetBefore),
    );
  }

  private async getNow(key: string): Promise<StoredResult | 'expired' | undefined> {
    if (!isResultsKey(key)) return undefined;
    const [expiresAt, userId, inline, external] = await this.redis.hmget(
      this.data(key),
      'expiresAt',
      'userId',
      'payload',
      'external',
    );
    const payload = external === '1' ? await this.redis.get(this.payloadKey(key)) : inline;
    if (expiresAt != null && userId != null && payload != null) {
      const entry: StoredResult = {
        expiresAt: Number(expiresAt),
        userId: userId === '' ? null : Number(userId),
        payload,
      };
      // Redis's clock decides when the hash goes; this process's clock decides what it serves.
      if (entry.expiresAt > Date.now()) return entry;
      await this.retire(key);
      return 'expired';
    }
    const [live, expired] = await run(this.redis.multi().zscore(this.live, key).zscore(this.expired, key));
    // An issued key whose hash is gone expired, or was evicted by Redis: either way the query must run again.
    return live != null || expired != null ? 'expired' : undefined;
  }

  private async readNow(key: string): Promise<StoredResultStream | 'expired' | undefined> {
    if (!isResultsKey(key)) return undefined;
    const [expiresAt, userId, external] = await this.redis.hmget(this.data(key), 'expiresAt', 'userId', 'external');
    const length = external === '1' ? await this.redis.strlen(this.payloadKey(key)) : 0;
    if (expiresAt == null || userId == null || length === 0 || Number(expiresAt) <= Date.now()) {
      // A payload kept inside the hash (put whole, so small), or an entry that is gone or going: as `get` answers.
      const entry = await this.getNow(key);
      if (entry === undefined || entry === 'expired') return entry;
      return {
        expiresAt: entry.expiresAt,
        userId: entry.userId,
        payload: Readable.from([entry.payload], { objectMode: false }),
      };
    }
    return {
      expiresAt: Number(expiresAt),
      userId: userId === '' ? null : Number(userId),
      payload: Readable.from(this.payloadRanges(this.payloadKey(key), length), { objectMode: false }),
    };
  }

  /** A streamed payload in slices (GETRANGE), so neither Redis's reply nor this process holds it whole. */
  private async *payloadRanges(payloadKey: string, length: number): AsyncGenerator<Buffer> {
    for (let start = 0; start < length; start += READ_SLICE_BYTES) {
      const end = Math.min(start + READ_SLICE_BYTES, length) - 1;
      const slice = await onRedis(this.redis, 'RESULTS_BACKEND_ERROR', () =>
        this.redis.getrangeBuffer(payloadKey, start, end),
      );
      // The key expired or was removed half-way: an answer cut short must not look complete.
      if (slice.length !== end - start + 1) throw new Error('The stored results went away while they were read.');
      yield slice;
    }
  }

  private async deleteNow(key: string): Promise<void> {
    if (!isResultsKey(key)) return;
    await run(
      this.redis.multi().del(this.data(key), this.payloadKey(key)).zrem(this.live, key).zrem(this.expired, key),
    );
  }

  private async sweepNow(): Promise<number> {
    const now = Date.now();
    const due = await this.redis.zrangebyscore(this.live, '-inf', now);
    let removed = 0;
    for (const key of due) {
      if (await this.retire(key)) removed += 1;
    }
    await this.redis.zremrangebyscore(this.expired, '-inf', now - EXPIRED_KEYS_KEPT_MS);
    return removed;
  }

  /** Moves a key from live to expired and drops its hash; false when another process got there first. */
  private async retire(key: string): Promise<boolean> {
    const [moved] = await run(
      this.redis
        .multi()
        .zrem(this.live, key)
        .zadd(this.expired, Date.now(), key)
        .del(this.data(key), this.payloadKey(key)),
    );
    return moved === 1;
  }
}
