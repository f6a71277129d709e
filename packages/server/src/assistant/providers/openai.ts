// OpenAI-compatible chat completions with tool calling, streamed (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp,
// LM Studio all speak it): `POST {url}/chat/completions` with `stream: true`, deltas of text and tool calls.
import type { AssistantConfig } from '../../config/config.js';
import {
  type ChatMessage,
  type ChatProvider,
  eventJson,
  ProviderError,
  postStream,
  serverEvents,
  type ToolCall,
  type Turn,
  type TurnRequest,
} from './provider.js';

interface ChunkToolCall {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: Array<{
    delta?: { content?: string | null; tool_calls?: ChunkToolCall[] };
    finish_reason?: string | null;
  }>;
  usage?: { completion_tokens?: number } | null;
  error?: { message?: string };
}

function wireMessages(system: string, messages: ChatMessage[]): unknown[] {
  return [
    { role: 'system', content: system },
    ...messages.map((message) => {
      if (message.role === 'user') return { role: 'user', content: message.content };
      if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      return {
        role: 'assistant',
        content: message.content || null,
        ...(message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    }),
  ];
}

export class OpenAiProvider implements ChatProvider {
  readonly name = 'openai';
  constructor(private readonly config: AssistantConfig) {}

  async turn(request: TurnRequest): Promise<Turn> {
    const base = (this.config.url ?? '').replace(/\/+$/, '');
    // Azure takes the key in `api-key`; everyone else in a bearer header. Both are sent: each ignores the other.
    const headers: Record<string, string> = this.config.apiKey
      ? { authorization: `Bearer ${this.config.apiKey}`, 'api-key': this.config.apiKey }
      : {};
    const response = await postStream(
      this.config,
      `${base}/chat/completions`,
      headers,
      {
        model: this.config.model,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: request.maxTokens,
        messages: wireMessages(request.system, request.messages),
        tools: request.tools.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
      },
      request.signal,
    );
    let text = '';
    let finish: Turn['finish'] = 'end';
    let outputTokens = 0;
    let sawChoice = false;
    const calls = new Map<number, ToolCall>();
    for await (const event of serverEvents(response, request.signal)) {
      if (event.data.trim() === '[DONE]') break;
      const chunk = eventJson<Chunk>(event.data);
      if (chunk.error)
        throw new ProviderError(`The model provider failed: ${chunk.error.message ?? 'no details'}`, false);
      if (chunk.usage?.completion_tokens) outputTokens = chunk.usage.completion_tokens;
      for (const choice of chunk.choices ?? []) {
        sawChoice = true;
        const delta = choice.delta;
        if (delta?.content) {
          text += delta.content;
          request.onText(delta.content);
        }
        for (const part of delta?.tool_calls ?? []) {
          const index = part.index ?? 0;
          const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name += part.function.name;
          if (part.function?.arguments) call.arguments += part.function.arguments;
          calls.set(index, call);
        }
        if (choice.finish_reason === 'length') finish = 'length';
        else if (choice.finish_reason === 'tool_calls') finish = 'tool';
      }
    }
    if (!sawChoice) throw new ProviderError('The model provider sent no answer.', false);
    const toolCalls = [...calls.values()].map((call, i) => ({ ...call, id: call.id || `call_${i}` }));
    if (toolCalls.length > 0 && finish !== 'length') finish = 'tool';
    // Servers that leave usage out: about four characters a token.
    if (outputTokens === 0)
      outputTokens = Math.ceil((text.length + toolCalls.reduce((n, c) => n + c.arguments.length, 0)) / 4);
    return { text, toolCalls, outputTokens, finish };
  }
}
