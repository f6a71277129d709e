// Alerts and reports (Superset's report_schedule, report_recipient, report_execution_log and owners), and the
// claims that make one cron tick of a schedule run once however many processes look at it.
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const id = dialect === 'postgresql' ? 'serial' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()));

  // chart_id and dashboard_id have no foreign key: a report outlives its chart, and its next run logs the loss
  // (Superset keeps the row too) instead of the delete failing or the report silently vanishing.
  await table('report_schedule')
    .addColumn('type', 'varchar(50)', (col) => col.notNull())
    .addColumn('name', 'varchar(150)', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('context_markdown', 'text')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('crontab', 'varchar(1000)', (col) => col.notNull())
    .addColumn('timezone', 'varchar(100)', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('creation_method', 'varchar(255)', (col) => col.notNull().defaultTo('alerts_reports'))
    .addColumn('report_format', 'varchar(50)', (col) => col.notNull().defaultTo('PNG'))
    .addColumn('sql', 'text')
    .addColumn('chart_id', 'integer')
    .addColumn('dashboard_id', 'integer')
    .addColumn('database_id', 'integer', (col) => col.references('dbs.id').onDelete('set null'))
    .addColumn('extra', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('force_screenshot', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('custom_width', 'integer')
    .addColumn('last_eval_dttm', 'varchar(32)')
    .addColumn('last_state', 'varchar(50)', (col) => col.notNull().defaultTo('Not triggered'))
    .addColumn('last_value', 'double precision')
    .addColumn('last_value_row_json', 'text')
    .addColumn('validator_type', 'varchar(100)')
    .addColumn('validator_config_json', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('log_retention', 'integer', (col) => col.notNull().defaultTo(90))
    .addColumn('grace_period', 'integer', (col) => col.notNull().defaultTo(14400))
    .addColumn('working_timeout', 'integer', (col) => col.notNull().defaultTo(3600))
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (col) => col.references('ab_user.id').onDelete('set null'))
    .execute();

  await table('report_schedule_user')
    .addColumn('report_schedule_id', 'integer', (col) =>
      col.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('ab_user.id').onDelete('cascade'))
    .addUniqueConstraint('report_schedule_user_uq', ['report_schedule_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('report_schedule_user_user_id_idx')
    .on('report_schedule_user')
    .column('user_id')
    .execute();

  await table('report_recipient')
    .addColumn('type', 'varchar(50)', (col) => col.notNull())
    .addColumn('recipient_config_json', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('report_schedule_id', 'integer', (col) =>
      col.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('report_recipient_schedule_idx')
    .on('report_recipient')
    .column('report_schedule_id')
    .execute();

  await table('report_execution_log')
    .addColumn('uuid', 'varchar(36)', (col) => col.notNull().unique())
    .addColumn('scheduled_dttm', 'varchar(32)', (col) => col.notNull())
    .addColumn('start_dttm', 'varchar(32)')
    .addColumn('end_dttm', 'varchar(32)')
    .addColumn('value', 'double precision')
    .addColumn('value_row_json', 'text')
    .addColumn('state', 'varchar(50)', (col) => col.notNull())
    .addColumn('error_message', 'text')
    .addColumn('report_schedule_id', 'integer', (col) =>
      col.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('report_execution_log_schedule_idx')
    .on('report_execution_log')
    .columns(['report_schedule_id', 'start_dttm'])
    .execute();

  // One row per (what, which, tick): the insert that succeeds owns the run; every other process's insert fails on
  // the unique constraint and moves on. `kind` is 'report' or 'saved_query'.
  await table('schedule_claim')
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('object_id', 'integer', (col) => col.notNull())
    .addColumn('scheduled_dttm', 'varchar(32)', (col) => col.notNull())
    .addColumn('claimed_on', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('schedule_claim_uq', ['kind', 'object_id', 'scheduled_dttm'])
    .execute();
}
