// The one interface both model providers answer to, and what they share: the HTTP call with its timeout and
// retries, and the server-sent events of a streamed answer.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { AssistantConfig } from '../../config/config.js';
import type { ToolDefinition } from '../tools.js';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, possibly not valid. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface TurnRequest {
  system: string;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  maxTokens: number;
  signal: AbortSignal;
  /** Each piece of text as it streams in. */
  onText(delta: string): void;
}

export interface Turn {
  text: string;
  toolCalls: ToolCall[];
  outputTokens: number;
  /** 'length': the provider stopped at max tokens. */
  finish: 'end' | 'tool' | 'length';
}

export interface ChatProvider {
  readonly name: string;
  turn(request: TurnRequest): Promise<Turn>;
}

/** A provider's failure, in words a user can act on. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const RETRY_STATUS = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

/** The provider's own words from an error body (both APIs answer `{error: {message}}`), else the body's start. */
function errorText(status: number, body: string): string {
  let detail = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const inner = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    detail = inner ?? parsed.message ?? detail;
  } catch {
    // Not JSON: the text itself says it.
  }
  return `The model provider answered ${status}: ${detail || 'no details'}`;
}

/**
 * POSTs a JSON body and hands back the streaming response. Retried on timeouts, connection errors, 429 and 5xx
 * (after 0.5 s, 1 s, …); the user's stop aborts at once.
 */
export async function postStream(
  config: AssistantConfig,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  let attempt = 0;
  for (;;) {
    const timeout = AbortSignal.timeout(config.timeoutSeconds * 1000);
    const combined = AbortSignal.any([signal, timeout]);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
        body: JSON.stringify(body),
        signal: combined,
      });
      if (response.ok) return response;
      const text = await response.text().catch(() => '');
      throw new ProviderError(errorText(response.status, text), RETRY_STATUS.has(response.status));
    } catch (error) {
      if (signal.aborted) throw error;
      const failure =
        error instanceof ProviderError
          ? error
          : timeout.aborted
            ? new ProviderError(`The model provider did not answer within ${config.timeoutSeconds} s.`, true)
            : new ProviderError(`The model provider cannot be reached at ${url}: ${(error as Error).message}`, true);
      if (!failure.retryable || attempt >= config.retries) throw failure;
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

/** The events of a server-sent event stream, as they arrive. */
export async function* serverEvents(response: Response, signal: AbortSignal): AsyncGenerator<EventSourceMessage> {
  if (!response.body) throw new ProviderError('The model provider sent an empty answer.', false);
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift() as EventSourceMessage;
    }
    while (queue.length > 0) yield queue.shift() as EventSourceMessage;
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
}

/** JSON of one event's data, or a plain error naming the garbage. */
export function eventJson<T>(data: string): T {
  try {
    return JSON.parse(data) as T;
  } catch {
    throw new ProviderError(`The model provider sent something that is not JSON: ${data.slice(0, 120)}`, false);
  }
}
