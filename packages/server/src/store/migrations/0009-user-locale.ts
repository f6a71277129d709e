// The language a user chose in the navigation bar (issue 19); null until they choose, when the browser's applies.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ab_user').addColumn('locale', 'varchar(16)').execute();
}
