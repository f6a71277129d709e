// Versioned migrations of the metadata store; each runs on SQLite and PostgreSQL alike.
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { MetadataStore, StoreDialect } from './db.js';
import * as initial from './migrations/0001-initial.js';
import * as sqllab from './migrations/0002-sqllab.js';
import * as datasets from './migrations/0003-datasets.js';
import * as charts from './migrations/0004-charts.js';
import * as tokenRevocation from './migrations/0005-token-revocation.js';
import * as annotations from './migrations/0006-annotations.js';
import * as reports from './migrations/0007-reports.js';
import * as embedding from './migrations/0008-embedding.js';
import * as userLocale from './migrations/0009-user-locale.js';
import * as tags from './migrations/0010-tags.js';
import * as assistant from './migrations/0011-assistant.js';
import * as semanticTags from './migrations/0012-semantic-tags.js';
import * as filterBoxes from './migrations/0013-filter-boxes.js';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void>;
}

/** In order; a name, once released, never changes. */
const MIGRATIONS: ReadonlyArray<[string, DialectMigration]> = [
  ['0001-initial', initial],
  ['0002-sqllab', sqllab],
  ['0003-datasets', datasets],
  ['0004-charts', charts],
  ['0005-token-revocation', tokenRevocation],
  ['0006-annotations', annotations],
  ['0007-reports', reports],
  ['0008-embedding', embedding],
  ['0009-user-locale', userLocale],
  ['0010-tags', tags],
  ['0011-assistant', assistant],
  ['0012-semantic-tags', semanticTags],
  ['0013-filter-boxes', filterBoxes],
];

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [name, migration] of MIGRATIONS) {
      migrations[name] = { up: (db) => migration.up(db, this.dialect) };
    }
    return migrations;
  }
}

export interface UpgradeReport {
  applied: string[];
}

/**
 * Brings the store to the latest version (or to `target`, a migration's name: tests of a data migration stop before
 * it to write old rows); a failed migration rolls back and throws.
 */
export async function upgradeStore(store: MetadataStore, target?: string): Promise<UpgradeReport> {
  const migrator = new Migrator({
    db: store.db,
    provider: new InCodeProvider(store.dialect),
    migrationTableName: 'nezha_migrations',
    migrationLockTableName: 'nezha_migrations_lock',
  });
  const { error, results }: MigrationResultSet = await (target === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(target));
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

export const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]?.[0] ?? '';
