// The results backend contract, run against the disk backend and (with NEZHA_TEST_REDIS_URL) the Redis one:
// live entries are served, expired keys answer 'expired', unknown or deleted ones undefined, sweep counts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisResultsBackend } from '../../src/jobs/redis-results-backend.js';
import { DiskResultsBackend, newResultsKey, type ResultsBackend } from '../../src/jobs/results-backend.js';
import { dropKeysUnder, keysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';

const HOUR = 3600 * 1000;

interface Backend {
  name: string;
  url: string | undefined;
  variable: string;
  open(): Promise<{ backend: ResultsBackend; close(): Promise<void> }>;
}

const BACKENDS: Backend[] = [
  {
    name: 'disk',
    url: 'embedded',
    variable: '',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'nezha-results-'));
      return {
        backend: new DiskResultsBackend(path.join(dir, 'results')),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'Redis',
    url: REDIS_URL,
    variable: 'NEZHA_TEST_REDIS_URL',
    async open() {
      const redis = testRedis(REDIS_URL as string);
      const prefix = testKeyPrefix();
      return {
        backend: new RedisResultsBackend(redis, `${prefix}results:`),
        async close() {
          await dropKeysUnder(redis, prefix);
          await redis.quit();
        },
      };
    },
  },
];

for (const kind of BACKENDS) {
  describe.skipIf(!kind.url)(suiteTitle(`results backend contract on ${kind.name}`, kind.url, kind.variable), () => {
    let backend: ResultsBackend;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ backend, close } = await kind.open());
    });
    afterAll(async () => close());

    it('serves a live entry as it was put, owner and payload included', async () => {
      const key = newResultsKey();
      const expiresAt = Date.now() + HOUR;
      const payload = `{"data":[{"name":"naïve ✓"}],"text":"${'x'.repeat(100_000)}"}`;
      await backend.put(key, { expiresAt, userId: 7, payload });
      expect(await backend.get(key)).toEqual({ expiresAt, userId: 7, payload });
      const anonymous = newResultsKey();
      await backend.put(anonymous, { expiresAt, userId: null, payload: '' });
      expect(await backend.get(anonymous)).toEqual({ expiresAt, userId: null, payload: '' });
    });

    it('a payload written piece by piece is served whole once committed, and not before', async () => {
      const key = newResultsKey();
      const expiresAt = Date.now() + HOUR;
      const pieces = ['{"status":"success","data":[', '{"i":1,"s":"naïve ✓"}', ',{"i":2}', '],"query_id":3}'];
      const writer = await backend.open(key, { expiresAt, userId: 9 });
      for (const piece of pieces.slice(0, 2)) await writer.write(piece);
      expect(await backend.get(key)).toBeUndefined();
      for (const piece of pieces.slice(2)) await writer.write(piece);
      await writer.commit();
      expect(await backend.get(key)).toEqual({ expiresAt, userId: 9, payload: pieces.join('') });
      // A later put replaces it, as it replaces any entry.
      await backend.put(key, { expiresAt, userId: 9, payload: '{}' });
      expect(await backend.get(key)).toEqual({ expiresAt, userId: 9, payload: '{}' });
      await backend.delete(key);
      expect(await backend.get(key)).toBeUndefined();
    });

    it('a discarded writer leaves nothing under its key; an empty payload commits as empty', async () => {
      const key = newResultsKey();
      const expiresAt = Date.now() + HOUR;
      const writer = await backend.open(key, { expiresAt, userId: 1 });
      await writer.write('{"status":"success","data":[');
      await writer.discard();
      expect(await backend.get(key)).toBeUndefined();
      const empty = await backend.open(key, { expiresAt, userId: null });
      await empty.commit();
      expect(await backend.get(key)).toEqual({ expiresAt, userId: null, payload: '' });
    });

    it('reads a stored payload as a stream of the very bytes get serves, for a put and a written entry', async () => {
      const text = async (stream: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk));
        return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length };
      };
      const expiresAt = Date.now() + HOUR;
      const small = newResultsKey();
      await backend.put(small, { expiresAt, userId: 4, payload: '{"data":[{"a":"naïve ✓"}]}' });
      const putRead = await backend.read(small);
      if (putRead === undefined || putRead === 'expired') throw new Error(`read answered ${putRead}`);
      expect({ expiresAt: putRead.expiresAt, userId: putRead.userId }).toEqual({ expiresAt, userId: 4 });
      expect((await text(putRead.payload)).text).toBe('{"data":[{"a":"naïve ✓"}]}');
      // Over 2 MB of two-byte characters, written in pieces: read back in several slices, none splitting a character.
      const large = newResultsKey();
      const piece = `{"s":"${'é'.repeat(50_000)}"},`;
      const writer = await backend.open(large, { expiresAt, userId: null });
      for (let i = 0; i < 25; i += 1) await writer.write(piece);
      await writer.commit();
      const streamed = await backend.read(large);
      if (streamed === undefined || streamed === 'expired') throw new Error(`read answered ${streamed}`);
      expect(streamed.userId).toBeNull();
      const read = await text(streamed.payload);
      expect(read.chunks).toBeGreaterThan(1);
      expect(read.text).toBe(piece.repeat(25));
      expect(await backend.get(large)).toMatchObject({ payload: read.text });
      expect(await backend.read(randomUUID())).toBeUndefined();
      expect(await backend.read('../../etc/passwd')).toBeUndefined();
      const gone = newResultsKey();
      await backend.put(gone, { expiresAt: Date.now() - 1000, userId: 1, payload: '{}' });
      expect(await backend.read(gone)).toBe('expired');
      expect(await backend.get(gone)).toBe('expired');
    });

    it('answers undefined for a key never issued and for text that is not a key', async () => {
      expect(await backend.get(randomUUID())).toBeUndefined();
      expect(await backend.get('not-a-key')).toBeUndefined();
      expect(await backend.get('../../etc/passwd')).toBeUndefined();
      await expect(
        backend.put('not-a-key', { expiresAt: Date.now() + HOUR, userId: 1, payload: '{}' }),
      ).rejects.toThrow('invalid results key');
    });

    it("answers 'expired' for a key past its expiry, on every later read too", async () => {
      const key = newResultsKey();
      await backend.put(key, { expiresAt: Date.now() - 1000, userId: 1, payload: '{}' });
      expect(await backend.get(key)).toBe('expired');
      expect(await backend.get(key)).toBe('expired');
    });

    it("answers 'expired' once a short expiry passes", async () => {
      const key = newResultsKey();
      await backend.put(key, { expiresAt: Date.now() + 300, userId: 1, payload: '{"data":[]}' });
      expect(await backend.get(key)).toMatchObject({ payload: '{"data":[]}' });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await backend.get(key)).toBe('expired');
    });

    it('forgets a deleted key: it reads as never issued', async () => {
      const key = newResultsKey();
      await backend.put(key, { expiresAt: Date.now() + HOUR, userId: 1, payload: '{}' });
      await backend.delete(key);
      expect(await backend.get(key)).toBeUndefined();
      await backend.delete('not-a-key');
    });

    it('serves a key put again after it expired', async () => {
      const key = newResultsKey();
      await backend.put(key, { expiresAt: Date.now() - 1000, userId: 1, payload: 'old' });
      expect(await backend.get(key)).toBe('expired');
      await backend.put(key, { expiresAt: Date.now() + HOUR, userId: 1, payload: 'new' });
      expect(await backend.get(key)).toMatchObject({ payload: 'new' });
    });

    it('sweep removes expired entries, counts them once, and leaves live ones', async () => {
      // Whatever earlier tests left expired is swept first, so the count below is this test's own.
      await backend.sweep();
      const live = newResultsKey();
      const gone = [newResultsKey(), newResultsKey()];
      await backend.put(live, { expiresAt: Date.now() + HOUR, userId: 1, payload: 'live' });
      for (const key of gone) await backend.put(key, { expiresAt: Date.now() - 1000, userId: 1, payload: 'gone' });
      expect(await backend.sweep()).toBe(2);
      expect(await backend.sweep()).toBe(0);
      for (const key of gone) expect(await backend.get(key)).toBe('expired');
      expect(await backend.get(live)).toMatchObject({ payload: 'live' });
    });
  });
}

describe.skipIf(!REDIS_URL)(
  suiteTitle('results backend on Redis: what it keeps', REDIS_URL, 'NEZHA_TEST_REDIS_URL'),
  () => {
    let redis: Redis;
    const prefix = testKeyPrefix();
    beforeAll(() => {
      redis = testRedis(REDIS_URL as string);
    });
    afterAll(async () => {
      await dropKeysUnder(redis, prefix);
      await redis.quit();
    });

    it('keeps each entry under the prefix with a Redis expiry, and drops it when it expires', async () => {
      const backend = new RedisResultsBackend(redis, `${prefix}results:`);
      const key = newResultsKey();
      await backend.put(key, { expiresAt: Date.now() + HOUR, userId: 3, payload: '{}' });
      const ttl = await redis.pttl(`${prefix}results:${key}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(HOUR);
      expect(await keysUnder(redis, prefix)).toEqual([`${prefix}results:${key}`, `${prefix}results:live`]);
      await backend.put(key, { expiresAt: Date.now() - 1, userId: 3, payload: '{}' });
      expect(await redis.exists(`${prefix}results:${key}`)).toBe(0);
      expect(await backend.get(key)).toBe('expired');
    });
  },
);
