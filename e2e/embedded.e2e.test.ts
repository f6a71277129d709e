// An embedded dashboard as a host application shows it: a host page on a second local origin loads Superset's own
// embedding SDK (@superset-ui/embedded-sdk) and calls embedDashboard as its README shows; its backend asks Nezha
// for a guest token with a row-level clause. The dashboard draws in the frame with its title and chart controls
// hidden, a native filter applies, the numbers are the clause's rows only (checked against SQL run here), and a
// host on an origin the dashboard does not allow gets nothing.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { freePort, type NezhaServer, startServer } from './support/server.js';

type Row = Record<string, unknown>;

interface Host {
  origin: string;
  tokensServed: () => number;
  close: () => Promise<void>;
}

/** The host page: the SDK's browser bundle, a page calling embedDashboard, and a backend route minting guest tokens. */
async function startHost(options: {
  nezha: string;
  /** Read per request: the dashboard is embedded once the host's origin is known. */
  uuid: () => string;
  mintToken: () => Promise<string>;
  uiConfig: Record<string, unknown>;
}): Promise<Host> {
  const require = createRequire(import.meta.url);
  const sdk = await readFile(require.resolve('@superset-ui/embedded-sdk'), 'utf8');
  let served = 0;
  const page = () => `<!doctype html><meta charset="utf-8"><title>Host app</title>
<h1>Host application</h1>
<style>#dashboard iframe { width: 1200px; height: 1400px; border: 0; }</style>
<div id="dashboard"></div>
<script src="/sdk.js"></script>
<script>
  supersetEmbeddedSdk
    .embedDashboard({
      id: ${JSON.stringify(options.uuid())},
      supersetDomain: ${JSON.stringify(options.nezha)},
      mountPoint: document.getElementById('dashboard'),
      fetchGuestToken: () => fetch('/guest-token').then((r) => r.json()).then((body) => body.token),
      dashboardUiConfig: ${JSON.stringify(options.uiConfig)},
    })
    .then((embedded) => { window.embedded = embedded; });
</script>`;
  const server: Server = createServer((request, response) => {
    if (request.url === '/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    } else if (request.url === '/guest-token') {
      options.mintToken().then(
        (token) => {
          served += 1;
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page());
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    // localhost, where Nezha is 127.0.0.1: another origin by host as well as by port.
    origin: `http://localhost:${port}`,
    tokensServed: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every dashboard chart answer the frame receives (the NDJSON batch), by chart id. */
function collectAnswers(page: Page): Map<string, Row[]> {
  const answers = new Map<string, Row[]>();
  page.on('response', async (response) => {
    if (!/\/api\/v1\/dashboard\/\d+\/chart_data/.test(response.url())) return;
    const text = await response.text().catch(() => '');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const parsed = JSON.parse(line) as { key: string; status: number; result?: Array<{ data: Row[] }> };
      if (parsed.status === 200 && parsed.result?.[0]) answers.set(parsed.key, parsed.result[0].data);
    }
  });
  return answers;
}

describe('embedded dashboard through the embedding SDK', () => {
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;
  let csrf: string;
  let examplesId: number;
  let uuid: string;
  let datasetId: number;
  let dashboardId: number;
  let genderFilter: string;
  let allowedHost: Host;
  let otherHost: Host;
  let answers: Map<string, Row[]>;
  const api = () => page.request;

  async function sql(text: string): Promise<Row[]> {
    const clientId = Math.random().toString(36).slice(2, 13).padEnd(11, 'x');
    const response = await api().post(`${server.url}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { client_id: clientId, database_id: examplesId, sql: text, runAsync: false, queryLimit: 10_000 },
    });
    const body = (await response.json()) as { data?: Row[] };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    return body.data ?? [];
  }

  /** The host's backend: signs in as a service account with can_grant_guest_token and asks for a token. */
  async function mintToken(): Promise<string> {
    const login = await fetch(`${server.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword, provider: 'db' }),
    });
    const { access_token: bearer } = (await login.json()) as { access_token: string };
    const granted = await fetch(`${server.url}/api/v1/security/guest_token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({
        user: { username: 'host_viewer', first_name: 'Host', last_name: 'Viewer' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls: [{ dataset: datasetId, clause: "state = 'CA'" }],
      }),
    });
    const body = (await granted.json()) as { token?: string };
    if (!body.token) throw new Error(`guest token refused: ${JSON.stringify(body)}`);
    return body.token;
  }

  beforeAll(async () => {
    server = await startServer({ env: { NEZHA_GUEST_TOKEN_JWT_EXP_SECONDS: '20' } });
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
    csrf = ((await (await api().get(`${server.url}/api/v1/security/csrf_token/`)).json()) as { result: string }).result;
    const databases = (await (await api().get(`${server.url}/api/v1/database/`)).json()) as {
      result: Array<{ id: number; database_name: string }>;
    };
    examplesId = databases.result.find((database) => database.database_name === 'examples')?.id ?? 0;
    const dashboard = (await (await api().get(`${server.url}/api/v1/dashboard/births`)).json()) as {
      result: { id: number; json_metadata: string };
    };
    dashboardId = dashboard.result.id;
    const filters = (
      JSON.parse(dashboard.result.json_metadata) as {
        native_filter_configuration: Array<{ id: string; name: string; targets: Array<{ datasetId?: number }> }>;
      }
    ).native_filter_configuration;
    const gender = filters.find((filter) => filter.name === 'Gender');
    if (!gender) throw new Error('no Gender filter');
    genderFilter = gender.id;
    datasetId = gender.targets[0]?.datasetId ?? 0;

    const mask = `(${genderFilter}:(extraFormData:(filters:!((col:gender,op:IN,val:!(girl)))),filterState:(value:!(girl))))`;
    const uiConfig = { hideTitle: true, hideChartControls: true, urlParams: { native_filters: mask } };
    allowedHost = await startHost({ nezha: server.url, uuid: () => uuid, mintToken, uiConfig });
    otherHost = await startHost({ nezha: server.url, uuid: () => uuid, mintToken, uiConfig });
    const embedded = await api().post(`${server.url}/api/v1/dashboard/${dashboard.result.id}/embedded`, {
      headers: { 'X-CSRFToken': csrf },
      data: { allowed_domains: [allowedHost.origin] },
    });
    expect(embedded.status(), await embedded.text()).toBe(200);
    uuid = ((await embedded.json()) as { result: { uuid: string } }).result.uuid;
    answers = collectAnswers(page);
  });

  afterAll(async () => {
    await allowedHost?.close();
    await otherHost?.close();
    await browser?.close();
    await server?.stop();
  });

  it("draws the dashboard in the host's frame, hiding what was asked, with the clause's and the filter's rows only", async () => {
    const charts = (await (await api().get(`${server.url}/api/v1/dashboard/births/charts`)).json()) as {
      result: Array<{ id: number; slice_name: string }>;
    };
    const totalId = charts.result.find((chart) => chart.slice_name === 'Births: total')?.id;
    const byStateId = charts.result.find((chart) => chart.slice_name === 'Births by state')?.id;
    answers.clear();
    await page.goto(allowedHost.origin);
    const frame = page.frameLocator('iframe');
    await frame
      .locator('[data-test="embedded-dashboard"]')
      .waitFor()
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nconsole: ${browser.consoleErrors.join('\n')}`);
      });
    const total = frame.locator(`[data-chart-id="${totalId}"]`);
    await total.locator('xpath=self::*[@data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
    await frame.locator(`[data-chart-id="${byStateId}"][data-chart-status="rendered"]`).waitFor({ timeout: 60_000 });
    await browser.screenshot('embedded-01-dashboard-in-host');

    // Title and chart controls hidden as the host asked (uiConfig 1 + 8).
    expect(await frame.locator('[data-test="dashboard-title"]').count()).toBe(0);
    expect(await frame.locator('[data-test="chart-menu"]').count()).toBe(0);

    // California's girls only: the token's clause and the native filter, as the engine counts them.
    const [expected] = await sql("SELECT SUM(num) AS v FROM birth_names WHERE state = 'CA' AND gender = 'girl'");
    const totalRows = answers.get(String(totalId));
    expect(totalRows?.[0] && Object.values(totalRows[0])[0]).toBe(Number(expected?.v));
    const states = new Set((answers.get(String(byStateId)) ?? []).map((row) => row.state));
    expect([...states]).toEqual(['CA']);
    const [everyone] = await sql("SELECT SUM(num) AS v FROM birth_names WHERE gender = 'girl'");
    expect(Number(everyone?.v)).toBeGreaterThan(Number(expected?.v));

    // The SDK's calls answer through the port.
    const size = (await page.evaluate('window.embedded.getScrollSize()')) as { width: number; height: number };
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    const dataMask = (await page.evaluate('window.embedded.getDataMask()')) as Record<string, unknown>;
    expect(Object.keys(dataMask)).toContain(genderFilter);
    expect(await page.evaluate('window.embedded.getActiveTabs()')).toEqual(expect.any(Array));

    // A permalink of the dashboard as the guest sees it: an absolute link on Nezha's origin, keeping the filter.
    const link = String(await page.evaluate('window.embedded.getDashboardPermalink("CHART-anchor")'));
    const key = new RegExp(`^${server.url}/nezha/dashboard/p/([^/]+)/$`).exec(link)?.[1];
    expect(key, link).toBeDefined();
    const stored = await api().get(`${server.url}/api/v1/dashboard/permalink/${key}`);
    expect(stored.status()).toBe(200);
    const state = (await stored.json()) as { dashboardId: string; state: { anchor?: string; dataMask?: object } };
    expect(state.dashboardId).toBe(String(dashboardId));
    expect(state.state.anchor).toBe('CHART-anchor');
    expect(Object.keys(state.state.dataMask ?? {})).toContain(genderFilter);
  });

  it('takes a refreshed guest token without reloading the frame', async () => {
    const frame = page.frames().find((candidate) => candidate.url().includes('/embedded/'));
    if (!frame) throw new Error('no embedded frame');
    // A mark on the frame's window: a reload would lose it.
    await frame.evaluate(() => {
      (window as Window & { sameLoad?: boolean }).sameLoad = true;
    });
    const before = allowedHost.tokensServed();
    // The SDK asks for a new token shortly before the 20 s one expires, and hands it to the frame.
    await expect.poll(() => allowedHost.tokensServed(), { timeout: 60_000, interval: 500 }).toBeGreaterThan(before);
    expect(await frame.evaluate(() => (window as Window & { sameLoad?: boolean }).sameLoad)).toBe(true);
    // The frame still answers through the same port.
    const size = (await page.evaluate('window.embedded.getScrollSize()')) as { height: number };
    expect(size.height).toBeGreaterThan(0);
  });

  it('shows nothing on a host whose origin the dashboard does not allow', async () => {
    const refused = page.waitForResponse((response) => response.url().includes(`/embedded/${uuid}`));
    await page.goto(otherHost.origin);
    const response = await refused;
    expect(response.status()).toBe(403);
    await page.locator('iframe').waitFor();
    expect(await page.frameLocator('iframe').locator('[data-test="embedded-dashboard"]').count()).toBe(0);
    await browser.screenshot('embedded-02-refused-host');
  });

  it("the dashboard menu's Embed dialog shows the configuration the SDK uses", async () => {
    await page.goto(`${server.url}/nezha/dashboard/births/`);
    await page.click('[data-test="dashboard-menu"]');
    await popupsAtRest(page);
    await page.getByRole('menuitem', { name: 'Embed dashboard' }).click();
    const modal = page.locator('[data-test="embedded-modal"] .ant-modal, .ant-modal', {
      has: page.locator('[data-test="embedded-domains"]'),
    });
    await modal.waitFor();
    await modal.getByText('This dashboard is ready to embed.', { exact: false }).waitFor();
    expect((await modal.locator('[data-test="embedded-uuid"]').textContent())?.trim()).toBe(uuid);
    expect(await modal.locator('[data-test="embedded-domains"]').inputValue()).toBe(allowedHost.origin);
    await browser.screenshot('embedded-03-embed-dialog');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('the Row Level Security page adds a rule from its dialog', async () => {
    const name = `CA only ${Date.now()}`;
    await page.goto(`${server.url}/rowlevelsecurity/list/`);
    await page.click('[data-test="add-rls-rule"]');
    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="rls-name"]') });
    await modal.waitFor();
    await modal.locator('[data-test="rls-name"]').fill(name);
    await modal.locator('[data-test="rls-tables"]').click();
    await page.keyboard.type('birth_names');
    await page.locator('.ant-select-item-option', { hasText: /^birth_names$/ }).click();
    await page.keyboard.press('Escape');
    await modal.locator('[data-test="rls-group-key"]').fill('region');
    await modal.locator('[data-test="rls-clause"]').fill("state = 'CA'");
    await browser.screenshot('embedded-04-rls-dialog');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name, exact: true }).waitFor();
    const listed = (await (await api().get(`${server.url}/api/v1/rowlevelsecurity/`)).json()) as {
      result: Array<{ id: number; name: string; filter_type: string; clause: string; tables: Array<{ id: number }> }>;
    };
    const rule = listed.result.find((item) => item.name === name);
    expect(rule).toMatchObject({ filter_type: 'Regular', clause: "state = 'CA'", tables: [{ id: datasetId }] });
    const removed = await api().delete(`${server.url}/api/v1/rowlevelsecurity/${rule?.id}`, {
      headers: { 'X-CSRFToken': csrf },
    });
    expect(removed.status()).toBe(200);
  });
});
