// Stop requests for runs in flight: a stop entered on any web process reaches the process running the query (a Redis
// pub/sub channel when NEZHA_REDIS_URL is set; this process's own runs otherwise).
import type { Redis } from 'ioredis';
import type { RunningQueries } from '../sqllab/running-queries.js';

export interface CancelChannel {
  /** Aborts the run wherever it is in flight; resolves once the request is sent. */
  cancel(clientId: string, reason: string): Promise<void>;
  close(): Promise<void>;
}

export class LocalCancelChannel implements CancelChannel {
  constructor(private readonly running: RunningQueries) {}

  async cancel(clientId: string, reason: string): Promise<void> {
    this.running.abort(clientId, new Error(reason));
  }

  async close(): Promise<void> {}
}

export class RedisCancelChannel implements CancelChannel {
  private subscriber: Redis | null = null;
  private readonly channel: string;

  /** @param prefix the installation's key prefix; the channel is `<prefix>cancel`. */
  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly running: RunningQueries,
  ) {
    this.channel = `${prefix}cancel`;
  }

  /** Subscribes (a connection of its own: one in subscriber mode runs nothing else); resolves once listening. */
  async listen(): Promise<void> {
    if (this.subscriber) return;
    const subscriber = this.redis.duplicate();
    // The main connection reports outages; this one reconnects and subscribes again by itself.
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => {
      const { clientId, reason } = JSON.parse(message) as { clientId: string; reason: string };
      this.running.abort(clientId, new Error(reason));
    });
    this.subscriber = subscriber;
    await subscriber.subscribe(this.channel);
  }

  async cancel(clientId: string, reason: string): Promise<void> {
    // This process first, without waiting for the round trip; the others through the channel.
    this.running.abort(clientId, new Error(reason));
    await this.redis.publish(this.channel, JSON.stringify({ clientId, reason }));
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}
