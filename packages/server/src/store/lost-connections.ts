// The metadata store on PostgreSQL when its connections die (pg_terminate_backend, a restart, a failover, a pooler
// recycling them): the failed request answers 503, a read is tried once more on another connection, the pool heals.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isConnectionLoss, metadataStoreUnavailable } from '../errors/connection-loss.js';

function translate(error: unknown): unknown {
  return isConnectionLoss(error) ? metadataStoreUnavailable(error) : error;
}

/** Stands in while a retry waits for a connection: nothing may run on it, and releasing it releases nothing. */
const DEAD: DatabaseConnection = {
  executeQuery: () => Promise.reject(new Error('Connection terminated: waiting for a new connection')),
  streamQuery: () => {
    throw new Error('Connection terminated: waiting for a new connection');
  },
};

/**
 * A select that failed because its connection died is run once more on another connection: reading twice changes
 * nothing. Other statements are only when pg never sent them: an insert or an update may have committed before the
 * answer was lost. Nothing inside a transaction is: it belongs to a transaction that is gone.
 */
function retryable(query: CompiledQuery, inTransaction: boolean, error: unknown): boolean {
  if (inTransaction) return false;
  return query.query.kind === 'SelectQueryNode' || neverSent(error);
}

/** pg refuses a statement on a client it already knows is broken before sending anything: any statement may retry. */
function neverSent(error: unknown): boolean {
  return error instanceof Error && /is not queryable/.test(error.message);
}

class GuardedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    /** Swapped for a fresh connection when a read is retried; the driver releases whichever is current. */
    public inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      if (!isConnectionLoss(error) || !retryable(query, this.inTransaction, error)) throw translate(error);
    }
    // The dead connection goes back first (the pool drops it once its socket has closed), so a retry never holds two connections at once: with
    // every connection of a full pool retrying, waiting for a second one would wait forever.
    const dead = this.inner;
    this.inner = DEAD;
    await this.driver.releaseConnection(dead);
    try {
      this.inner = await this.driver.acquireConnection();
    } catch (error) {
      throw translate(error);
    }
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      throw translate(error);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw translate(error);
    }
  }
}

/** Kysely's PostgreSQL driver with connection losses answered as 503 and reads retried once. */
class GuardedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  async init(): Promise<void> {
    await this.inner.init();
  }

  /** A connection that dies while it is being opened has run nothing: one more attempt is always safe. */
  async acquireConnection(): Promise<DatabaseConnection> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return new GuardedConnection(await this.inner.acquireConnection(), this.inner);
      } catch (error) {
        if (attempt >= 2 || !isConnectionLoss(error)) throw translate(error);
      }
    }
  }

  private async step(connection: DatabaseConnection, run: (inner: DatabaseConnection) => Promise<void>) {
    try {
      await run((connection as GuardedConnection).inner);
    } catch (error) {
      throw translate(error);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.step(connection, (inner) => this.inner.beginTransaction(inner, settings));
    (connection as GuardedConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GuardedConnection).inTransaction = false;
    await this.step(connection, (inner) => this.inner.commitTransaction(inner));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GuardedConnection).inTransaction = false;
    await this.step(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    await this.step(connection, (inner) => this.inner.savepoint?.(inner, name, compile) ?? Promise.resolve());
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    await this.step(connection, (inner) => this.inner.rollbackToSavepoint?.(inner, name, compile) ?? Promise.resolve());
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    await this.step(connection, (inner) => this.inner.releaseSavepoint?.(inner, name, compile) ?? Promise.resolve());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const inner = (connection as GuardedConnection).inner;
    if (inner !== DEAD) await this.inner.releaseConnection(inner);
  }

  async destroy(): Promise<void> {
    await this.inner.destroy();
  }
}

/** PostgresDialect whose driver turns a lost connection into a 503 and retries reads once. */
export class GuardedPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new GuardedDriver(super.createDriver());
  }
}
