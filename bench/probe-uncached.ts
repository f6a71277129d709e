// Temporary probe (not committed): times uncached DuckDB chart requests against the raw driver.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { startBenchServer } from './support.js';

const folder = mkdtempSync(path.join(tmpdir(), 'nezha-probe-'));
const file = path.join(folder, 'p.duckdb');
const instance = await DuckDBInstance.fromCache(file, { enable_external_access: 'false' });
const conn = await instance.connect();
await conn.run(`CREATE TABLE events AS SELECT TIMESTAMP '2023-01-01' + to_seconds(i * 31) AS ts,
  ['north','south','east','west','center'][1 + i % 5] AS region, 'c' || (i % 20) AS category, (i % 1000) / 10.0 AS value
  FROM range(1000000) t(i)`);
const server = await startBenchServer();
const db = (await (
  await server.call('POST', '/api/v1/database/', { database_name: 'p', sqlalchemy_uri: `duckdb:///${file}` })
).json()) as { id: number };
const ds = (await (
  await server.call('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'events' })
).json()) as { id: number };
const body = (force: boolean, type = 'full') => ({
  datasource: { id: ds.id, type: 'table' },
  force,
  result_type: type,
  queries: [
    {
      columns: [
        {
          columnType: 'BASE_AXIS',
          sqlExpression: 'ts',
          label: 'ts',
          isColumnReference: true,
          expressionType: 'SQL',
          timeGrain: 'P1W',
        },
        'region',
      ],
      metrics: [
        { expressionType: 'SIMPLE', column: { column_name: 'value' }, aggregate: 'SUM', label: 'total' },
        'count',
      ],
      filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2024-01-01' }],
      orderby: [['total', false]],
      series_limit: 5,
      row_limit: 10000,
    },
  ],
});
const q = (await (await server.call('POST', '/api/v1/chart/data', body(false, 'query'))).json()) as {
  result: Array<{ query: string }>;
};
const sql = q.result[0]!.query;
import('../packages/server/src/store/databases.js').then(() => {});
const { getDatabase } = await import('../packages/server/src/store/databases.js');
const ec = await server.ctx.connections.forDatabase((await getDatabase(server.ctx.store.db, db.id))!);
const orig = ec.execute.bind(ec);
let engMs = 0;
let shown = true;
let storeQ: string[] = [];
{
  const ex = server.ctx.store.db.getExecutor();
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(ex));
  const origQ = proto.executeQuery;
  proto.executeQuery = function (this: unknown, cq: { sql: string }, ...rest: unknown[]) {
    storeQ.push(cq.sql.slice(0, 90));
    return origQ.call(this, cq, ...rest);
  };
}
(ec as { execute: typeof ec.execute }).execute = async (s2, o) => {
  if (!shown) {
    shown = true;
    console.log(s2, o?.params);
    console.log(sql);
  }
  const t0 = performance.now();
  try {
    return await orig(s2, o);
  } finally {
    engMs += performance.now() - t0;
  }
};

const N = Number(process.env.N ?? 15);
for (let i = 0; i < N; i++) {
  let t = performance.now();
  await conn.runAndReadAll(sql);
  const raw = performance.now() - t;
  t = performance.now();
  const r = await server.call('POST', '/api/v1/chart/data', body(true));
  await r.text();
  const api = performance.now() - t;
  console.log(`raw ${raw.toFixed(1)}  api ${api.toFixed(1)} engine ${engMs.toFixed(1)}`);
  engMs = 0;
  if (i === N - 1) console.log(storeQ.join('\n'));
  storeQ = [];
}
await server.close();
conn.closeSync();
