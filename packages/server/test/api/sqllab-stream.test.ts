// SQL Lab answers streamed as the engine yields rows: the same answer as when read whole, the columnar format our web
// client asks for, the results backend fed the same bytes, a client that goes away stopping the query, the cap on
// large streams, and compression.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../../src/engines/types.js';
import { LARGE_RESULTS_BUSY_MESSAGE } from '../../src/sqllab/large-result-slots.js';
import { CLIENT_GONE_MESSAGE } from '../../src/sqllab/run-outcome.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import {
  execute,
  newClientId,
  recordByClientId,
  rison,
  SQLLAB_ENGINES,
  useEngineDatabases,
  waitFor,
} from './sqllab-harness.js';

const BATCH = 4;
const THRESHOLD = 6;
/** No threshold: every result is read whole, as before streaming. */
const WHOLE = Number.MAX_SAFE_INTEGER;

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      NEZHA_SQLLAB_STREAM_BATCH_ROWS: String(BATCH),
      NEZHA_SQLLAB_STREAM_THRESHOLD_ROWS: String(THRESHOLD),
      SQL_MAX_ROW: '2000000000',
    },
  });
  admin = await t.login();
});
afterAll(() => t?.close());

/** Runs with the given stream threshold (the config is read per run). */
async function executeWith(threshold: number, body: Record<string, unknown>, accept?: string) {
  const before = t.ctx.config.sqlLab.streamThresholdRows;
  t.ctx.config.sqlLab.streamThresholdRows = threshold;
  try {
    const clientId = newClientId();
    return await admin.request({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      payload: { client_id: clientId, runAsync: false, ...body },
      ...(accept ? { headers: { accept } } : {}),
    });
  } finally {
    t.ctx.config.sqlLab.streamThresholdRows = before;
  }
}

/** The answer without what differs between two runs of the same SQL (ids, times, keys). */
function stable(response: LightMyRequestResponse) {
  const body = response.json();
  const { id, queryId, serverId, startDttm, endDttm, changed_on, resultsKey, ...query } = body.query;
  return { ...body, query_id: undefined, query };
}

function isStreamed(response: LightMyRequestResponse): boolean {
  return response.headers['transfer-encoding'] === 'chunked';
}

interface ColumnarLine {
  columns?: unknown[];
  rows?: number;
  values?: unknown[][];
  status?: string;
  [key: string]: unknown;
}

function lines(body: string): ColumnarLine[] {
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ColumnarLine);
}

/** Row objects rebuilt from columnar lines, as the web client does. */
function rowsOf(parsed: ColumnarLine[]): Array<Record<string, unknown>> {
  const names = ((parsed[0]?.columns ?? []) as Array<{ name: string }>).map((c) => c.name);
  const rows: Array<Record<string, unknown>> = [];
  for (const line of parsed) {
    if (!line.values) continue;
    for (let r = 0; r < (line.rows as number); r += 1) {
      rows.push(Object.fromEntries(names.map((name, c) => [name, line.values?.[c]?.[r]])));
    }
  }
  return rows;
}

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab streamed answers'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );
    const sql = () => `SELECT n, label, day FROM ${e.nums} ORDER BY n`;

    it('a streamed answer is the answer read whole, byte for byte but for ids and times, limit included', async () => {
      for (const queryLimit of [20, 1000]) {
        const whole = await executeWith(WHOLE, { database_id: e.db.id, sql: sql(), queryLimit });
        const streamed = await executeWith(THRESHOLD, { database_id: e.db.id, sql: sql(), queryLimit });
        expect(whole.statusCode, whole.body).toBe(200);
        expect(streamed.statusCode, streamed.body).toBe(200);
        expect(isStreamed(whole)).toBe(false);
        expect(isStreamed(streamed)).toBe(true);
        expect(stable(streamed)).toEqual(stable(whole));
        const data = streamed.json().data as Array<{ n: number }>;
        expect(data.map((row) => Number(row.n))).toEqual(
          Array.from({ length: Math.min(queryLimit, 30) }, (_, i) => i + 1),
        );
        expect(streamed.json().query).toMatchObject({
          rows: Math.min(queryLimit, 30),
          limitingFactor: queryLimit === 20 ? 'DROPDOWN' : 'NOT_LIMITED',
        });
      }
    });

    it('a streamed answer is compressed as the client accepts, decompressing to the same bytes', async () => {
      const body = { database_id: e.db.id, sql: sql(), queryLimit: 1000 };
      const before = t.ctx.config.sqlLab.streamThresholdRows;
      t.ctx.config.sqlLab.streamThresholdRows = THRESHOLD;
      try {
        for (const [encoding, decode] of [
          ['gzip', gunzipSync],
          ['br', brotliDecompressSync],
        ] as const) {
          const plain = await admin.request({
            method: 'POST',
            url: '/api/v1/sqllab/execute/',
            payload: { client_id: newClientId(), ...body },
          });
          const packed = await admin.request({
            method: 'POST',
            url: '/api/v1/sqllab/execute/',
            payload: { client_id: newClientId(), ...body },
            headers: { 'accept-encoding': encoding },
          });
          expect(isStreamed(packed)).toBe(true);
          expect(packed.headers['content-encoding']).toBe(encoding);
          const text = decode(packed.rawPayload).toString('utf8');
          expect(stable({ json: () => JSON.parse(text) } as LightMyRequestResponse)).toEqual(stable(plain));
        }
      } finally {
        t.ctx.config.sqlLab.streamThresholdRows = before;
      }
    });

    it('a small result is answered whole, as before', async () => {
      const small = await executeWith(THRESHOLD, { database_id: e.db.id, sql: `${sql()} LIMIT 3` });
      expect(small.statusCode, small.body).toBe(200);
      expect(isStreamed(small)).toBe(false);
      expect(small.json().data).toHaveLength(3);
    });

    it('the columnar answer holds the same rows and payload, column names once and values by column', async () => {
      const json = await executeWith(THRESHOLD, { database_id: e.db.id, sql: sql(), queryLimit: 25 });
      for (const threshold of [THRESHOLD, WHOLE]) {
        const columnar = await executeWith(
          threshold,
          { database_id: e.db.id, sql: sql(), queryLimit: 25 },
          'application/x-ndjson',
        );
        expect(columnar.statusCode, columnar.body).toBe(200);
        expect(columnar.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
        const parsed = lines(columnar.body);
        expect(parsed[0]).toEqual({ columns: json.json().columns });
        const batches = parsed.slice(1, -1);
        expect(batches.every((line) => (line.rows as number) <= BATCH && line.values?.length === 3)).toBe(true);
        expect(rowsOf(parsed)).toEqual(json.json().data);
        const { data: _data, ...rest } = stable(json);
        const last = parsed.at(-1) as ColumnarLine;
        const { id, queryId, serverId, startDttm, endDttm, changed_on, resultsKey, ...query } = last.query as Record<
          string,
          unknown
        >;
        expect({ ...last, query_id: undefined, query }).toEqual(rest);
      }
    });

    it('the results backend keeps the very bytes that were streamed', async () => {
      const streamed = await executeWith(THRESHOLD, { database_id: e.db.id, sql: sql(), queryLimit: 1000 });
      expect(isStreamed(streamed)).toBe(true);
      const key = streamed.json().query.resultsKey as string;
      expect(key).toEqual(expect.any(String));
      const stored = await admin.request({ method: 'GET', url: `/api/v1/sqllab/results/?q=${rison({ key })}` });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.body).toBe(streamed.body);
      const record = await recordByClientId(admin, streamed.json().query.id);
      expect(record).toMatchObject({ status: 'success', rows: 30 });
      // A columnar run keeps Superset's JSON of the same rows, which is what a later read by key answers.
      const columnar = await executeWith(
        THRESHOLD,
        { database_id: e.db.id, sql: sql(), queryLimit: 1000 },
        'application/x-ndjson',
      );
      const last = lines(columnar.body).at(-1) as { query: { resultsKey: string } };
      const kept = await admin.request({
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=${rison({ key: last.query.resultsKey })}`,
      });
      expect(kept.json().data).toEqual(rowsOf(lines(columnar.body)));
    });
  });
}

/** SQL yielding rows for far longer than any test waits, read lazily by the engine. */
const ENDLESS: Partial<Record<EngineName, { sql: string; marker: string }>> = {
  duckdb: { sql: 'SELECT i FROM range(1000000000) AS t(i)', marker: 'range(1000000000)' },
  // A set-returning function in the select list streams; in FROM it would be materialised first.
  postgresql: { sql: 'SELECT generate_series(1, 1000000000) AS i', marker: 'generate_series(1, 1000000000)' },
  clickhouse: { sql: 'SELECT number AS i FROM numbers(1000000000)', marker: 'numbers(1000000000)' },
};

for (const engine of SQLLAB_ENGINES.filter((candidate) => ENDLESS[candidate.name])) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab streams and clients that leave'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
      { fixtureTables: false },
    );

    it('a client that closes the connection mid-stream stops the query in the database', async () => {
      const address = await listening();
      const clientId = newClientId();
      const firstBytes = await new Promise<string>((resolve, reject) => {
        const request = http.request(
          {
            host: address.address,
            port: address.port,
            method: 'POST',
            path: '/api/v1/sqllab/execute/',
            headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf, 'content-type': 'application/json' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              // Gone after the first piece: the server must not go on reading a billion rows for nobody.
              request.destroy();
              resolve(chunk.toString('utf8'));
            });
            response.once('error', () => undefined);
          },
        );
        request.once('error', (error) => {
          if (!request.destroyed) reject(error);
        });
        request.end(
          JSON.stringify({
            client_id: clientId,
            database_id: e.db.id,
            sql: ENDLESS[engine.name]?.sql,
            queryLimit: 1_000_000_000,
            runAsync: false,
          }),
        );
      });
      expect(firstBytes.startsWith('{"status":"success","data":[')).toBe(true);
      const record = await waitFor(
        () => recordByClientId(admin, clientId),
        (r) => r?.status === 'failed',
        30_000,
      );
      expect(record, JSON.stringify(record)).toMatchObject({ status: 'failed', errorMessage: CLIENT_GONE_MESSAGE });
      await waitFor(
        async () => t.ctx.running.size + t.ctx.largeResults.inUse,
        (n) => n === 0,
      );
      expect(t.ctx.running.size).toBe(0);
      expect(t.ctx.largeResults.inUse).toBe(0);
      // The server engines show their running statements; DuckDB runs in this process and stopped with the run.
      const count = engine.fixture.runningCount;
      const marker = ENDLESS[engine.name]?.marker ?? '';
      if (e.probe && count) {
        const active = await waitFor(
          () => count(e.probe as NonNullable<typeof e.probe>, marker),
          (n) => n === 0,
        );
        expect(active).toBe(0);
      }
    });

    it('past the cap on large streams a run is refused with 503 and Retry-After; a small one still runs', async () => {
      const held: Array<() => void> = [];
      for (;;) {
        const release = t.ctx.largeResults.tryAcquire();
        if (!release) break;
        held.push(release);
      }
      try {
        const refused = await execute(admin, {
          database_id: e.db.id,
          sql: ENDLESS[engine.name]?.sql,
          queryLimit: 1_000_000_000,
          runAsync: false,
        });
        expect(refused.status, refused.response.body).toBe(503);
        expect(refused.response.headers['retry-after']).toBe('5');
        expect(refused.json().message).toBe(LARGE_RESULTS_BUSY_MESSAGE);
        expect(await recordByClientId(admin, refused.clientId)).toMatchObject({ status: 'failed' });
        const small = await execute(admin, { database_id: e.db.id, sql: 'SELECT 1 AS one', runAsync: false });
        expect(small.status, small.response.body).toBe(200);
      } finally {
        for (const release of held) release();
      }
    });
  });
}

let address: AddressInfo | null = null;
async function listening(): Promise<AddressInfo> {
  if (!address) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    address = t.app.server.address() as AddressInfo;
  }
  return address;
}

describe('compression of answers', () => {
  it('JSON answers are compressed with br or gzip as the client accepts, and plain otherwise', async () => {
    const ask = (encoding?: string) =>
      admin.request({
        method: 'GET',
        url: '/api/v1/query/?q=(page_size:100)',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe.skipIf(!SQLLAB_ENGINES.find((engine) => engine.name === 'duckdb')?.available)(
  'SQL Lab stream failing half-way on duckdb',
  () => {
    const duckdb = SQLLAB_ENGINES.find((engine) => engine.name === 'duckdb');
    const e = useEngineDatabases(
      () => t,
      () => admin,
      duckdb as (typeof SQLLAB_ENGINES)[number],
      { fixtureTables: false },
    );
    // Rows flow for a while before the engine meets the bad one: the answer has begun by then.
    const failing =
      "SELECT CASE WHEN i < 200000 THEN i ELSE error('boom at ' || i) END AS i FROM range(300000) AS t(i)";

    it('the columnar answer ends with a failed line; the record is failed', async () => {
      const clientId = newClientId();
      const response = await executeWith(
        THRESHOLD,
        { client_id: clientId, database_id: e.db.id, sql: failing, queryLimit: 1_000_000 },
        'application/x-ndjson',
      );
      expect(response.statusCode).toBe(200);
      const parsed = lines(response.body);
      expect(rowsOf(parsed).length).toBeGreaterThan(0);
      const last = parsed.at(-1) as { status: string; errors: Array<{ message: string }> };
      expect(last.status).toBe('failed');
      // DuckDB's Node client does not say why a streamed read failed; the engine adapter says so.
      expect(last.errors[0]?.message).toContain('The query failed while its rows were being read');
      expect(await recordByClientId(admin, clientId)).toMatchObject({ status: 'failed' });
    });

    it("the JSON answer's connection is cut rather than ending as a complete-looking short result", async () => {
      const clientId = newClientId();
      await expect(
        executeWith(THRESHOLD, { client_id: clientId, database_id: e.db.id, sql: failing, queryLimit: 1_000_000 }),
      ).rejects.toThrow('response destroyed before completion');
      expect(await recordByClientId(admin, clientId)).toMatchObject({ status: 'failed' });
    });
  },
);
