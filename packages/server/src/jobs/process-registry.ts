// Which Nezha processes are alive and which runs each holds (on Redis, when NEZHA_REDIS_URL is set): a key per process
// that it refreshes every heartbeat and that expires when it dies, and a hash of run owners, so a starting process
// finishes only the runs whose owner is gone, never a live process's.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';

export type ProcessRole = 'web' | 'worker';

export interface ProcessInfo {
  id: string;
  role: ProcessRole;
  pid: number;
  host: string;
  startedAt: string;
}

export class ProcessRegistry {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = new Date().toISOString();

  /** @param redis null in an embedded install: one process, which owns every run. */
  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
    readonly role: ProcessRole,
    private readonly heartbeatMs: number,
  ) {}

  private key(id: string): string {
    return `${this.prefix}process:${id}`;
  }

  private get owners(): string {
    return `${this.prefix}run-owner`;
  }

  private async beat(): Promise<void> {
    if (!this.redis) return;
    const info: ProcessInfo = {
      id: this.id,
      role: this.role,
      pid: process.pid,
      host: hostname(),
      startedAt: this.startedAt,
    };
    // Three beats missed and the process counts as gone.
    await this.redis.set(this.key(this.id), JSON.stringify(info), 'PX', 3 * this.heartbeatMs);
  }

  /** Announces this process and keeps announcing it. */
  async start(): Promise<void> {
    if (!this.redis || this.timer) return;
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    this.timer.unref();
  }

  async claim(clientId: string): Promise<void> {
    await this.redis?.hset(this.owners, clientId, this.id);
  }

  async release(clientId: string): Promise<void> {
    await this.redis?.hdel(this.owners, clientId);
  }

  /** Whether the process that holds the run is alive (false when nobody holds it). */
  async ownerAlive(clientId: string): Promise<boolean> {
    if (!this.redis) return false;
    const owner = await this.redis.hget(this.owners, clientId);
    if (owner === null) return false;
    if (owner === this.id) return true;
    return (await this.redis.exists(this.key(owner))) === 1;
  }

  /** The processes alive now. */
  async alive(): Promise<ProcessInfo[]> {
    if (!this.redis) return [];
    const found: ProcessInfo[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.key('*'), 'COUNT', 200);
      cursor = next;
      if (keys.length === 0) continue;
      for (const text of await this.redis.mget(...keys)) {
        if (text) found.push(JSON.parse(text) as ProcessInfo);
      }
    } while (cursor !== '0');
    return found;
  }

  async stop(): Promise<void> {
    // Never announced: nothing to take back (and Redis may be the reason it never started).
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.redis?.del(this.key(this.id)).catch(() => undefined);
  }
}
