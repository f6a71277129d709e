// Anthropic's Messages API, streamed: `POST {url}/v1/messages` with `stream: true`; text and tool_use content blocks
// arrive as content_block_start / content_block_delta (text_delta, input_json_delta) / message_delta events.
import type { AssistantConfig } from '../../config/config.js';
import {
  type ChatMessage,
  type ChatProvider,
  eventJson,
  ProviderError,
  postStream,
  serverEvents,
  type Turn,
  type TurnRequest,
} from './provider.js';

const API_VERSION = '2023-06-01';

interface StreamEvent {
  type?: string;
  index?: number;
  content_block?: { type?: string; id?: string; name?: string; text?: string };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null };
  usage?: { output_tokens?: number };
  error?: { type?: string; message?: string };
}

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/** Tool results follow their call as a user message; consecutive results share one. */
function wireMessages(messages: ChatMessage[]): unknown[] {
  const out: Array<{ role: string; content: unknown[] }> = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: [{ type: 'text', text: message.content }] });
    else if (message.role === 'assistant') {
      const content: unknown[] = message.content ? [{ type: 'text', text: message.content }] : [];
      for (const call of message.toolCalls) {
        content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseInput(call.arguments) });
      }
      out.push({ role: 'assistant', content });
    } else {
      const block = { type: 'tool_result', tool_use_id: message.toolCallId, content: message.content };
      const last = out[out.length - 1];
      if (last?.role === 'user' && (last.content[0] as { type?: string })?.type === 'tool_result')
        last.content.push(block);
      else out.push({ role: 'user', content: [block] });
    }
  }
  return out;
}

export class AnthropicProvider implements ChatProvider {
  readonly name = 'anthropic';
  constructor(private readonly config: AssistantConfig) {}

  async turn(request: TurnRequest): Promise<Turn> {
    const base = (this.config.url ?? '').replace(/\/+$/, '').replace(/\/v1$/, '');
    const response = await postStream(
      this.config,
      `${base}/v1/messages`,
      { 'anthropic-version': API_VERSION, ...(this.config.apiKey ? { 'x-api-key': this.config.apiKey } : {}) },
      {
        model: this.config.model,
        stream: true,
        max_tokens: request.maxTokens,
        system: request.system,
        messages: wireMessages(request.messages),
        tools: request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.parameters,
        })),
      },
      request.signal,
    );
    let text = '';
    let finish: Turn['finish'] = 'end';
    let outputTokens = 0;
    let started = false;
    const blocks = new Map<number, { id: string; name: string; json: string }>();
    for await (const event of serverEvents(response, request.signal)) {
      const data = eventJson<StreamEvent>(event.data);
      const type = data.type ?? event.event;
      if (type === 'error') {
        throw new ProviderError(`The model provider failed: ${data.error?.message ?? 'no details'}`, false);
      }
      if (type === 'message_start') started = true;
      if (type === 'content_block_start' && data.content_block?.type === 'tool_use') {
        blocks.set(data.index ?? 0, { id: data.content_block.id ?? '', name: data.content_block.name ?? '', json: '' });
      }
      if (type === 'content_block_delta') {
        if (data.delta?.type === 'text_delta' && data.delta.text) {
          text += data.delta.text;
          request.onText(data.delta.text);
        } else if (data.delta?.type === 'input_json_delta') {
          const block = blocks.get(data.index ?? 0);
          if (block) block.json += data.delta.partial_json ?? '';
        }
      }
      if (type === 'message_delta') {
        if (data.usage?.output_tokens) outputTokens = data.usage.output_tokens;
        if (data.delta?.stop_reason === 'max_tokens') finish = 'length';
        else if (data.delta?.stop_reason === 'tool_use') finish = 'tool';
      }
      if (type === 'message_stop') break;
    }
    if (!started) throw new ProviderError('The model provider sent no answer.', false);
    const toolCalls = [...blocks.values()].map((block) => ({
      id: block.id,
      name: block.name,
      arguments: block.json || '{}',
    }));
    if (toolCalls.length > 0 && finish !== 'length') finish = 'tool';
    return { text, toolCalls, outputTokens, finish };
  }
}
