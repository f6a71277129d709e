// The assistant's conversations: list, create, read, delete (each user sees only their own), and a message's reply
// streamed as server-sent events while it is made.
import { PassThrough } from 'node:stream';
import type { AppContext } from '../app/context.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import {
  appendMessage,
  conversationMessages,
  deleteConversation,
  findConversation,
  insertConversation,
  listConversations,
  renameConversation,
} from '../store/assistant.js';
import type { AssistantConversationRow, AssistantMessageRow } from '../store/schema-assistant.js';
import { answerWithModel, providerOf } from './agent.js';
import { answerOffline } from './offline.js';
import type { ReplyPart, ReplySink } from './parts.js';
import type { ChatMessage } from './providers/provider.js';

export const ASSISTANT_CONTEXTS = ['sqllab', 'explore'] as const;
const TITLE_LENGTH = 80;

function conversationJson(row: AssistantConversationRow) {
  return {
    id: row.id,
    title: row.title,
    context: row.context,
    created_on: row.created_on,
    changed_on: row.changed_on,
  };
}

function parseParts(text: string): ReplyPart[] {
  try {
    const parts = JSON.parse(text) as unknown;
    return Array.isArray(parts) ? (parts as ReplyPart[]) : [];
  } catch {
    return [];
  }
}

function messageJson(row: AssistantMessageRow) {
  return { id: row.id, role: row.role, parts: parseParts(row.parts), created_on: row.created_on };
}

export async function listMyConversations(
  ctx: AppContext,
  user: AuthUser,
  options: { page: number; pageSize: number; context?: string | undefined },
) {
  const { count, rows } = await listConversations(ctx.store.db, user.id, options);
  return { count, result: rows.map(conversationJson) };
}

export async function createConversation(
  ctx: AppContext,
  user: AuthUser,
  input: { title?: string | undefined; context: string },
) {
  const row = await insertConversation(ctx.store.db, {
    user_id: user.id,
    title: input.title?.trim() || '',
    context: input.context,
  });
  return { id: row.id, result: conversationJson(row) };
}

/** Another user's conversation answers 404, as if it did not exist. */
async function ownConversation(ctx: AppContext, user: AuthUser, id: number): Promise<AssistantConversationRow> {
  const row = await findConversation(ctx.store.db, user.id, id);
  if (!row) throw new HttpError(404, 'Not found');
  return row;
}

export async function readConversation(ctx: AppContext, user: AuthUser, id: number) {
  const row = await ownConversation(ctx, user, id);
  const messages = await conversationMessages(ctx.store.db, id);
  return { id, result: { ...conversationJson(row), messages: messages.map(messageJson) } };
}

export async function removeConversation(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  if (!(await deleteConversation(ctx.store.db, user.id, id))) throw new HttpError(404, 'Not found');
}

/** The earlier turns as the model sees them: the users' words and the assistant's text, no tool output. */
function historyOf(rows: AssistantMessageRow[]): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (const row of rows) {
    const text = parseParts(row.parts)
      .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
      .map((part) => part.text)
      .join('\n');
    if (!text) continue;
    history.push(
      row.role === 'user' ? { role: 'user', content: text } : { role: 'assistant', content: text, toolCalls: [] },
    );
  }
  return history;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Stores the user's message and starts the reply. The answer is an event stream: `text` (pieces of the model's
 * text), `part` (each finished part), then `done` with the stored message, or `error`. Closing the connection stops
 * the reply; what was made so far is kept with a `stopped` notice.
 */
export async function sendMessage(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  text: string,
  closed: AbortSignal,
): Promise<PassThrough> {
  const question = text.trim();
  if (question === '') {
    throw new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 400, message: 'The message is empty.' });
  }
  const conversation = await ownConversation(ctx, user, id);
  const earlier = await conversationMessages(ctx.store.db, id);
  await appendMessage(ctx.store.db, {
    conversation_id: id,
    role: 'user',
    parts: JSON.stringify([{ type: 'text', text: question }]),
  });
  if (!conversation.title) await renameConversation(ctx.store.db, id, question.slice(0, TITLE_LENGTH));

  const stream = new PassThrough();
  const parts: ReplyPart[] = [];
  const write = (chunk: string) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(chunk);
  };
  const sink: ReplySink = {
    text: (delta) => write(sse('text', { delta })),
    part: (part) => {
      parts.push(part);
      write(sse('part', part));
    },
  };
  const provider = providerOf(ctx.config.assistant);
  void (async () => {
    try {
      if (provider) {
        const history = [...historyOf(earlier), { role: 'user' as const, content: question }];
        await answerWithModel(ctx, user, provider, history, sink, closed);
      } else {
        await answerOffline(ctx, user, question, conversation.context, sink);
      }
      if (closed.aborted) sink.part({ type: 'notice', code: 'stopped' });
    } catch (error) {
      if (closed.aborted) sink.part({ type: 'notice', code: 'stopped' });
      else sink.part({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    try {
      const stored = await appendMessage(ctx.store.db, {
        conversation_id: id,
        role: 'assistant',
        parts: JSON.stringify(parts),
      });
      write(sse('done', messageJson(stored)));
    } catch (error) {
      write(sse('error', { message: error instanceof Error ? error.message : String(error) }));
    }
    if (!stream.writableEnded) stream.end();
  })();
  return stream;
}
