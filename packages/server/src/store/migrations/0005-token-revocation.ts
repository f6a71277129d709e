// Revocable bearer tokens: a token version per user (bumped by logout and password change, carried in every JWT)
// and the refresh tokens issued, so a refresh token works once (rotation).
import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, _dialect: StoreDialect): Promise<void> {
  await db.schema
    .alterTable('ab_user')
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('issued_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_on', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_tokens_user_id_idx').on('refresh_tokens').column('user_id').execute();
}
