// Reads the assistant's server-sent events answer into its events, and asks a conversation a question.
import { createParser } from 'eventsource-parser';
import { expect } from 'vitest';
import type { ReplyPart } from '../../src/assistant/parts.js';
import type { Session } from './test-app.js';

export interface AssistantEvent {
  event: string;
  data: unknown;
}

export function parseEvents(body: string): AssistantEvent[] {
  const events: AssistantEvent[] = [];
  const parser = createParser({
    onEvent: (message) => events.push({ event: message.event ?? 'message', data: JSON.parse(message.data) }),
  });
  parser.feed(body);
  return events;
}

/** The parts of the reply, in the order they came. */
export function partsOf(events: AssistantEvent[]): ReplyPart[] {
  return events.filter((event) => event.event === 'part').map((event) => event.data as ReplyPart);
}

export async function ask(session: Session, conversationId: number, text: string): Promise<AssistantEvent[]> {
  const response = await session.request({
    method: 'POST',
    url: `/api/v1/assistant/conversations/${conversationId}/messages`,
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/event-stream');
  const events = parseEvents(response.body);
  expect(events.at(-1)?.event, response.body).toBe('done');
  return events;
}
