// The guest column of the route matrix: a guest token (X-GuestToken) for one embedded dashboard, sent to every
// registered route. Only the routes an embedded dashboard needs answer it, and those only for the token's dashboard;
// forged, expired and wrong-audience tokens answer 401 everywhere. Generated from the route table.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app/build-app.js';
import { signGuestToken } from '../../src/security/guest-token.js';
import { FILLERS } from './route-fillers.js';
import { embed } from './route-fillers-embedding.js';
import { registeredRoutes } from './route-table.js';
import { buildWorld, MARKER, rison, type World } from './world.js';

// The health probes answer before any caller is read (load balancers call them): nothing of anyone's is in them.
const ROUTES = (await registeredRoutes()).filter(
  (route) => !route.url.startsWith('/health') && !route.url.startsWith('/static') && route.method !== 'HEAD',
);
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const MARKER_PATTERN = new RegExp(MARKER, 'i');

let w: World;
let token: string;
let uuidA: string;
let dashboardB: number;

function guestRequest(route: { method: string }, url: string, payload: unknown, headers: Record<string, string>) {
  return w.t.app.inject({
    method: route.method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers,
  });
}

beforeAll(async () => {
  w = await buildWorld();
  uuidA = await embed(w, w.objects.dashboardId);
  dashboardB = await w.copy.dashboard();
  await embed(w, dashboardB);
  // The owner's chart sits on both dashboards, so B is a real way to its data that the token must not open.
  const moved = await w.owner.session.request({
    method: 'PUT',
    url: `/api/v1/chart/${w.objects.chartId}`,
    payload: { dashboards: [w.objects.dashboardId, dashboardB] },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const granted = await w.admin.request({
    method: 'POST',
    url: '/api/v1/security/guest_token/',
    payload: { user: { username: 'visitor' }, resources: [{ type: 'dashboard', id: uuidA }], rls: [] },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  token = granted.json().token as string;
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

describe('a guest token on every route', () => {
  for (const route of ROUTES.filter((r) => !r.guest)) {
    it(`${keyOf(route)} refuses the guest`, async () => {
      const filler = FILLERS[keyOf(route)];
      if (!filler) throw new Error(`no request filler for ${keyOf(route)}`);
      const prepared = await filler.prepare(w);
      const response = await guestRequest(route, prepared.url, prepared.payload, {
        ...prepared.headers,
        'x-guesttoken': token,
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toMatch(MARKER_PATTERN);
    });
  }

  it('opens only the routes an embedded dashboard needs', () => {
    expect(
      ROUTES.filter((r) => r.guest)
        .map(keyOf)
        .sort(),
    ).toEqual(
      [
        'GET /api/v1/dashboard/:id',
        'GET /api/v1/dashboard/:id/charts',
        'GET /api/v1/dashboard/:id/datasets',
        'GET /api/v1/embedded_dashboard/:uuid',
        'POST /api/v1/chart/data',
        'POST /api/v1/dashboard/:id/chart_data',
        'POST /api/v1/dashboard/:id/permalink',
        'POST /nezha/log/',
        'POST /superset/log/',
      ].sort(),
    );
  });
});

describe('the guest routes hold the guest to its dashboard', () => {
  const headers = () => ({ 'x-guesttoken': token });
  const chartData = (dashboardId: number) => ({
    datasource: { id: w.objects.datasetId, type: 'table' },
    queries: [{ columns: ['secret'], metrics: [], row_limit: 10 }],
    form_data: { slice_id: w.objects.chartId, dashboardId },
    result_format: 'json',
    result_type: 'full',
  });

  it("reads the token's dashboard, its charts, datasets and data", async () => {
    const get = (url: string) => w.t.app.inject({ method: 'GET', url, headers: headers() });
    for (const url of [
      `/api/v1/dashboard/${w.objects.dashboardId}`,
      `/api/v1/dashboard/${w.objects.dashboardId}/charts`,
      `/api/v1/embedded_dashboard/${uuidA}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
    const datasets = await get(`/api/v1/dashboard/${w.objects.dashboardId}/datasets`);
    expect(datasets.json().result).toHaveLength(1);
    const data = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: headers(),
      payload: chartData(w.objects.dashboardId),
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().result[0].data).toEqual([{ secret: MARKER }, { secret: `${MARKER}-2` }]);
  });

  it('refuses dashboard B, its embedded configuration and its data with a token for A', async () => {
    for (const url of [
      `/api/v1/dashboard/${dashboardB}`,
      `/api/v1/dashboard/${dashboardB}/charts`,
      `/api/v1/dashboard/${dashboardB}/datasets`,
    ]) {
      const response = await w.t.app.inject({ method: 'GET', url, headers: headers() });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(MARKER_PATTERN);
    }
    const uuidB = await embed(w, dashboardB);
    const config = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/embedded_dashboard/${uuidB}`,
      headers: headers(),
    });
    expect(config.statusCode).toBe(404);
    for (const payload of [chartData(dashboardB), { ...chartData(w.objects.dashboardId), form_data: {} }]) {
      const data = await w.t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: headers(), payload });
      expect(data.statusCode, data.body).toBe(403);
      expect(data.body).not.toMatch(MARKER_PATTERN);
    }
    const batch = await w.t.app.inject({
      method: 'POST',
      url: `/api/v1/dashboard/${dashboardB}/chart_data`,
      headers: headers(),
      payload: { queries: [{ key: 'a', payload: chartData(dashboardB) }] },
    });
    expect(batch.statusCode).toBe(404);
    expect(batch.body).not.toMatch(MARKER_PATTERN);
  });

  it("makes a permalink of the token's dashboard only, which opens for those who may see it, not for the guest", async () => {
    const permalink = (dashboardId: number) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/v1/dashboard/${dashboardId}/permalink`,
        headers: headers(),
        payload: { dataMask: {}, activeTabs: [], anchor: 'CHART-1' },
      });
    const made = await permalink(w.objects.dashboardId);
    expect(made.statusCode, made.body).toBe(201);
    const { key, url } = made.json() as { key: string; url: string };
    expect(url).toBe(`/nezha/dashboard/p/${key}/`);
    const refused = await permalink(dashboardB);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toMatch(MARKER_PATTERN);
    // The guest cannot read links back (no list, no other state); the admin opens the one it made.
    const guestRead = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/dashboard/permalink/${key}`,
      headers: headers(),
    });
    expect(guestRead.statusCode).toBe(403);
    const adminRead = await w.admin.request({ method: 'GET', url: `/api/v1/dashboard/permalink/${key}` });
    expect(adminRead.statusCode, adminRead.body).toBe(200);
    expect(adminRead.json()).toMatchObject({
      dashboardId: String(w.objects.dashboardId),
      state: { anchor: 'CHART-1' },
    });
  });

  it('lists nothing, runs no SQL and writes nothing', async () => {
    const calls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }> =
      [
        { method: 'GET', url: `/api/v1/dashboard/?q=${rison({})}` },
        { method: 'GET', url: `/api/v1/chart/?q=${rison({})}` },
        { method: 'GET', url: `/api/v1/dataset/${w.objects.datasetId}` },
        {
          method: 'POST',
          url: '/api/v1/sqllab/execute/',
          payload: { database_id: w.objects.databaseId, sql: 'SELECT 1' },
        },
        { method: 'PUT', url: `/api/v1/dashboard/${w.objects.dashboardId}`, payload: { dashboard_title: 'taken' } },
        { method: 'DELETE', url: `/api/v1/dashboard/${w.objects.dashboardId}/embedded` },
        {
          method: 'POST',
          url: '/api/v1/security/guest_token/',
          payload: { resources: [{ type: 'dashboard', id: uuidA }] },
        },
      ];
    for (const call of calls) {
      const response = await w.t.app.inject({ ...call, headers: headers() });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it("adds the token's row-level clauses, which no other token's cached answer crosses", async () => {
    const tokenWith = async (rls: Array<{ clause: string; dataset?: number }>) => {
      const granted = await w.admin.request({
        method: 'POST',
        url: '/api/v1/security/guest_token/',
        payload: { resources: [{ type: 'dashboard', id: uuidA }], rls },
      });
      expect(granted.statusCode, granted.body).toBe(200);
      return granted.json().token as string;
    };
    const rows = async (guest: string) => {
      const response = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers: { 'x-guesttoken': guest },
        payload: chartData(w.objects.dashboardId),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result[0] as { data: unknown[]; is_cached: boolean };
    };
    const wide = await tokenWith([]);
    const narrow = await tokenWith([{ clause: 'amount > 10', dataset: w.objects.datasetId }]);
    const both = await tokenWith([{ clause: 'amount > 10' }, { clause: 'amount < 20' }]);
    const other = await tokenWith([{ clause: '1 = 0', dataset: await w.copy.dataset() }]);
    expect((await rows(wide)).data).toHaveLength(2);
    // Asked again, the wide answer comes from the chart cache and is kept as finished bytes: a guest of the same
    // name under another clause must not be sent those bytes.
    expect((await rows(wide)).data).toHaveLength(2);
    expect((await rows(wide)).is_cached).toBe(true);
    const first = await rows(narrow);
    expect(first.data).toEqual([{ secret: `${MARKER}-2` }]);
    expect(first.is_cached).toBe(false);
    expect((await rows(both)).data).toEqual([]);
    // A clause for another dataset leaves this one alone.
    expect((await rows(other)).data).toHaveLength(2);
    // Jinja in a clause renders with the token's user (Superset's guest current_username()).
    const named = await w.admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: {
        user: { username: `${MARKER}-2` },
        resources: [{ type: 'dashboard', id: uuidA }],
        rls: [{ clause: "secret = '{{ current_username() }}'" }],
      },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect((await rows(named.json().token as string)).data).toEqual([{ secret: `${MARKER}-2` }]);
    // The viewer's own filter text cannot widen the token's clause.
    const widened = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { 'x-guesttoken': narrow },
      payload: {
        ...chartData(w.objects.dashboardId),
        queries: [{ columns: ['secret'], metrics: [], row_limit: 10, extras: { where: '1 = 1) OR (1 = 1' } }],
      },
    });
    expect(widened.statusCode).toBe(400);
    const refused = await w.admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: { resources: [{ type: 'dashboard', id: uuidA }], rls: [{ clause: '1 = 1; DROP TABLE ledger' }] },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('logs events with the token in the beacon body', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/nezha/log/',
      payload: {
        events: JSON.stringify([{ event_name: 'mount_dashboard', source: 'dashboard', source_id: 1, ts: 1 }]),
        guest_token: token,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('tokens that are not the server guest tokens', () => {
  const config = () => w.t.ctx.config.guestToken;
  const attempts: Array<[string, () => Promise<string>]> = [
    ['forged with another secret', () => signGuestToken({ ...config(), secret: 'x'.repeat(40) }, claims())],
    ['expired', () => signGuestToken(config(), claims(), Date.now() - 3600_000)],
    ['for another audience', () => signGuestToken({ ...config(), audience: 'elsewhere' }, claims())],
    ['of another algorithm', () => signGuestToken({ ...config(), algorithm: 'HS512' }, claims())],
    [
      'unsigned (alg none)',
      async () => {
        const body = Buffer.from(
          JSON.stringify({ ...claims(), type: 'guest', aud: config().audience, exp: 9e9, iat: 1 }),
        );
        return `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body.toString('base64url')}.`;
      },
    ],
    [
      'signed right but not a guest token',
      () =>
        new SignJWT({ ...claims(), type: 'access' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('5m')
          .setAudience(config().audience)
          .sign(new TextEncoder().encode(config().secret)),
    ],
    ['a login bearer token', async () => 'not.a.token'],
  ];
  const claims = () => ({ user: {}, resources: [{ type: 'dashboard' as const, id: uuidA }], rls_rules: [] });

  for (const [name, make] of attempts) {
    it(`answers 401 to a token ${name}`, async () => {
      const bad = await make();
      for (const call of [
        { method: 'GET', url: `/api/v1/dashboard/${w.objects.dashboardId}` },
        { method: 'GET', url: `/api/v1/embedded_dashboard/${uuidA}` },
        { method: 'GET', url: '/api/v1/me/' },
      ] as const) {
        const response = await w.t.app.inject({ ...call, headers: { 'x-guesttoken': bad } });
        expect(response.statusCode, `${call.url} ${response.body}`).toBe(401);
        expect(response.body).not.toMatch(MARKER_PATTERN);
      }
    });
  }

  it('refuses a token whose dashboard is no longer embedded', async () => {
    const id = await w.copy.dashboard();
    const uuid = await embed(w, id);
    const granted = await w.admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: { resources: [{ type: 'dashboard', id: uuid }] },
    });
    const guest = { 'x-guesttoken': granted.json().token as string };
    expect((await w.t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${id}`, headers: guest })).statusCode).toBe(
      200,
    );
    await w.admin.request({ method: 'DELETE', url: `/api/v1/dashboard/${id}/embedded` });
    expect((await w.t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${id}`, headers: guest })).statusCode).toBe(
      404,
    );
  });
});
