// The one Redis client of a running Nezha (NEZHA_REDIS_URL): connected on first use or by the startup check,
// named in messages without its password, closed with the app.
import { Redis } from 'ioredis';

/** The URL as it may be shown: the password replaced, anything unparseable not shown at all. */
export function displayRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(an invalid URL)';
  }
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface RedisConnectionOptions {
  /** Where an outage is reported (once per outage, not once per failed command). */
  log?: (message: string) => void;
  connectTimeoutMs?: number;
}

export class RedisConnection {
  readonly client: Redis;
  /** The URL without its password. */
  readonly displayUrl: string;
  private lastError: string | undefined;
  private failing = false;
  /** The check reports its own failure, as an error; the log would only say it twice. */
  private checking = false;

  constructor(url: string, options: RedisConnectionOptions = {}) {
    this.displayUrl = displayRedisUrl(url);
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new Error('NEZHA_REDIS_URL must be a redis:// or rediss:// URL.');
    }
    if (protocol !== 'redis:' && protocol !== 'rediss:') {
      throw new Error(`NEZHA_REDIS_URL must be a redis:// or rediss:// URL, got ${this.displayUrl}.`);
    }
    const log = options.log ?? ((message: string) => console.error(message));
    this.client = new Redis(url, {
      lazyConnect: true,
      // A command waits for at most one reconnection: a chart or a results read fails quickly during an outage.
      maxRetriesPerRequest: 1,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
    });
    // Without a listener ioredis prints every reconnection failure itself.
    this.client.on('error', (error: unknown) => {
      this.lastError = messageOf(error);
      if (this.failing || this.checking) return;
      this.failing = true;
      log(`Redis at ${this.displayUrl}: ${this.lastError}`);
    });
    this.client.on('ready', () => {
      this.failing = false;
      this.lastError = undefined;
    });
  }

  /** Connects (when not yet connected) and pings; the error names the URL when Redis cannot be reached. */
  async check(): Promise<void> {
    this.checking = true;
    try {
      if (this.client.status === 'wait') await this.client.connect();
      await this.client.ping();
    } catch (error) {
      const reason = this.lastError ?? messageOf(error);
      // A server that cannot start should not keep retrying in the background.
      this.client.disconnect();
      throw new Error(`Cannot reach Redis at ${this.displayUrl} (NEZHA_REDIS_URL): ${reason}`);
    } finally {
      this.checking = false;
    }
  }

  async close(): Promise<void> {
    // quit() would open a connection that was never made just to close it.
    if (this.client.status === 'ready') {
      try {
        await this.client.quit();
        return;
      } catch {
        // Fall through: the connection is dropped either way.
      }
    }
    this.client.disconnect();
  }
}
