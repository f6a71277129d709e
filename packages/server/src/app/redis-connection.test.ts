// The Redis connection's messages: the URL shown without its password, a refused URL, an unreachable server.
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/support/redis-keys.js';
import { displayRedisUrl, RedisConnection } from './redis-connection.js';

describe('RedisConnection', () => {
  it('shows a URL without its password', () => {
    expect(displayRedisUrl('redis://:s3cret@cache.local:6380/2')).toBe('redis://:***@cache.local:6380/2');
    expect(displayRedisUrl('rediss://app:s3cret@cache.local/0')).toBe('rediss://app:***@cache.local/0');
    expect(displayRedisUrl('redis://127.0.0.1:6379/0')).toBe('redis://127.0.0.1:6379/0');
    expect(displayRedisUrl('not a url s3cret')).not.toContain('s3cret');
  });

  it('refuses a URL that is not redis:// or rediss://, without echoing a password', () => {
    expect(() => new RedisConnection('not a url')).toThrow('NEZHA_REDIS_URL must be a redis:// or rediss:// URL');
    expect(() => new RedisConnection('http://:s3cret@host/')).toThrow(
      /^NEZHA_REDIS_URL must be .*http:\/\/:\*\*\*@host/,
    );
  });

  it('fails its check with a message naming the URL without the password, and stops retrying', async () => {
    const port = await closedPort();
    const logged: string[] = [];
    const connection = new RedisConnection(`redis://:s3cret@127.0.0.1:${port}/0`, { log: (m) => logged.push(m) });
    const failure = await connection.check().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(`Cannot reach Redis at redis://:***@127.0.0.1:${port}/0 (NEZHA_REDIS_URL)`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('s3cret');
    expect(logged).toEqual([]);
    // ioredis retries after 50 ms, then 100 ms, …: a client still retrying would report errors in this wait.
    let laterErrors = 0;
    connection.client.on('error', () => {
      laterErrors += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(laterErrors).toBe(0);
    await connection.close();
  });

  it('reports an outage met on first use once, however many commands fail, without the password', async () => {
    const port = await closedPort();
    const logged: string[] = [];
    const connection = new RedisConnection(`redis://:s3cret@127.0.0.1:${port}/0`, { log: (m) => logged.push(m) });
    try {
      await expect(connection.client.get('a')).rejects.toThrow();
      await expect(connection.client.get('b')).rejects.toThrow();
      expect(logged).toEqual([`Redis at redis://:***@127.0.0.1:${port}/0: connect ECONNREFUSED 127.0.0.1:${port}`]);
    } finally {
      await connection.close();
    }
  });

  it('closes a connection that was never opened without opening it', async () => {
    const connection = new RedisConnection('redis://127.0.0.1:1/0');
    await connection.close();
    expect(connection.client.status).toBe('end');
  });
});
