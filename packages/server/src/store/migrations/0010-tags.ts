// Tags (Superset's tag and tagged_object tables): named labels on dashboards, charts, saved queries, datasets,
// measures and cohorts.
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const id = dialect === 'postgresql' ? 'serial' : 'integer';
  await db.schema
    .createTable('tag')
    .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(250)', (col) => col.notNull().unique())
    // Superset's TagType: custom (1), type (2), owner (3), favorited_by (4).
    .addColumn('type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('tagged_object')
    .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // Deleting a tag removes its links with it.
    .addColumn('tag_id', 'integer', (col) => col.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('object_id', 'integer', (col) => col.notNull())
    // Superset's ObjectType names: query, chart, dashboard, dataset; and ours: measure, cohort.
    .addColumn('object_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .addUniqueConstraint('tagged_object_uq', ['tag_id', 'object_type', 'object_id'])
    .execute();
  await db.schema
    .createIndex('tagged_object_object_idx')
    .on('tagged_object')
    .columns(['object_type', 'object_id'])
    .execute();
}
