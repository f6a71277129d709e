// Temporary probe (not committed): engine execute vs raw driver, inlined and with params.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { getDatabase } from '../packages/server/src/store/databases.js';
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
const row = await getDatabase(server.ctx.store.db, db.id);
const ec = await server.ctx.connections.forDatabase(row!);
const q0 = (
  a: string,
  b: string,
) => `SELECT DATE_TRUNC('week', "ts") AS "ts", "region" AS "region", SUM("value") AS "total", (COUNT(*)) AS "count"
FROM "main"."events" INNER JOIN (SELECT "region" AS "__nz_series_0" FROM "main"."events"
WHERE "ts" >= CAST(${a} AS TIMESTAMP) AND "ts" < CAST(${b} AS TIMESTAMP) GROUP BY "region" ORDER BY SUM("value") DESC, "region" LIMIT 5
) AS "series_limit" ON "region" IS NOT DISTINCT FROM "series_limit"."__nz_series_0"
WHERE "ts" >= CAST(${a} AS TIMESTAMP) AND "ts" < CAST(${b} AS TIMESTAMP) GROUP BY DATE_TRUNC('week', "ts"), "region" ORDER BY "total" DESC LIMIT 10000`;
const inl2 = q0("'2023-01-01 00:00:00'", "'2024-01-01 00:00:00'");
const par2 = q0('?', '?').replace(
  /\?/g,
  (() => {
    let i = 0;
    return () => `$${(i++ % 2) + 1}`;
  })(),
);
const inl = `SELECT date_trunc('week', ts) AS ts, region, SUM(value) AS total, COUNT(*) AS count FROM main.events WHERE ts >= '2023-01-01 00:00:00' AND ts < '2024-01-01 00:00:00' GROUP BY 1, 2 ORDER BY total DESC LIMIT 10000`;
const par = `SELECT date_trunc('week', ts) AS ts, region, SUM(value) AS total, COUNT(*) AS count FROM main.events WHERE ts >= CAST($1 AS TIMESTAMP) AND ts < CAST($2 AS TIMESTAMP) GROUP BY 1, 2 ORDER BY total DESC LIMIT 10000`;
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!.toFixed(1);
const t: Record<string, number[]> = { raw: [], eng: [], engPar: [], engPar4: [] };
for (let i = 0; i < 25; i++) {
  let s = 0;
  s = performance.now();
  await conn.runAndReadAll(inl2);
  t.raw!.push(performance.now() - s);
  s = performance.now();
  await ec.execute(inl2);
  t.eng!.push(performance.now() - s);
  s = performance.now();
  await ec.execute(par2, { params: ['2023-01-01 00:00:00', '2024-01-01 00:00:00'] });
  t.engPar!.push(performance.now() - s);
  s = performance.now();
  await ec.execute(q0('?', '?'), {
    params: ['2023-01-01 00:00:00', '2024-01-01 00:00:00', '2023-01-01 00:00:00', '2024-01-01 00:00:00'],
  });
  t.engPar4!.push(performance.now() - s);
}
console.log(
  Object.entries(t)
    .map(([k, v]) => `${k} ${med(v)}`)
    .join('  '),
);
await server.close();
conn.closeSync();
