// The metadata generation: a counter every write to the store moves on, so that whatever is kept in memory from the
// store (sessions, users with their roles, datasets, finished chart answers) is dropped at once; shared through Redis.
import type { Redis } from 'ioredis';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Tables whose writes change nothing kept in memory: logs (reports' execution log and tick claims too), SQL Lab's own
 * records, key-value state. A new session row
 * is not in any cache either (a deleted one is: a logout must end the session at once).
 */
const QUIET_TABLES = new Set([
  'logs',
  'query',
  'tab_state',
  'table_schema',
  'key_value',
  'saved_query',
  'favstar',
  'permalinks',
  'filter_value_cache',
  'filter_value_counts',
  'report_execution_log',
  'schedule_claim',
]);
const QUIET_INSERTS = new Set([...QUIET_TABLES, 'sessions', 'refresh_tokens']);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

/** Whether a statement may change what is kept: any write but to a quiet table (an unknown statement counts). */
function writesMetadata(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'SelectQueryNode':
      return false;
    case 'InsertQueryNode': {
      const name = tableName(node.into);
      return name === undefined || !QUIET_INSERTS.has(name);
    }
    case 'UpdateQueryNode': {
      const name = tableName(node.table);
      return name === undefined || !QUIET_TABLES.has(name);
    }
    case 'DeleteQueryNode': {
      const names = node.from.froms.map(tableName);
      return names.some((name) => name === undefined || !QUIET_TABLES.has(name));
    }
    case 'RawNode':
      // A plain SELECT written as raw SQL reads; any other raw statement is counted as a write.
      return !/^\s*select\b/i.test(node.sqlFragments[0] ?? '');
    default:
      // Schema changes, merges: counted as writes rather than guessed at.
      return true;
  }
}

/** What a Redis-connected generation needs: the connection to publish on, and the channel's name. */
interface RedisLink {
  client: Redis;
  channel: string;
  subscriber: Redis | null;
}

/**
 * Readers take `current()` before loading and keep what they loaded only under that number; a write moves the number
 * on before the statement runs and again once it has, and the request that wrote moves it once more after its
 * transaction committed (api hook). With Redis every move is published, and this process drops what it keeps on
 * every move another publishes; while the subscription is down nothing kept is trusted (`usable` is false).
 */
export class MetadataGeneration {
  private value = 0;
  private statements = 0;
  private readonly source = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  private redis: RedisLink | null = null;
  private listening = false;
  private subscribed = false;
  private dirty = false;
  private publishing: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  current(): number {
    return this.value;
  }

  /** False while another process's writes could go unseen (Redis configured but not subscribed). */
  get usable(): boolean {
    return this.redis === null || this.listening;
  }

  /** Called on every change, e.g. to empty a cache at once rather than on its next read. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many writing statements this process has run: a request compares it before and after (`settle`). */
  get writes(): number {
    return this.statements;
  }

  /** A statement of this process writes (or has written) metadata. */
  bump(): void {
    this.statements += 1;
    this.announce();
  }

  /**
   * After a request that wrote: its transaction has committed now, so what a reader loaded meanwhile (the old rows,
   * under a number already moved) must go too. Resolves once other processes have heard it.
   */
  async settle(): Promise<void> {
    this.announce();
    await this.flush();
  }

  private announce(): void {
    this.move();
    if (!this.redis) return;
    this.dirty = true;
    this.publishing ??= this.publish();
  }

  /** Resolves once every move so far has reached Redis (and so every subscribed process). */
  async flush(): Promise<void> {
    while (this.publishing) await this.publishing;
  }

  /** Other processes share the store: moves are published on `<prefix>metadata`, and theirs are heard. */
  useRedis(client: Redis, prefix: string): void {
    this.redis = { client, channel: `${prefix}metadata`, subscriber: null };
  }

  /** Subscribes (a connection of its own); resolves once listening. Idempotent. */
  async listen(): Promise<void> {
    const link = this.redis;
    if (!link || link.subscriber) return;
    const subscriber = link.client.duplicate();
    link.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => {
      if (message !== this.source) this.move();
    });
    // Messages sent while the subscription was down are lost: drop everything and trust nothing until it is back.
    subscriber.on('close', () => {
      this.listening = false;
      this.move();
    });
    subscriber.on('ready', () => {
      if (!this.subscribed) return;
      // ioredis subscribes again on reconnection before 'ready'; what was kept before the gap is gone already.
      this.move();
      this.listening = true;
    });
    await subscriber.subscribe(link.channel);
    this.subscribed = true;
    this.move();
    this.listening = true;
  }

  async close(): Promise<void> {
    await this.flush().catch(() => undefined);
    this.redis?.subscriber?.disconnect();
    if (this.redis) this.redis.subscriber = null;
    this.listening = false;
  }

  private move(): void {
    this.value += 1;
    for (const listener of this.listeners) listener();
  }

  private async publish(): Promise<void> {
    try {
      while (this.dirty && this.redis) {
        this.dirty = false;
        try {
          await this.redis.client.publish(this.redis.channel, this.source);
        } catch {
          // Redis down: the other processes' subscriptions are down too, and they trust nothing kept meanwhile.
        }
      }
    } finally {
      this.publishing = null;
    }
  }
}

/** Moves the generation on around every statement that writes metadata (see `writesMetadata`). */
export class WriteWatchPlugin implements KyselyPlugin {
  private readonly writes = new WeakSet<QueryId>();

  constructor(private readonly generation: MetadataGeneration) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesMetadata(args.node)) {
      this.writes.add(args.queryId);
      this.generation.bump();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.has(args.queryId)) this.generation.bump();
    return args.result;
  }
}

interface Kept<V> {
  value: V;
  generation: number;
  expiresAt: number;
}

/**
 * Values read from the store, kept while the generation stands still (and at most `maxAgeMs`, for writes no Nezha
 * process sees: another tool writing to the store). A value loaded across a move is used but not kept.
 */
export class GenerationCache<K, V> {
  private readonly items = new Map<K, Kept<V>>();

  constructor(
    private readonly generation: MetadataGeneration,
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 30_000,
  ) {
    generation.onChange(() => this.items.clear());
  }

  get(key: K): V | undefined {
    const kept = this.items.get(key);
    if (!kept) return undefined;
    if (!this.generation.usable || kept.generation !== this.generation.current() || kept.expiresAt <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return kept.value;
  }

  /** Keeps `value` only when it was loaded under `generation` and nothing has moved since. */
  set(key: K, value: V, generation: number): void {
    if (!this.generation.usable || generation !== this.generation.current()) return;
    if (this.items.size >= this.maxEntries) {
      const oldest = this.items.keys().next();
      if (!oldest.done) this.items.delete(oldest.value);
    }
    this.items.set(key, { value, generation, expiresAt: Date.now() + this.maxAgeMs });
  }

  async getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation.current();
    const value = await load();
    if (value !== undefined) this.set(key, value, generation);
    return value;
  }

  get size(): number {
    return this.items.size;
  }
}
