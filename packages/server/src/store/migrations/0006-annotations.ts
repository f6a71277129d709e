// Annotation layers with their annotations, and CSS templates (Superset's annotation_layer, annotation and
// css_templates tables).
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const id = dialect === 'postgresql' ? 'serial' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()));
  const audited = <T extends ReturnType<typeof table>>(builder: T) =>
    builder
      .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
      .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
      .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'));

  await audited(
    table('annotation_layer')
      .addColumn('name', 'varchar(250)', (col) => col.notNull())
      .addColumn('descr', 'text'),
  ).execute();
  await audited(
    table('annotation')
      // Naive UTC date-times as ISO text ("2024-01-02T03:04:05"), so they sort as strings on both backends.
      .addColumn('start_dttm', 'varchar(32)', (col) => col.notNull())
      .addColumn('end_dttm', 'varchar(32)', (col) => col.notNull())
      .addColumn('layer_id', 'integer', (col) => col.notNull().references('annotation_layer.id'))
      .addColumn('short_descr', 'varchar(500)', (col) => col.notNull())
      .addColumn('long_descr', 'text')
      .addColumn('json_metadata', 'text'),
  ).execute();
  await db.schema.createIndex('annotation_layer_id_idx').on('annotation').column('layer_id').execute();
  await audited(
    table('css_templates')
      .addColumn('template_name', 'varchar(250)', (col) => col.notNull())
      .addColumn('css', 'text', (col) => col.notNull()),
  ).execute();
}
