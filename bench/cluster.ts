// Async SQL Lab throughput with one and then two `nezha worker` processes behind one web process (PostgreSQL store and
// engine, Redis queue): queries per second each way and their ratio, near 2 for engine-bound queries on enough cores.
import { randomBytes } from 'node:crypto';
import { encodeRison } from '@nezha/core';
import pg from 'pg';
import {
  buildServer,
  Client,
  type NezhaProcess,
  runCli,
  startProcess,
  stopProcess,
} from '../packages/server/test/cluster/cluster-processes.js';
import { createTempPostgresDatabase } from '../packages/server/test/support/postgres-database.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../packages/server/test/support/redis-keys.js';
import type { BenchRow } from './sqllab.js';

const QUERIES = Number(process.env.NEZHA_BENCH_CLUSTER_QUERIES ?? 40);
/** One job at a time per worker: the figure is what a second worker process adds. */
const CONCURRENCY = 1;
/** Engine-bound: PostgreSQL sums a million numbers (a few hundred ms), the rows sent back are one. */
const SQL = 'SELECT sum(i) AS total FROM generate_series(1, 1000000) AS i';

async function runBatch(client: Client, databaseId: number): Promise<number> {
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const clientId = randomBytes(9).toString('base64url').slice(0, 11);
    const answer = await client.call('POST', '/api/v1/sqllab/execute/', {
      client_id: clientId,
      database_id: databaseId,
      sql: `${SQL} -- ${i}`,
      runAsync: true,
    });
    if (answer.status !== 202) throw new Error(`execute: ${answer.status} ${answer.text}`);
    ids.push(clientId);
  }
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const q = encodeURIComponent(encodeRison({ filters: [{ col: 'client_id', opr: 'eq', value: id }] }));
      const answer = await client.call('GET', `/api/v1/query/?q=${q}`);
      const state = (answer.json as { result: Array<{ state: string; errorMessage: string | null }> }).result[0];
      if (state?.state === 'success') pending.delete(id);
      else if (state && !['pending', 'running'].includes(state.state)) {
        throw new Error(`query ${id} ended ${state.state}: ${state.errorMessage}`);
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

export async function runClusterBench(): Promise<BenchRow[]> {
  const postgres = process.env.NEZHA_TEST_POSTGRES_URL;
  const redisUrl = process.env.NEZHA_TEST_REDIS_URL;
  if (!postgres || !redisUrl) {
    console.log('cluster: skipped (set NEZHA_TEST_POSTGRES_URL and NEZHA_TEST_REDIS_URL)');
    return [];
  }
  buildServer();
  const store = await createTempPostgresDatabase(postgres);
  const prefix = testKeyPrefix();
  const processes: NezhaProcess[] = [];
  const env = {
    NEZHA_DATABASE_URL: store.url,
    NEZHA_REDIS_URL: redisUrl,
    NEZHA_REDIS_KEY_PREFIX: prefix,
    NEZHA_SECRET_KEY: 'bench-cluster-secret',
    NEZHA_ADMIN_USERNAME: 'admin',
    NEZHA_ADMIN_PASSWORD: 'bench-admin-1',
    NEZHA_HOST: '127.0.0.1',
  };
  const worker = (name: string) =>
    startProcess(name, env, (port) => ['worker', '--concurrency', String(CONCURRENCY), '--health-port', String(port)]);
  try {
    const init = runCli(env, ['init']);
    if (init.status !== 0) throw new Error(init.output);
    const web = await startProcess('web', env, (port) => ['serve', '--no-worker', '--port', String(port)]);
    processes.push(web, await worker('worker-1'));
    const client = new Client(web, await Client.login(web, 'admin', 'bench-admin-1'));
    const created = await client.call('POST', '/api/v1/database/', {
      database_name: 'bench engine',
      sqlalchemy_uri: postgres,
      expose_in_sqllab: true,
      allow_run_async: true,
    });
    if (created.status !== 201) throw new Error(`database: ${created.status} ${created.text}`);
    const databaseId = (created.json as { id: number }).id;
    // Warm-up: connection pools and plans.
    const probe = new pg.Client({ connectionString: postgres });
    await probe.connect();
    await probe.query(SQL);
    await probe.end();

    const oneMs = await runBatch(client, databaseId);
    processes.push(await worker('worker-2'));
    const twoMs = await runBatch(client, databaseId);
    const qps = (ms: number) => (QUERIES / (ms / 1000)).toFixed(2);
    console.log(
      `cluster: ${QUERIES} async SQL Lab queries: 1 worker ${qps(oneMs)} q/s, 2 workers ${qps(twoMs)} q/s, ` +
        `throughput ratio ${(oneMs / twoMs).toFixed(2)} (near 2 when the engine has a core per worker)`,
    );
    // In the table's terms: "raw" is one worker, "api" two; the ratio is their time, so ≤ 0.6 means ≥ 1.67x.
    return [
      { bench: 'cluster', case: 'async sqllab, 2 vs 1 worker', rows: QUERIES, rawMs: oneMs, apiMs: twoMs, goal: 0.6 },
    ];
  } finally {
    await Promise.all(processes.map((p) => stopProcess(p)));
    await store.drop();
    const redis = testRedis(redisUrl);
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  }
}
