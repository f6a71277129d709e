// A reply with a model: turns of the provider, the tools it calls run as the user (refusals go back to it), until
// it answers, the token budget or the turn limit is reached, or the user stops (the text so far is kept, no further
// tool runs).
import type { AppContext } from '../app/context.js';
import type { AssistantConfig } from '../config/config.js';
import type { AuthUser } from '../security/current-user.js';
import type { ReplySink } from './parts.js';
import { AnthropicProvider } from './providers/anthropic.js';
import { OpenAiProvider } from './providers/openai.js';
import type { ChatMessage, ChatProvider, Turn } from './providers/provider.js';
import { runTool, TOOL_DEFINITIONS } from './tools.js';

/** Tool output handed back to the model at most, in characters. */
const TOOL_CONTENT_LIMIT = 20_000;

const SYSTEM = [
  'You are the data assistant of Nezha, a data exploration tool like Apache Superset.',
  'Answer questions about the data the user can access, using the tools: search_data to find datasets, columns,',
  'metrics, measures and cohorts; describe_dataset for a dataset’s columns, database and schema; run_sql for one',
  'read-only query; build_chart to draw a chart from Superset form data.',
  'Write SQL for the database’s engine, quote identifiers that need it, and keep results small with LIMIT.',
  'When a tool refuses, say so plainly; never guess data you have not read. Answer briefly.',
].join(' ');

export function providerOf(config: AssistantConfig): ChatProvider | null {
  if (config.provider === 'openai') return new OpenAiProvider(config);
  if (config.provider === 'anthropic') return new AnthropicProvider(config);
  return null;
}

function toolContent(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > TOOL_CONTENT_LIMIT ? `${text.slice(0, TOOL_CONTENT_LIMIT)}… (cut)` : text;
}

export async function answerWithModel(
  ctx: AppContext,
  user: AuthUser,
  provider: ChatProvider,
  history: ChatMessage[],
  sink: ReplySink,
  signal: AbortSignal,
): Promise<void> {
  const config = ctx.config.assistant;
  const messages = [...history];
  let spent = 0;
  for (let turnNumber = 0; turnNumber < config.maxTurns; turnNumber += 1) {
    const remaining = config.maxTokensPerReply - spent;
    if (remaining <= 0) {
      sink.part({ type: 'notice', code: 'budget' });
      return;
    }
    let text = '';
    let turn: Turn;
    try {
      turn = await provider.turn({
        system: SYSTEM,
        messages,
        tools: TOOL_DEFINITIONS,
        maxTokens: remaining,
        signal,
        onText: (delta) => {
          text += delta;
          sink.text(delta);
        },
      });
    } catch (error) {
      // Stopped mid-turn: the text streamed so far is kept with the reply.
      if (signal.aborted && text) sink.part({ type: 'text', text });
      throw error;
    }
    spent += turn.outputTokens;
    if (text) sink.part({ type: 'text', text });
    // A turn cut short by the user's stop may carry half-written tool calls: none of them runs.
    if (signal.aborted) return;
    if (turn.finish === 'length') {
      sink.part({ type: 'notice', code: 'budget' });
      return;
    }
    if (turn.toolCalls.length === 0) return;
    messages.push({ role: 'assistant', content: turn.text, toolCalls: turn.toolCalls });
    for (const call of turn.toolCalls) {
      if (signal.aborted) return;
      let args: unknown;
      try {
        args = JSON.parse(call.arguments || '{}');
      } catch {
        args = undefined;
      }
      const outcome =
        args === undefined
          ? { ok: false as const, error: 'The arguments are not valid JSON.' }
          : await runTool(ctx, user, call.name, args);
      if (outcome.ok) {
        sink.part({ type: 'tool', name: call.name, ok: true });
        if (outcome.part?.type === 'result') {
          const { sql, database_id, schema } = outcome.part;
          sink.part({ type: 'sql', sql, database_id, schema });
        }
        if (outcome.part) sink.part(outcome.part);
      } else {
        sink.part({ type: 'tool', name: call.name, ok: false, error: outcome.error });
      }
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: toolContent(outcome.ok ? outcome.content : { error: outcome.error }),
      });
    }
  }
  sink.part({ type: 'notice', code: 'budget' });
}
