// Table types of the assistant's conversations and messages (migration 0011), as Kysely sees them.
import type { Generated, Selectable } from 'kysely';

export interface AssistantConversationTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  context: string;
  created_on: string;
  changed_on: string;
}

export interface AssistantMessageTable {
  id: Generated<number>;
  conversation_id: number;
  role: string;
  /** JSON list of the message's parts (text, sql, result, chart, error). */
  parts: string;
  created_on: string;
}

export interface AssistantTables {
  assistant_conversations: AssistantConversationTable;
  assistant_messages: AssistantMessageTable;
}

export type AssistantConversationRow = Selectable<AssistantConversationTable>;
export type AssistantMessageRow = Selectable<AssistantMessageTable>;
