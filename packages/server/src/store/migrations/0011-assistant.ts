// The assistant's conversations and their messages, kept per user (issue 22).
import type { Kysely } from 'kysely';
import type { StoreDialect } from '../db.js';

export async function up(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const id = dialect === 'postgresql' ? 'serial' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (col) => (dialect === 'postgresql' ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await table('assistant_conversations')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (col) => col.notNull())
    // Where it was started: 'sqllab' or 'explore'; the panel lists each place's own.
    .addColumn('context', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_on', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_conversations_user_idx')
    .on('assistant_conversations')
    .columns(['user_id', 'changed_on'])
    .execute();

  await table('assistant_messages')
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('assistant_conversations.id').onDelete('cascade'),
    )
    // 'user' or 'assistant'; an assistant message holds its text, SQL, results and charts as JSON parts.
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('parts', 'text', (col) => col.notNull())
    .addColumn('created_on', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_messages_conversation_idx')
    .on('assistant_messages')
    .column('conversation_id')
    .execute();
}
