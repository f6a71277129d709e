// Domain sharding in a real browser: the server is configured with the page's host and two shard hosts
// (NEZHA_WEBSERVER_DOMAINS) and a session cookie domain covering them (NEZHA_SESSION_COOKIE_DOMAIN); Chromium maps the three host names to
// 127.0.0.1 (--host-resolver-rules, this test's launch only). A dashboard's chart-data calls must go to both shard
// hosts, pass CORS with the session cookie and the CSRF token, and draw the numbers the test's own SQL gives;
// `?disableDomainSharding=1` sends every call to the page's own host.

import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { freePort, type NezhaServer, startServer } from './support/server.js';

type Row = Record<string, unknown>;

const MAIN = 'main.nezha.test';
const SHARDS = ['shard1.nezha.test', 'shard2.nezha.test'];

interface ChartDataCall {
  host: string;
  method: string;
  status: number;
  csrf: string | undefined;
  /** Why the browser gave up on the call (status 0), e.g. net::ERR_ABORTED or a CORS refusal. */
  failure?: string;
  /** Chart id → its first query's rows, from the NDJSON lines of a dashboard batch. */
  answers: Map<string, Row[]>;
}

const isChartData = (url: URL) => /\/api\/v1\/(dashboard\/[^/]+\/chart_data|chart\/data)/.test(url.pathname);

/** A finished chart-data call read from the network log: host, status, CSRF header and answers. */
async function readCall(request: Request, url: URL): Promise<ChartDataCall> {
  const response = await request.response();
  if (!response) {
    const failure = request.failure()?.errorText ?? 'no response';
    return { host: url.hostname, method: request.method(), status: 0, csrf: undefined, failure, answers: new Map() };
  }
  const call: ChartDataCall = {
    host: url.hostname,
    method: request.method(),
    status: response.status(),
    csrf: (await request.allHeaders())['x-csrftoken'],
    answers: new Map(),
  };
  if (request.method() === 'POST' && response.status() === 200 && url.pathname.endsWith('/chart_data')) {
    for (const line of (await response.text()).split('\n')) {
      if (!line.trim()) continue;
      const parsed = JSON.parse(line) as { key: string; status: number; result?: Array<{ data: Row[] }> };
      if (parsed.status === 200 && parsed.result?.[0]) call.answers.set(parsed.key, parsed.result[0].data);
    }
  } else if (request.method() === 'POST' && response.status() === 200) {
    // A chart asked on its own names itself in the URL's form data.
    const sliceId = (JSON.parse(url.searchParams.get('form_data') ?? '{}') as { slice_id?: number }).slice_id;
    const body = (await response.json()) as { result?: Array<{ data: Row[] }> };
    if (sliceId && body.result?.[0]) call.answers.set(String(sliceId), body.result[0].data);
  }
  return call;
}

/**
 * Every chart-data call the page makes: the page's network log, read on demand. A call that fails after its
 * answer's headers came (a stream the page ends itself once every chart has its answer) keeps that status; one
 * that failed before any answer has status 0 and the browser's reason.
 */
function recordChartData(page: Page): Array<Promise<ChartDataCall>> {
  const calls: Array<Promise<ChartDataCall>> = [];
  const statuses = new WeakMap<Request, number>();
  page.on('response', (response) => statuses.set(response.request(), response.status()));
  page.on('requestfinished', (request: Request) => {
    const url = new URL(request.url());
    if (isChartData(url)) calls.push(readCall(request, url));
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (!isChartData(url)) return;
    calls.push(
      (async (): Promise<ChartDataCall> => ({
        host: url.hostname,
        method: request.method(),
        status: statuses.get(request) ?? 0,
        csrf: (await request.allHeaders().catch(() => ({}) as Record<string, string>))['x-csrftoken'],
        failure: request.failure()?.errorText ?? 'failed',
        answers: new Map(),
      }))(),
    );
  });
  return calls;
}

async function chartsSettled(page: Page, atLeast: number): Promise<void> {
  await page.waitForFunction(
    (count) => {
      const charts = Array.from(document.querySelectorAll('[data-chart-status]')).filter(
        (el) => (el as HTMLElement).offsetParent,
      );
      return charts.length >= count && charts.every((el) => el.getAttribute('data-chart-status') === 'rendered');
    },
    atLeast,
    { timeout: 60_000 },
  );
  expect(await page.locator('[data-test="chart-error"]:visible').allTextContents()).toEqual([]);
}

/** A Big Number's header as a number: `48.6M`, `1.23k`, `12,345`. */
function headerNumber(text: string): number {
  const match = /^(-?[\d,.]+)\s*([kMGTP]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a number: ${text}`);
  const scale = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15 }[match[2] as '' | 'k' | 'M' | 'G' | 'T' | 'P'];
  return Number((match[1] as string).replaceAll(',', '')) * scale;
}

describe('domain sharding', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let calls: Array<Promise<ChartDataCall>>;
  let port: number;
  let base: string;
  let csrf: string;
  let examplesId: number;
  let charts: Map<string, number>;

  /**
   * An API call made by the page itself: the host names resolve only inside this Chromium (Node's request context
   * would not find them), and the session cookie is the browser's.
   */
  async function inPage<T>(path: string, body?: unknown): Promise<{ status: number; json: T }> {
    return page.evaluate(
      async ({ path, body, token }) => {
        const response = await fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? {} : { 'Content-Type': 'application/json', 'X-CSRFToken': token },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, json: await response.json() };
      },
      { path, body, token: csrf ?? '' },
    ) as Promise<{ status: number; json: T }>;
  }

  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await inPage<{ data?: Row[] }>('/api/v1/sqllab/execute/', {
      client_id: clientId,
      database_id: examplesId,
      sql: text,
      runAsync: false,
      queryLimit: 10_000,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.data ?? [];
  }

  beforeAll(async () => {
    port = await freePort();
    base = `http://${MAIN}:${port}`;
    server = await startServer({
      port,
      env: {
        // The page's own host is listed too: only pages on a listed host may call the others (CORS).
        NEZHA_WEBSERVER_DOMAINS: [MAIN, ...SHARDS].map((host) => `${host}:${port}`).join(','),
        NEZHA_SESSION_COOKIE_DOMAIN: '.nezha.test',
      },
    });
    const rules = [MAIN, ...SHARDS].map((host) => `MAP ${host} 127.0.0.1`).join(', ');
    browser = await launchBrowser({ args: [`--host-resolver-rules=${rules}`] });
    page = browser.page;
    calls = recordChartData(page);
    await logIn(page, base, server.adminUsername, server.adminPassword);
    csrf = (await inPage<{ result: string }>('/api/v1/security/csrf_token/')).json.result;
    const databases = await inPage<{ result: Array<{ id: number; database_name: string }> }>('/api/v1/database/');
    examplesId = databases.json.result.find((db) => db.database_name === 'examples')?.id as number;
    const listed = await inPage<{ result: Array<{ id: number; slice_name: string }> }>(
      '/api/v1/dashboard/births/charts',
    );
    expect(examplesId).toBeGreaterThan(0);
    charts = new Map(listed.json.result.map((chart) => [chart.slice_name, chart.id]));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The answers of one dashboard load, merged over its calls. */
  const answersOf = (from: readonly ChartDataCall[]) => {
    const merged = new Map<string, Row[]>();
    for (const call of from) for (const [key, rows] of call.answers) merged.set(key, rows);
    return merged;
  };

  /**
   * The Big Number shows the engine's own total; each answer the network log holds in full (a stream the page
   * ends itself may not be readable) equals the engine's own numbers.
   */
  async function checkNumbers(from: readonly ChartDataCall[]) {
    const answers = answersOf(from);
    const [total] = await sql('SELECT SUM(num) AS total FROM birth_names');
    const header = await page.locator('[data-test="big-number-header"]').first().textContent();
    const shown = headerNumber(header ?? '');
    expect(Math.abs(shown - Number(total?.total)) / Number(total?.total)).toBeLessThan(0.005);
    const totalRows = answers.get(String(charts.get('Births: total')));
    if (totalRows) expect(Number(Object.values(totalRows[0] ?? {})[0])).toBe(Number(total?.total));
    // The gender chart's series add up to the engine's own sums per gender.
    const genderRows = answers.get(String(charts.get('Births by gender')));
    if (genderRows) {
      const byGender = await sql('SELECT gender, SUM(num) AS total FROM birth_names GROUP BY gender ORDER BY gender');
      for (const { gender, total: expected } of byGender) {
        const sum = genderRows.reduce((acc, row) => acc + Number(row[String(gender)] ?? 0), 0);
        expect(sum, String(gender)).toBe(Number(expected));
      }
    }
  }

  it('spreads chart-data calls over both shard hosts, with cookies and CSRF, and draws the right numbers', async () => {
    calls.length = 0;
    await page.goto(`${base}/superset/dashboard/births/`);
    await chartsSettled(page, 4).catch(async (error: Error) => {
      await browser.screenshot('domain-sharding-failed');
      const seen = (await Promise.all(calls)).map((call) => `${call.method} ${call.host} ${call.status}`);
      throw new Error(`${error.message}\ncalls: ${seen.join('; ')}\nconsole: ${browser.consoleErrors.join('\n')}`);
    });
    const posts = (await Promise.all(calls)).filter((call) => call.method === 'POST');
    // The calls take the listed hosts in turn: both shards are called across origins, the page's host directly.
    const hosts = new Set(posts.map((call) => call.host));
    for (const shard of SHARDS) expect(hosts.has(shard), `${shard} in ${[...hosts].join(', ')}`).toBe(true);
    expect([...hosts].every((host) => host === MAIN || SHARDS.includes(host))).toBe(true);
    // A call the page aborts before any answer (a chart's run superseded by its next) has no status; every other
    // call was answered 200, on both shards too: a missing cookie would be 401, a missing or foreign CSRF token 400,
    // a CORS refusal a failure with no status.
    const abandoned = (call: ChartDataCall) => call.status === 0 && call.failure === 'net::ERR_ABORTED';
    const settled = posts.filter((call) => !abandoned(call));
    expect(settled.map((call) => `${call.host} ${call.status}`)).toEqual(settled.map((call) => `${call.host} 200`));
    for (const shard of SHARDS) {
      expect(
        settled.some((call) => call.host === shard && call.status === 200),
        shard,
      ).toBe(true);
    }
    expect(browser.consoleErrors.filter((line) => /CORS|ERR_FAILED/.test(line))).toEqual([]);
    expect(posts.every((call) => call.csrf === csrf)).toBe(true);
    expect(browser.failedResponses).toEqual([]);
    await checkNumbers(settled);
    await browser.screenshot('domain-sharding');
  });

  it('sends every chart-data call to the page’s own host with ?disableDomainSharding=1', async () => {
    calls.length = 0;
    await page.goto(`${base}/superset/dashboard/births/?disableDomainSharding=1`);
    await chartsSettled(page, 4);
    const posts = (await Promise.all(calls)).filter((call) => call.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set(posts.map((call) => call.host))).toEqual(new Set([MAIN]));
    const settled = posts.filter((call) => !(call.status === 0 && call.failure === 'net::ERR_ABORTED'));
    expect(settled.map((call) => call.status)).toEqual(settled.map(() => 200));
    await checkNumbers(settled);
  });
});
