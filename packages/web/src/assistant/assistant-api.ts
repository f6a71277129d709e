// The assistant's REST calls and its streamed reply (server-sent events read from a POST, which EventSource cannot).
import { createParser } from 'eventsource-parser';
import { request, requestStream } from '../api/client';

export type AssistantContext = 'sqllab' | 'explore';

export interface ConversationSummary {
  id: number;
  title: string;
  context: AssistantContext;
  changed_on: string;
}

export type ReplyPart =
  | { type: 'text'; text: string }
  | { type: 'sql'; sql: string; database_id: number; schema: string | null }
  | {
      type: 'result';
      sql: string;
      database_id: number;
      schema: string | null;
      columns: string[];
      rows: unknown[][];
      truncated: boolean;
    }
  | {
      type: 'chart';
      form_data: Record<string, unknown>;
      columns: string[];
      data: Record<string, unknown>[];
      query: string;
    }
  | { type: 'tool'; name: string; ok: boolean; error?: string }
  | {
      type: 'match';
      dataset: { id: number; name: string };
      metric: string;
      groupby: string[];
      time_range: string | null;
      time_grain: string | null;
      viz_type: string;
      unmatched: string[];
    }
  | { type: 'notice'; code: 'no_model'; admin: boolean }
  | { type: 'notice'; code: 'no_match'; words: string[] }
  | { type: 'notice'; code: 'budget' | 'stopped' }
  | { type: 'error'; message: string };

export interface AssistantMessage {
  id: number;
  role: 'user' | 'assistant';
  parts: ReplyPart[];
}

const BASE = '/api/v1/assistant/conversations';

export async function listConversations(context: AssistantContext): Promise<ConversationSummary[]> {
  const answer = await request<{ result: ConversationSummary[] }>(`${BASE}?context=${context}&page_size=50`);
  return answer.result;
}

export async function createConversation(context: AssistantContext): Promise<number> {
  return (await request<{ id: number }>(BASE, { json: { context } })).id;
}

export async function readConversation(id: number): Promise<{ title: string; messages: AssistantMessage[] }> {
  return (await request<{ result: { title: string; messages: AssistantMessage[] } }>(`${BASE}/${id}`)).result;
}

export async function deleteConversation(id: number): Promise<void> {
  await request(`${BASE}/${id}`, { method: 'DELETE' });
}

export interface StreamHandlers {
  onText(delta: string): void;
  onPart(part: ReplyPart): void;
  onDone(message: AssistantMessage): void;
}

/** Sends a message and reads the reply as it streams; aborting the signal stops the reply on the server. */
export async function sendMessage(id: number, text: string, signal: AbortSignal, handlers: StreamHandlers) {
  const answer = await requestStream(`${BASE}/${id}/messages`, 'text/event-stream', { json: { text }, signal });
  if (!('stream' in answer)) return;
  const parser = createParser({
    onEvent: (event) => {
      const data = JSON.parse(event.data) as unknown;
      if (event.event === 'text') handlers.onText((data as { delta: string }).delta);
      else if (event.event === 'part') handlers.onPart(data as ReplyPart);
      else if (event.event === 'done') handlers.onDone(data as AssistantMessage);
      else if (event.event === 'error')
        handlers.onPart({ type: 'error', message: (data as { message: string }).message });
    },
  });
  const reader = answer.stream.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

/** Explore's address for a form data: `?form_data=`, and the dataset Explore loads its panels from. */
export function exploreUrl(formData: Record<string, unknown>): string {
  const [id, type] = String(formData.datasource ?? '').split('__');
  const params = new URLSearchParams({ form_data: JSON.stringify(formData) });
  if (id && /^\d+$/.test(id)) {
    params.set('datasource_type', type || 'table');
    params.set('datasource_id', id);
  }
  return `/explore/?${params.toString()}`;
}
