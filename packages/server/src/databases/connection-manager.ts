// One pooled engine connection per stored database, reopened when the database's settings change.
import type { NezhaConfig } from '../config/config.js';
import { engineForUri } from '../engines/registry.js';
import type { EngineConnection } from '../engines/types.js';
import { withPassword } from '../engines/uri.js';
import { decryptSecret } from '../security/secrets.js';
import type { DatabaseRow } from '../store/schema.js';
import { assertStoredConnectionAllowed } from './connection-safety.js';

interface PoolEntry {
  version: string;
  connection: Promise<EngineConnection>;
}

export function parseExtra(extra: string | null | undefined): Record<string, unknown> {
  if (!extra) return {};
  try {
    const value: unknown = JSON.parse(extra);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export class ConnectionManager {
  private readonly pools = new Map<number, PoolEntry>();

  constructor(private readonly config: NezhaConfig) {}

  /** The URI with the decrypted password put back, for the engine only; never returned to users. */
  connectionUri(row: Pick<DatabaseRow, 'sqlalchemy_uri' | 'password'>): string {
    if (!row.password) return row.sqlalchemy_uri;
    return withPassword(row.sqlalchemy_uri, decryptSecret(row.password, this.config.secretKey));
  }

  /** A fresh, unpooled connection (test_connection): the caller closes it. */
  async open(uri: string, extra: Record<string, unknown> = {}): Promise<EngineConnection> {
    const engine = engineForUri(uri);
    return engine.connect({ uri, extra, baseDir: this.config.home, poolSize: 1 });
  }

  async forDatabase(row: DatabaseRow): Promise<EngineConnection> {
    const version = `${row.changed_on}|${row.sqlalchemy_uri}|${row.password ?? ''}|${row.extra}`;
    const existing = this.pools.get(row.id);
    if (existing && existing.version === version) return existing.connection;
    // Checked when a pool opens, not on every use: the files a pool holds open do not change under it.
    assertStoredConnectionAllowed(this.config, row);
    if (existing) void this.closeEntry(existing);
    const uri = this.connectionUri(row);
    const engine = engineForUri(uri);
    const connection = engine.connect({ uri, extra: parseExtra(row.extra), baseDir: this.config.home });
    const entry = { version, connection };
    this.pools.set(row.id, entry);
    // A failed connect is not cached: the next call tries again.
    connection.catch(() => {
      if (this.pools.get(row.id) === entry) this.pools.delete(row.id);
    });
    return connection;
  }

  async evict(databaseId: number): Promise<void> {
    const entry = this.pools.get(databaseId);
    if (!entry) return;
    this.pools.delete(databaseId);
    await this.closeEntry(entry);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(entries.map((entry) => this.closeEntry(entry)));
  }

  private async closeEntry(entry: PoolEntry): Promise<void> {
    try {
      await (await entry.connection).close();
    } catch {
      // Closing a pool that never opened has nothing to release.
    }
  }
}
