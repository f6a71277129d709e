// Embedded dashboards and row-level security filters (Superset's embedded_dashboards, row_level_security_filters
// and its rls_filter_tables / rls_filter_roles link tables).
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const id = dialect === 'postgresql' ? 'serial' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()));
  const link = async (name: string, left: [string, string], right: [string, string]) => {
    await table(name)
      .addColumn(left[0], 'integer', (col) => col.notNull().references(`${left[1]}.id`).onDelete('cascade'))
      .addColumn(right[0], 'integer', (col) => col.notNull().references(`${right[1]}.id`).onDelete('cascade'))
      .addUniqueConstraint(`${name}_uq`, [left[0], right[0]])
      .execute();
    await db.schema.createIndex(`${name}_${right[0]}_idx`).on(name).column(right[0]).execute();
  };

  // One configuration per dashboard; its uuid is what the embedding SDK names.
  await db.schema
    .createTable('embedded_dashboards')
    .addColumn('uuid', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('dashboard_id', 'integer', (col) =>
      col.notNull().unique().references('dashboards.id').onDelete('cascade'),
    )
    // JSON list of host names (Superset keeps them comma-separated; a list cannot be confused by a comma).
    .addColumn('allowed_domains', 'text', (col) => col.notNull())
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .execute();

  await table('row_level_security_filters')
    .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('filter_type', 'varchar(255)', (col) => col.notNull())
    .addColumn('group_key', 'varchar(255)')
    .addColumn('clause', 'text', (col) => col.notNull())
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .execute();
  await link('rls_filter_tables', ['rls_filter_id', 'row_level_security_filters'], ['table_id', 'tables']);
  await link('rls_filter_roles', ['rls_filter_id', 'row_level_security_filters'], ['role_id', 'ab_role']);
}
