// Opens the metadata store: a SQLite file by default, PostgreSQL when the URL says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { guardPgPool } from '../errors/connection-loss.js';
import { GuardedPostgresDialect } from './lost-connections.js';
import { MetadataGeneration, WriteWatchPlugin } from './metadata-generation.js';
import type { MetadataSchema } from './schema.js';

export type StoreDialect = 'sqlite' | 'postgresql';

export interface MetadataStore {
  db: Kysely<MetadataSchema>;
  dialect: StoreDialect;
  /** Moved on by every write through `db`; what is kept in memory from the store is kept under it. */
  generation: MetadataGeneration;
  close(): Promise<void>;
}

/** `sqlite:///relative.db`, `sqlite:////abs/path.db`, `postgresql://user@host:5432/db`. */
export function openStore(url: string): MetadataStore {
  if (url.startsWith('sqlite:')) {
    const file = url.replace(/^sqlite:\/\/\//, '');
    if (!file || file === url)
      throw new Error(`Invalid metadata store URL "${url}": expected sqlite:///path/to/file.db`);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const database = new SQLite(file);
    // WAL lets readers go on while one writer commits; the busy timeout rides out short write bursts.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    const generation = new MetadataGeneration();
    const db = new Kysely<MetadataSchema>({
      dialect: new SqliteDialect({ database }),
      plugins: [new WriteWatchPlugin(generation)],
    });
    return { db, dialect: 'sqlite', generation, close: () => db.destroy() };
  }
  if (/^postgres(ql)?(\+\w+)?:/.test(url)) {
    const connectionString = url.replace(/^postgres(ql)?\+\w+:/, 'postgresql:');
    // A bounded wait for a connection: an unreachable store answers 503 instead of holding requests forever.
    const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
    // A client the server drops (restart, pg_terminate_backend) emits 'error'; unhandled, it would end the process.
    guardPgPool(pool);
    const generation = new MetadataGeneration();
    const db = new Kysely<MetadataSchema>({
      dialect: new GuardedPostgresDialect({ pool }),
      plugins: [new WriteWatchPlugin(generation)],
    });
    return { db, dialect: 'postgresql', generation, close: () => db.destroy() };
  }
  throw new Error(`Unsupported metadata store URL "${url}": use sqlite:///… or postgresql://…`);
}
