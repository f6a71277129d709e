// The assistant's conversations and messages; every read and write is scoped to the conversation's user.
import type { Kysely } from 'kysely';
import type { MetadataSchema } from './schema.js';
import type { AssistantConversationRow, AssistantMessageRow } from './schema-assistant.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema>;

export async function listConversations(
  db: Db,
  userId: number,
  options: { page: number; pageSize: number; context?: string | undefined },
): Promise<{ count: number; rows: AssistantConversationRow[] }> {
  let base = db.selectFrom('assistant_conversations').where('user_id', '=', userId);
  if (options.context) base = base.where('context', '=', options.context);
  const { n } = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('changed_on', 'desc')
    .orderBy('id', 'desc')
    .limit(options.pageSize)
    .offset(options.page * options.pageSize)
    .execute();
  return { count: Number(n), rows };
}

export async function insertConversation(
  db: Db,
  values: { user_id: number; title: string; context: string },
): Promise<AssistantConversationRow> {
  const now = nowIso();
  return db
    .insertInto('assistant_conversations')
    .values({ ...values, created_on: now, changed_on: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's conversation, or undefined when it is not theirs (or gone). */
export async function findConversation(
  db: Db,
  userId: number,
  id: number,
): Promise<AssistantConversationRow | undefined> {
  return db
    .selectFrom('assistant_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteConversation(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('assistant_conversations')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!owned) return false;
    // Not left to the foreign key: SQLite enforces ON DELETE CASCADE only with its pragma on.
    await trx.deleteFrom('assistant_messages').where('conversation_id', '=', id).execute();
    await trx.deleteFrom('assistant_conversations').where('id', '=', id).execute();
    return true;
  });
}

export async function conversationMessages(db: Db, conversationId: number): Promise<AssistantMessageRow[]> {
  return db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'asc')
    .execute();
}

export async function appendMessage(
  db: Db,
  values: { conversation_id: number; role: string; parts: string },
): Promise<AssistantMessageRow> {
  const now = nowIso();
  const row = await db
    .insertInto('assistant_messages')
    .values({ ...values, created_on: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('assistant_conversations')
    .set({ changed_on: now })
    .where('id', '=', values.conversation_id)
    .execute();
  return row;
}

export async function renameConversation(db: Db, id: number, title: string): Promise<void> {
  await db.updateTable('assistant_conversations').set({ title }).where('id', '=', id).execute();
}
