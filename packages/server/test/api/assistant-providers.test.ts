// The assistant with a model: the OpenAI-compatible and Anthropic clients against a local HTTP server in the test
// that speaks each provider's wire protocol (streamed text, tool calls, errors) with scripted turns; the tools run
// for real as the user. A Gamma user's conversation cannot list, describe or query data outside its access.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { objectPermissionName } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantEvent, ask, parseEvents, partsOf } from '../support/assistant-stream.js';
import { addUser, runOn } from '../support/dataset-fixtures.js';
import type { Session } from '../support/test-app.js';
import { STORE_BACKENDS, title, useWorld } from './chart-harness.js';

const SECRET = 'ZETA_SECRET_CUSTOMER';

interface ScriptedCall {
  id: string;
  name: string;
  args: string;
}
interface ScriptedTurn {
  text?: string;
  calls?: ScriptedCall[];
  finish?: 'stop' | 'length';
  /** An error answer instead: status and body. */
  status?: number;
  body?: string;
  /** Stream the turn up to its finish, then keep the connection open until the client closes it. */
  hang?: boolean;
}

/** One chunk of each kind, the text and arguments cut in two as real streams cut them. */
function openAiStream(turn: ScriptedTurn): string {
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
  const halves = (text: string) => [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];
  let out = data({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' } }] });
  for (const piece of turn.text ? halves(turn.text) : []) {
    out += data({ choices: [{ index: 0, delta: { content: piece } }] });
  }
  (turn.calls ?? []).forEach((call, index) => {
    out += data({
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
          },
        },
      ],
    });
    for (const piece of halves(call.args)) {
      out += data({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] } }] });
    }
  });
  const finish = turn.finish ?? (turn.calls?.length ? 'tool_calls' : 'stop');
  out += data({ choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  out += data({ choices: [], usage: { prompt_tokens: 20, completion_tokens: 12 } });
  return `${out}data: [DONE]\n\n`;
}

function anthropicStream(turn: ScriptedTurn): string {
  const event = (name: string, value: unknown) =>
    `event: ${name}\ndata: ${JSON.stringify({ type: name, ...(value as object) })}\n\n`;
  let out = event('message_start', {
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'm',
      usage: { input_tokens: 20, output_tokens: 1 },
    },
  });
  let index = 0;
  if (turn.text) {
    out += event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    const cut = Math.ceil(turn.text.length / 2);
    for (const piece of [turn.text.slice(0, cut), turn.text.slice(cut)]) {
      out += event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    }
    out += event('content_block_stop', { index });
    index += 1;
  }
  for (const call of turn.calls ?? []) {
    out += event('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    });
    const cut = Math.ceil(call.args.length / 2);
    for (const piece of [call.args.slice(0, cut), call.args.slice(cut)]) {
      out += event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
    }
    out += event('content_block_stop', { index });
    index += 1;
  }
  const stop = turn.finish === 'length' ? 'max_tokens' : turn.calls?.length ? 'tool_use' : 'end_turn';
  out += event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 12 } });
  return out + event('message_stop', {});
}

interface Recorded {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The client closed the connection before the answer ended. */
  aborted: boolean;
}

/** The stream's events before the one that finishes the turn (OpenAI's finish_reason, Anthropic's message_delta). */
function unfinished(stream: string): string {
  const events = stream.split('\n\n');
  const finish = events.findIndex((event) => event.includes('finish_reason') || event.includes('message_delta'));
  return `${events.slice(0, finish).join('\n\n')}\n\n`;
}

/** The stand-in provider: answers each request with the next scripted turn, in the chosen wire protocol. */
class ScriptedProvider {
  readonly requests: Recorded[] = [];
  private turns: ScriptedTurn[] = [];
  private server: Server | null = null;
  constructor(private readonly protocol: 'openai' | 'anthropic') {}

  script(turns: ScriptedTurn[]): void {
    this.turns = [...turns];
    this.requests.length = 0;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded: Recorded = {
          url: request.url ?? '',
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
          aborted: false,
        };
        this.requests.push(recorded);
        response.on('close', () => {
          if (!response.writableEnded) recorded.aborted = true;
        });
        const turn = this.turns.shift() ?? { status: 500, body: '{"error":{"message":"no scripted turn left"}}' };
        if (turn.status) {
          response.writeHead(turn.status, { 'content-type': 'application/json' });
          response.end(turn.body ?? '');
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (turn.hang) {
          response.write(unfinished(this.protocol === 'openai' ? openAiStream(turn) : anthropicStream(turn)));
          return;
        }
        response.end(turn.body ?? (this.protocol === 'openai' ? openAiStream(turn) : anthropicStream(turn)));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return this.protocol === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const textOf = (events: AssistantEvent[]) =>
  events
    .filter((event) => event.event === 'text')
    .map((event) => (event.data as { delta: string }).delta)
    .join('');

for (const protocol of ['openai', 'anthropic'] as const) {
  const backend = STORE_BACKENDS[0];
  if (!backend) throw new Error('no store backend');
  describe.skipIf(!backend.url)(title(`assistant with the ${protocol} wire protocol`, backend), () => {
    const provider = new ScriptedProvider(protocol);
    const env: Record<string, string> = {};
    beforeAll(async () => {
      const url = await provider.start();
      Object.assign(env, {
        NEZHA_ASSISTANT_PROVIDER: protocol,
        NEZHA_ASSISTANT_URL: url,
        NEZHA_ASSISTANT_MODEL: 'scripted-model',
        NEZHA_ASSISTANT_API_KEY: 'test-key',
        NEZHA_ASSISTANT_RETRIES: '1',
        NEZHA_ASSISTANT_MAX_TOKENS: '1000',
      });
    });
    afterAll(async () => {
      await provider.stop();
    });
    const w = useWorld(backend, env);
    const sent = (index: number): Recorded => {
      const request = provider.requests[index];
      if (!request) throw new Error(`the provider got no request ${index}`);
      return request;
    };
    let analyst: { id: number; session: Session };

    beforeAll(async () => {
      await runOn(w.t, w.dbId, [`INSERT INTO customers VALUES (1, '${SECRET}')`]);
      // Gamma and sql_lab, with access to the orders dataset only: customers is outside its reach.
      analyst = await addUser(
        w.t,
        `analyst_${protocol}`,
        ['Gamma', 'sql_lab'],
        [['datasource_access', objectPermissionName.datasource('shop', 'orders', w.ordersId)]],
      );
    });

    const conversation = async (session: Session) => {
      const response = await session.request({
        method: 'POST',
        url: '/api/v1/assistant/conversations',
        payload: { context: 'sqllab' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };

    it('streams the text, runs the SQL the model asks for as the user, and sends the result back', async () => {
      provider.script([
        {
          text: 'Let me count.',
          calls: [
            {
              id: 'call_1',
              name: 'run_sql',
              args: JSON.stringify({ database_id: w.dbId, sql: 'SELECT SUM(total) AS s FROM orders' }),
            },
          ],
        },
        { text: 'The orders total 150.50.' },
      ]);
      const id = await conversation(w.admin);
      const events = await ask(w.admin, id, 'What do the orders total?');
      expect(textOf(events)).toBe('Let me count.The orders total 150.50.');
      const parts = partsOf(events);
      expect(parts.map((part) => part.type)).toEqual(['text', 'tool', 'sql', 'result', 'text']);
      const result = parts.find((part) => part.type === 'result') as { columns: string[]; rows: unknown[][] };
      expect(result.columns).toEqual(['s']);
      expect(Number(result.rows[0]?.[0])).toBe(150.5);

      expect(provider.requests).toHaveLength(2);
      const first = sent(0);
      const second = sent(1);
      expect(first.body).toMatchObject({ model: 'scripted-model', stream: true });
      const tools = (first.body.tools as Array<Record<string, unknown>>).map((tool) =>
        protocol === 'openai' ? (tool.function as { name: string }).name : tool.name,
      );
      expect(tools).toEqual(['search_data', 'describe_dataset', 'run_sql', 'build_chart']);
      if (protocol === 'openai') {
        expect(first.url).toBe('/v1/chat/completions');
        expect(first.headers.authorization).toBe('Bearer test-key');
        const toolMessage = (second.body.messages as Array<Record<string, unknown>>).at(-1);
        expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
        expect(JSON.parse(String(toolMessage?.content)).rows).toEqual([[150.5]]);
      } else {
        expect(first.url).toBe('/v1/messages');
        expect(first.headers['x-api-key']).toBe('test-key');
        expect(first.headers['anthropic-version']).toBe('2023-06-01');
        const last = (second.body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>).at(-1);
        expect(last?.role).toBe('user');
        expect(last?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'call_1' });
        expect(JSON.parse(String(last?.content[0]?.content)).rows).toEqual([[150.5]]);
      }
      // The reply is kept: the user's words and the assistant's parts.
      const read = (await w.admin.request({ method: 'GET', url: `/api/v1/assistant/conversations/${id}` })).json();
      expect(read.result.messages[1].parts.map((part: { type: string }) => part.type)).toEqual(
        parts.map((p) => p.type),
      );
    });

    it("refuses a Gamma user's model every tool on a dataset outside its access, and no row of it leaks", async () => {
      const forbidden = `${w.customersId}__table`;
      provider.script([
        {
          calls: [
            { id: 't1', name: 'search_data', args: JSON.stringify({ query: 'customers' }) },
            { id: 't2', name: 'describe_dataset', args: JSON.stringify({ dataset_id: w.customersId }) },
            {
              id: 't3',
              name: 'run_sql',
              args: JSON.stringify({ database_id: w.dbId, sql: 'SELECT * FROM customers' }),
            },
            {
              id: 't4',
              name: 'build_chart',
              args: JSON.stringify({
                form_data: {
                  datasource: forbidden,
                  viz_type: 'table',
                  query_mode: 'raw',
                  all_columns: ['name'],
                  row_limit: 10,
                },
              }),
            },
            { id: 't5', name: 'run_sql', args: JSON.stringify({ database_id: w.dbId, sql: 'DELETE FROM orders' }) },
            { id: 't6', name: 'describe_dataset', args: '{not json' },
          ],
        },
        { text: 'I cannot reach that data.' },
      ]);
      const id = await conversation(analyst.session);
      const response = await analyst.session.request({
        method: 'POST',
        url: `/api/v1/assistant/conversations/${id}/messages`,
        payload: { text: 'Show me every customer' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(SECRET);
      const parts = partsOf(parseEvents(response.body));
      const tools = parts.filter((part) => part.type === 'tool') as Array<{
        name: string;
        ok: boolean;
        error?: string;
      }>;
      expect(tools.map((tool) => [tool.name, tool.ok])).toEqual([
        ['search_data', true],
        ['describe_dataset', false],
        ['run_sql', false],
        ['build_chart', false],
        ['run_sql', false],
        ['describe_dataset', false],
      ]);
      expect(tools[1]?.error).toBe('Not found');
      expect(tools[2]?.error).toBe('You need access to this database to run this query.');
      expect(tools[3]?.error).toContain('This endpoint requires the datasource customers');
      expect(tools[5]?.error).toBe('The arguments are not valid JSON.');
      expect(parts.some((part) => part.type === 'result' || part.type === 'chart')).toBe(false);

      // What went back to the model: refusals, and a search that does not know the dataset.
      const toModel = JSON.stringify(sent(1).body);
      expect(toModel).not.toContain(SECRET);
      const search = JSON.parse(
        protocol === 'openai'
          ? String(
              (sent(1).body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'tool')
                ?.content,
            )
          : String(
              (sent(1).body.messages as Array<{ content: Array<{ content?: string }> }>).at(-1)?.content[0]?.content,
            ),
      ) as Array<{ name: string }>;
      expect(search.map((entry) => entry.name)).not.toContain('customers');

      const stored = await w.t.ctx.store.db
        .selectFrom('assistant_messages')
        .select('parts')
        .where('conversation_id', '=', id)
        .execute();
      expect(stored.length).toBe(2);
      expect(JSON.stringify(stored)).not.toContain(SECRET);
      // Nothing ran with the user's rights exceeded: the orders are all still there.
      const count = await w.admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: {
          client_id: `cnt${protocol.slice(0, 7)}x`,
          database_id: w.dbId,
          sql: 'SELECT COUNT(*) AS n FROM orders',
        },
      });
      expect(Number(count.json().data[0].n)).toBe(5);
    });

    it('shows a provider that is down, answers garbage or stops at the budget plainly', async () => {
      const id = await conversation(w.admin);
      provider.script([
        { status: 503, body: '{"error":{"message":"overloaded"}}' },
        { status: 503, body: '{"error":{"message":"overloaded"}}' },
      ]);
      let parts = partsOf(await ask(w.admin, id, 'hello'));
      expect(parts).toEqual([{ type: 'error', message: 'The model provider answered 503: overloaded' }]);
      expect(provider.requests).toHaveLength(2);

      provider.script([{ status: 401, body: '{"error":{"message":"invalid x-api-key"}}' }]);
      parts = partsOf(await ask(w.admin, id, 'hello'));
      expect(parts).toEqual([{ type: 'error', message: 'The model provider answered 401: invalid x-api-key' }]);
      expect(provider.requests).toHaveLength(1);

      provider.script([{ body: 'data: this is not json\n\n' }]);
      parts = partsOf(await ask(w.admin, id, 'hello'));
      expect(parts).toEqual([
        { type: 'error', message: 'The model provider sent something that is not JSON: this is not json' },
      ]);

      provider.script([{ text: 'A very long answer', finish: 'length' }]);
      parts = partsOf(await ask(w.admin, id, 'hello'));
      expect(parts).toEqual([
        { type: 'text', text: 'A very long answer' },
        { type: 'notice', code: 'budget' },
      ]);
      expect((sent(0).body as { max_tokens: number }).max_tokens).toBe(1000);
    });

    it('stops the reply when the browser closes the stream: the provider call aborted, the partial reply kept', async () => {
      const marker = `stop_marker_${protocol}`;
      provider.script([
        {
          text: 'Counting the orders now.',
          calls: [
            {
              id: 'stop_1',
              name: 'run_sql',
              args: JSON.stringify({ database_id: w.dbId, sql: `SELECT COUNT(*) AS ${marker} FROM orders` }),
            },
          ],
          hang: true,
        },
        { text: 'A second turn nobody should ask for.' },
      ]);
      const id = await conversation(w.admin);
      // A real connection the test can close, as the browser's Stop does; inject cannot hang up mid-answer.
      const address = new URL(await w.t.app.listen({ port: 0, host: '127.0.0.1' }));
      const payload = JSON.stringify({ text: 'How many orders are there?' });
      const connection = httpRequest({
        host: address.hostname,
        port: address.port,
        method: 'POST',
        path: `/api/v1/assistant/conversations/${id}/messages`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: w.admin.cookie,
          'x-csrftoken': w.admin.csrf,
        },
      });
      connection.on('error', () => undefined);
      connection.end(payload);
      const answer = await new Promise<IncomingMessage>((resolve) => connection.once('response', resolve));
      expect(answer.statusCode).toBe(200);
      let body = '';
      // The model's whole text has streamed through; the provider's answer is still open.
      await new Promise<void>((resolve) => {
        answer.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
          if (textOf(parseEvents(body)) === 'Counting the orders now.') resolve();
        });
      });
      expect(sent(0).aborted).toBe(false);
      connection.destroy();

      await expect.poll(() => sent(0).aborted, { timeout: 20_000 }).toBe(true);
      const storedParts = async () =>
        (
          await w.t.ctx.store.db
            .selectFrom('assistant_messages')
            .select(['role', 'parts'])
            .where('conversation_id', '=', id)
            .orderBy('id')
            .execute()
        ).map((row) => ({ role: row.role, parts: JSON.parse(row.parts) as Array<{ type: string }> }));
      await expect.poll(async () => (await storedParts()).length, { timeout: 20_000 }).toBe(2);
      const [question, reply] = await storedParts();
      expect(question?.role).toBe('user');
      expect(reply?.role).toBe('assistant');
      expect(reply?.parts).toEqual([
        { type: 'text', text: 'Counting the orders now.' },
        { type: 'notice', code: 'stopped' },
      ]);
      // The half-streamed tool call never ran and no further turn was asked for.
      expect(provider.requests).toHaveLength(1);
      const ran = await w.t.ctx.store.db
        .selectFrom('query')
        .select('sql')
        .where('sql', 'like', `%${marker}%`)
        .execute();
      expect(ran).toEqual([]);
      // The conversation reads back with the stopped reply.
      const read = (await w.admin.request({ method: 'GET', url: `/api/v1/assistant/conversations/${id}` })).json();
      expect(read.result.messages[1].parts.at(-1)).toEqual({ type: 'notice', code: 'stopped' });
    });
  });
}
