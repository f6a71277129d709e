// The security suites' world: an app, an owner user whose objects all carry one marker string, and the callers
// (Admin, Alpha, Gamma, Gamma with a dataset grant, sql_lab, a user without a role, anonymous) with bearer tokens and cookie sessions.
import { encodeRison, objectPermissionName } from '@nezha/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDatabaseVia, addUser, runOn } from '../support/dataset-fixtures.js';
import { ADMIN, dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { type Copies, copies, created, MARKER, type Objects } from './owner-objects.js';

export { MARKER, type Objects };

/** `Gamma_granted` is Gamma with datasource_access on the owner's dataset: it may read it, never change it. */
export const CALLER_NAMES = ['Admin', 'Alpha', 'Gamma', 'Gamma_granted', 'sql_lab', 'no_role', 'anonymous'] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

export interface Caller {
  name: CallerName;
  /** Undefined for anonymous. */
  userId: number | undefined;
  /** The [permission, view] pairs of each role, as the API reports them at test time (anonymous: none). */
  roles: Record<string, Array<[string, string]>>;
  /** Sends with the caller's bearer token (anonymous: no credentials). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in again for a fresh bearer token: a logout revokes every token of its user. */
  renew(): Promise<void>;
  /** A browser-like session (cookie + CSRF), undefined for anonymous. */
  session: Session | undefined;
}

export interface World {
  t: TestApp;
  admin: Session;
  owner: { id: number; session: Session };
  objects: Objects;
  callers: Record<CallerName, Caller>;
  /** Fresh owner objects for routes that change or remove one, so no cell depends on another's order. */
  copy: Copies;
}

export const rison = (value: unknown) => encodeURIComponent(encodeRison(value));

async function bearerCaller(
  t: TestApp,
  name: CallerName,
  user: { id: number; session: Session } | undefined,
  password: string | undefined,
  username: string,
): Promise<Caller> {
  let token: string | undefined;
  const renew = async () => {
    if (!user || !password) return;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username, password, provider: 'db' },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().access_token as string;
  };
  await renew();
  const request = (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  let roles: Record<string, Array<[string, string]>> = {};
  if (token) {
    const me = await request({ method: 'GET', url: '/api/v1/me/roles/' });
    expect(me.statusCode, me.body).toBe(200);
    roles = me.json().result.roles;
  }
  return { name, userId: user?.id, roles, request, renew, session: user?.session };
}

/** Builds the world; call from beforeAll and close `t` in afterAll. */
export async function buildWorld(): Promise<World> {
  // Every caller signs in, and the login routes are called with wrong passwords per cell: the throttle (tested on
  // its own in login-throttle.test.ts) would answer 429 to the cells instead of what they check.
  const t = await startTestApp({
    env: { NEZHA_AUTH_RATE_LIMIT: '100000 per second', NEZHA_AUTH_RATE_LIMIT_PER_ADDRESS: '100000 per second' },
  });
  const admin = await t.login();

  const databaseName = `vault_${MARKER}`;
  const databaseId = await addDatabaseVia(admin, databaseName, dataUri('duckdb', 'vault.duckdb'));
  // The owner's reach does not hang on what Alpha holds this week: its own grant on the database.
  const owner = await addUser(
    t,
    'owner',
    ['Alpha', 'sql_lab'],
    [['database_access', objectPermissionName.database(databaseName, databaseId)]],
  );
  await runOn(t, databaseId, [
    'CREATE TABLE ledger (id INTEGER, secret VARCHAR, amount INTEGER, booked_at TIMESTAMP)',
    `INSERT INTO ledger VALUES (1, '${MARKER}', 10, '2024-01-01 10:00:00'), (2, '${MARKER}-2', 20, '2024-01-02 10:00:00')`,
  ]);

  const objects = { databaseId, databaseName } as Objects;
  const copy = copies(admin, owner.session, () => objects);
  const dataset = created(
    await owner.session.request({
      method: 'POST',
      url: '/api/v1/dataset/',
      payload: { database: databaseId, schema: 'main', table_name: 'ledger' },
    }),
    'dataset',
  );
  objects.datasetId = dataset.id as number;
  created(
    await owner.session.request({
      method: 'PUT',
      url: `/api/v1/dataset/${objects.datasetId}`,
      payload: { description: `ledger of ${MARKER}` },
    }),
    'dataset description',
  );
  objects.chartId = await copy.chart();
  objects.dashboardId = await copy.dashboard();
  // The chart on the dashboard, so the dashboard's charts, datasets and batch reach the owner's data.
  created(
    await owner.session.request({
      method: 'PUT',
      url: `/api/v1/chart/${objects.chartId}`,
      payload: { dashboards: [objects.dashboardId] },
    }),
    'chart on dashboard',
  );
  objects.savedQueryId = await copy.savedQuery();
  const run = await copy.query();
  objects.queryId = run.id;
  objects.queryClientId = run.clientId;
  objects.resultsKey = run.resultsKey;
  objects.tabId = await copy.tab();
  objects.tablePanelId = await copy.tablePanel(objects.tabId);
  objects.measureId = await copy.measure();
  objects.cohortId = await copy.cohort();
  objects.savedColumnId = await copy.savedColumn();
  objects.kvId = created(
    await owner.session.request({
      method: 'POST',
      url: '/kv/store/',
      payload: { data: { sql: `SELECT '${MARKER}'` } },
    }),
    'kv',
  ).id as string;
  objects.explorePermalinkKey = created(
    await owner.session.request({
      method: 'POST',
      url: '/api/v1/explore/permalink',
      payload: {
        formData: { viz_type: 'table', datasource: `${objects.datasetId}__table`, note: MARKER },
      },
    }),
    'explore permalink',
  ).key as string;
  objects.dashboardPermalinkKey = created(
    await owner.session.request({
      method: 'POST',
      url: `/api/v1/dashboard/${objects.dashboardId}/permalink`,
      payload: { dataMask: { NATIVE_FILTER_1: { filterState: { value: [MARKER] } } }, anchor: MARKER },
    }),
    'dashboard permalink',
  ).key as string;
  objects.formDataKey = await copy.formDataKey();
  objects.filterStateKey = await copy.filterStateKey();

  const users = {
    Alpha: await addUser(t, 'alpha', ['Alpha']),
    Gamma: await addUser(t, 'gamma', ['Gamma']),
    Gamma_granted: await addUser(
      t,
      'granted',
      ['Gamma'],
      [['datasource_access', objectPermissionName.datasource(databaseName, 'ledger', objects.datasetId)]],
    ),
    sql_lab: await addUser(t, 'sqllab', ['sql_lab']),
    no_role: await addUser(t, 'norole', []),
  };
  const adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
  const callers = {
    Admin: await bearerCaller(t, 'Admin', { id: adminId, session: admin }, ADMIN.password, ADMIN.username),
    Alpha: await bearerCaller(t, 'Alpha', users.Alpha, 'alpha-password', 'alpha'),
    Gamma: await bearerCaller(t, 'Gamma', users.Gamma, 'gamma-password', 'gamma'),
    Gamma_granted: await bearerCaller(t, 'Gamma_granted', users.Gamma_granted, 'granted-password', 'granted'),
    sql_lab: await bearerCaller(t, 'sql_lab', users.sql_lab, 'sqllab-password', 'sqllab'),
    no_role: await bearerCaller(t, 'no_role', users.no_role, 'norole-password', 'norole'),
    anonymous: await bearerCaller(t, 'anonymous', undefined, undefined, ''),
  } satisfies Record<CallerName, Caller>;
  return { t, admin, owner, objects, callers, copy };
}
