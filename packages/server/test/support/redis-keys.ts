// Redis for the suites that need it: a key prefix of their own per run, and removing every key under it after.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** Unique per call, so runs sharing one Redis (and leftovers of a failed run) never meet. */
export function testKeyPrefix(): string {
  return `nezha-test:${randomUUID()}:`;
}

export function testRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1 });
}

/** Every key under `prefix`, sorted. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return [...new Set(found)].sort();
}

export async function dropKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}

/** A port nothing listens on: taken from the system, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
