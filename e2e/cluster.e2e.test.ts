// Many processes in a real browser: two web processes (`serve --no-worker`) behind a round-robin proxy written here,
// one `nezha worker`, one PostgreSQL metadata store and one Redis. Through the proxy the browser logs in, runs an async
// SQL Lab query and opens an async chart (its event heard on a websocket the proxy passes through); the rows shown
// are checked against the same SQL run directly, both web processes must have served the browser, and the jobs must
// have been run (only the worker runs jobs).
import { createServer, type IncomingMessage, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import pg from 'pg';
import type { Page, Response, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase } from '../packages/server/test/support/postgres-database.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../packages/server/test/support/redis-keys.js';
import { chooseOption } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { type NezhaServer, startServer } from './support/server.js';
import { gridRows, logIn, rowsReturned, runSql, waitForEditor } from './support/sqllab-page.js';

const POSTGRES_URL = process.env.NEZHA_TEST_POSTGRES_URL || undefined;
const REDIS_URL = process.env.NEZHA_TEST_REDIS_URL || undefined;
const title = (() => {
  const name = 'two web processes behind a round-robin proxy and one worker, on one store and one Redis';
  if (POSTGRES_URL && REDIS_URL) return name;
  console.warn(`SKIPPED: ${name} (set NEZHA_TEST_POSTGRES_URL and NEZHA_TEST_REDIS_URL to run it)`);
  return `${name} (skipped: set NEZHA_TEST_POSTGRES_URL and NEZHA_TEST_REDIS_URL)`;
})();

const ASYNC_DATABASE = 'cluster async';
const SYNC_DATABASE = 'cluster sync';
const SQLLAB_SQL = "SELECT n, n * n AS square, 'row ' || n AS label FROM numbers WHERE n <= 12 ORDER BY n";
const CHART_NAME = 'Numbers per bucket';
const WS_URL = /\/api\/v1\/async_event\/ws(\?|$)/;

interface ProxiedRequest {
  upstream: number;
  method: string;
  url: string;
  upgrade: boolean;
}

interface RoundRobinProxy {
  url: string;
  /** Every request passed on, in order, with the upstream (index into the web URLs) that served it. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A load balancer in a few lines: each request (websocket upgrades too) goes to the next upstream in turn. The
 * upgrade is passed on as raw bytes both ways, as nginx does with `proxy_set_header Upgrade`.
 */
async function startProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const pick = (incoming: IncomingMessage, upgrade: boolean): URL => {
    const upstream = requests.length % targets.length;
    requests.push({ upstream, method: incoming.method ?? 'GET', url: incoming.url ?? '/', upgrade });
    return targets[upstream] as URL;
  };

  const server = createServer((incoming, outgoing) => {
    const target = pick(incoming, false);
    const forward = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('error', () => outgoing.destroy());
      },
    );
    forward.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    // A request the browser gives up (a poll aborted by navigation) is given up upstream too.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) forward.destroy();
    });
    incoming.pipe(forward);
  });
  server.on('connection', track);
  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    const target = pick(incoming, true);
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

interface Health {
  role: string;
  runs_jobs: boolean;
  queue: string;
  down: string[];
}

async function health(url: string): Promise<Health> {
  return (await (await fetch(`${url}/health`)).json()) as Health;
}

describe.skipIf(!POSTGRES_URL || !REDIS_URL)(title, () => {
  const prefix = testKeyPrefix();
  let store: { url: string; drop(): Promise<void> } | undefined;
  let data: { url: string; drop(): Promise<void> } | undefined;
  let server: NezhaServer | undefined;
  let proxy: RoundRobinProxy | undefined;
  let browser: BrowserSession | undefined;
  let page: Page;
  let chartId = 0;
  /** Requests the test's own setup sent through the proxy; the browser's come after. */
  let setupRequests = 0;

  /** The data database, queried directly: what the pages must show. */
  async function direct<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: (data as { url: string }).url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    store = await createTempPostgresDatabase(POSTGRES_URL as string);
    data = await createTempPostgresDatabase(POSTGRES_URL as string);
    const seed = new pg.Client({ connectionString: data.url });
    await seed.connect();
    await seed.query('CREATE TABLE numbers AS SELECT n, n % 7 AS bucket FROM generate_series(1, 1000) AS n');
    await seed.end();

    // No examples: processes sharing a home cannot share the examples DuckDB file; the data is on PostgreSQL.
    server = await startServer({
      examples: false,
      processes: { webs: 2, workers: 1 },
      env: {
        NEZHA_DATABASE_URL: store.url,
        NEZHA_REDIS_URL: REDIS_URL as string,
        NEZHA_REDIS_KEY_PREFIX: prefix,
        NEZHA_FEATURE_GLOBAL_ASYNC_QUERIES: 'true',
      },
    });
    proxy = await startProxy(server.webUrls);

    const base = proxy.url;
    const login = await fetch(`${base}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword, provider: 'db' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const post = async (path: string, body: unknown): Promise<{ id: number }> => {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await answer.text();
      expect(answer.status, `${path}: ${text}`).toBe(201);
      return JSON.parse(text) as { id: number };
    };
    // The same data twice: SQL Lab must be told to use the async one.
    await post('/api/v1/database/', {
      database_name: SYNC_DATABASE,
      sqlalchemy_uri: data.url,
      expose_in_sqllab: true,
      allow_run_async: false,
    });
    const database = await post('/api/v1/database/', {
      database_name: ASYNC_DATABASE,
      sqlalchemy_uri: data.url,
      expose_in_sqllab: true,
      allow_run_async: true,
    });
    const dataset = await post('/api/v1/dataset/', { database: database.id, schema: 'public', table_name: 'numbers' });
    const params = {
      datasource: `${dataset.id}__table`,
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['bucket'],
      metrics: ['count'],
      all_columns: [],
      percent_metrics: [],
      order_by_cols: [],
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 1000,
      server_page_length: 10,
      order_desc: true,
      extra_form_data: {},
    };
    const chart = await post('/api/v1/chart/', {
      slice_name: CHART_NAME,
      viz_type: 'table',
      datasource_id: dataset.id,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });
    chartId = chart.id;
    setupRequests = proxy.requests.length;

    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, proxy.url, server.adminUsername, server.adminPassword);
    await waitForEditor(page);
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
    await store?.drop();
    await data?.drop();
    const redis = testRedis(REDIS_URL as string);
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });

  /** The BullMQ job's record: kept a while after it finished, with when it did. */
  async function finishedJob(kind: 'sqllab' | 'chart-data', id: string): Promise<string | null> {
    const redis = testRedis(REDIS_URL as string);
    try {
      return await redis.hget(`${prefix}jobs:${kind}:${id}`, 'finishedOn');
    } finally {
      await redis.quit();
    }
  }

  it('answers /health: the web processes only enqueue, the worker runs jobs', async () => {
    const running = server as NezhaServer;
    expect(running.webUrls).toHaveLength(2);
    expect(running.workerUrls).toHaveLength(1);
    for (const url of running.webUrls) {
      expect(await health(url)).toMatchObject({ role: 'web', runs_jobs: false, queue: 'redis', down: [] });
    }
    for (const url of running.workerUrls) {
      expect(await health(url)).toMatchObject({ role: 'worker', runs_jobs: true, queue: 'redis', down: [] });
    }
  });

  it('runs a SQL Lab query asynchronously on the async database: the rows of the direct query', async () => {
    await chooseOption(page, page.locator('[data-test="database-select"]'), ASYNC_DATABASE);
    expect(await page.locator('[data-test="database-select"]').textContent()).toContain(ASYNC_DATABASE);
    const executed = page.waitForResponse(
      (response) => response.url().includes('/api/v1/sqllab/execute/') && response.request().method() === 'POST',
    );
    await runSql(page, SQLLAB_SQL);
    const answer = await executed;
    expect(answer.status(), 'an async run answers 202').toBe(202);
    const { query } = (await answer.json()) as { query: { queryId: number } };

    const expected = await direct<{ n: number; square: number; label: string }>(SQLLAB_SQL);
    expect(expected).toHaveLength(12);
    expect(await rowsReturned(page)).toBe(`${expected.length} rows returned`);
    const shown = (await gridRows(page)).map((row) => row.slice(1, 4));
    expect(shown).toEqual(expected.map((row) => [String(row.n), String(row.square), row.label]));
    // The run is marked done before its job returns to BullMQ: wait for the job's end, not a time.
    await expect
      .poll(() => finishedJob('sqllab', `query-${query.queryId}`), {
        message: 'the worker finished the SQL Lab job',
        timeout: 10_000,
      })
      .toMatch(/^\d+$/);
    await (browser as BrowserSession).screenshot('cluster-01-sqllab-async');
  });

  it('draws an async chart: its event heard on the websocket through the proxy, the rows of the direct query', async () => {
    const posted: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST') {
        posted.push(response);
      }
    });
    const frames: string[] = [];
    page.on('websocket', (socket: WebSocket) => {
      if (WS_URL.test(socket.url())) socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    await page.goto(`${(proxy as RoundRobinProxy).url}/explore/?slice_id=${chartId}`);
    const container = page.locator('[data-test="chart-container"][data-chart-status="rendered"]');
    await container.waitFor({ timeout: 60_000 });

    const jobs = await Promise.all(
      posted.filter((r) => r.status() === 202).map(async (r) => ((await r.json()) as { job_id: string }).job_id),
    );
    expect(jobs.length, 'the chart data was asked for through the 202 path').toBeGreaterThan(0);
    const events = frames.map((frame) => JSON.parse(frame) as { job_id: string; status: string });
    expect(events.filter((event) => jobs.includes(event.job_id)).map((event) => event.status)).toContain('done');
    for (const job of jobs) {
      await expect
        .poll(() => finishedJob('chart-data', job), { message: `chart job ${job}`, timeout: 10_000 })
        .toMatch(/^\d+$/);
    }

    const expected = await direct<{ bucket: number; count: string }>(
      'SELECT bucket, count(*) AS count FROM numbers GROUP BY bucket ORDER BY bucket',
    );
    expect(expected).toHaveLength(7);
    expect(await page.locator('[data-test="chart-row-count"]').textContent()).toBe(`${expected.length} rows`);
    const grid = container.locator('[role="grid"]');
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(expected.length + 1));
    const cells = await grid
      .locator('[role="row"]')
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())),
      );
    const byBucket = (rows: string[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(byBucket(cells)).toEqual(expected.map((row) => [String(row.bucket), String(row.count)]));
    await (browser as BrowserSession).screenshot('cluster-02-async-chart');
  });

  it('spread the browser over both web processes, the websocket included', () => {
    const browserRequests = (proxy as RoundRobinProxy).requests.slice(setupRequests);
    const perUpstream = [0, 1].map((upstream) => browserRequests.filter((r) => r.upstream === upstream).length);
    expect(perUpstream[0], JSON.stringify(perUpstream)).toBeGreaterThan(0);
    expect(perUpstream[1], JSON.stringify(perUpstream)).toBeGreaterThan(0);
    expect(browserRequests.filter((r) => r.upgrade && WS_URL.test(r.url)).length).toBeGreaterThan(0);
    expect((browser as BrowserSession).failedResponses).toEqual([]);
    expect((browser as BrowserSession).consoleErrors).toEqual([]);
  });
});
