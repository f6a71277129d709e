// The security suites' world: an app, an owner user whose objects all carry one marker string, and the callers
// (Admin, Alpha, Gamma, sql_lab, a user without a role, anonymous) with bearer tokens and cookie sessions.
import { encodeRison, objectPermissionName } from '@nezha/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDatabaseVia, addUser, runOn } from '../support/dataset-fixtures.js';
import { newClientId } from '../support/sqllab-fixtures.js';
import { ADMIN, type Session, startTestApp, type TestApp } from '../support/test-app.js';

/** Put in every name, description, SQL text and row of the owner's objects; an answer holding it leaked them. */
export const MARKER = 'mk7f3qvault';

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
  /** A browser-like session (cookie + CSRF), undefined for anonymous. */
  session: Session | undefined;
}

/** Ids and keys of the owner's objects. */
export interface Objects {
  databaseId: number;
  databaseName: string;
  datasetId: number;
  chartId: number;
  dashboardId: number;
  savedQueryId: number;
  queryId: number;
  queryClientId: string;
  resultsKey: string;
  tabId: number;
  tablePanelId: number;
  measureId: number;
  cohortId: number;
  savedColumnId: number;
  kvId: string;
  explorePermalinkKey: string;
  dashboardPermalinkKey: string;
  formDataKey: string;
  filterStateKey: string;
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

function created(response: LightMyRequestResponse, what: string): Record<string, unknown> {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
  return response.json() as Record<string, unknown>;
}

export interface Copies {
  chart(): Promise<number>;
  dashboard(): Promise<number>;
  dataset(): Promise<number>;
  savedQuery(): Promise<number>;
  tab(): Promise<number>;
  tablePanel(tabId?: number): Promise<number>;
  measure(): Promise<number>;
  cohort(): Promise<number>;
  savedColumn(): Promise<number>;
  formDataKey(): Promise<string>;
  filterStateKey(): Promise<string>;
  database(): Promise<number>;
  /** A run of the owner's in SQL Lab: its record's id and client id. */
  query(): Promise<{ id: number; clientId: string; resultsKey: string }>;
}

function copies(t: TestApp, admin: Session, owner: Session, base: () => Objects): Copies {
  let n = 0;
  const next = () => `${MARKER}_${++n}`;
  const post = async (url: string, payload: unknown, what: string, session = owner) =>
    created(await session.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }), what);
  const o = base;
  const copy: Copies = {
    async chart() {
      const body = await post(
        '/api/v1/chart/',
        {
          slice_name: `chart ${next()}`,
          description: `about ${MARKER}`,
          viz_type: 'table',
          datasource_id: o().datasetId,
          datasource_type: 'table',
          params: JSON.stringify({ viz_type: 'table', datasource: `${o().datasetId}__table`, all_columns: ['secret'] }),
        },
        'chart',
      );
      return body.id as number;
    },
    async dashboard() {
      const body = await post(
        '/api/v1/dashboard/',
        { dashboard_title: `dashboard ${next()}`, published: true, css: `/* ${MARKER} */` },
        'dashboard',
      );
      return body.id as number;
    },
    async dataset() {
      const body = await post(
        '/api/v1/dataset/',
        { database: o().databaseId, schema: 'main', table_name: `v_${next()}`, sql: 'SELECT * FROM ledger' },
        'dataset',
      );
      return body.id as number;
    },
    async savedQuery() {
      const body = await post(
        '/api/v1/saved_query/',
        {
          label: `saved ${next()}`,
          db_id: o().databaseId,
          schema: 'main',
          sql: `SELECT '${MARKER}'`,
          description: MARKER,
        },
        'saved query',
      );
      return body.id as number;
    },
    async tab() {
      const body = await post(
        '/tabstateview/',
        { queryEditor: { name: `tab ${next()}`, dbId: o().databaseId, schema: 'main', sql: `SELECT '${MARKER}'` } },
        'tab',
      );
      return body.id as number;
    },
    async tablePanel(tabId) {
      const body = await post(
        '/tableschemaview/',
        {
          table: {
            dbId: o().databaseId,
            queryEditorId: tabId ?? o().tabId,
            schema: 'main',
            name: 'ledger',
            expanded: true,
            description: MARKER,
          },
        },
        'table panel',
      );
      return body.id as number;
    },
    async measure() {
      const body = await post(
        '/api/v1/measure/',
        {
          datasource_id: o().datasetId,
          datasource_type: 'table',
          viz_type: 'measure',
          measure_name: `measure ${next()}`,
          description: MARKER,
          params: {
            viz_type: 'measure',
            metrics: [
              {
                expressionType: 'SIMPLE',
                aggregate: 'SUM',
                column: { column_name: 'amount' },
                label: `sum ${next()}`,
                hasCustomLabel: true,
              },
            ],
          },
        },
        'measure',
      );
      return body.id as number;
    },
    async cohort() {
      const body = await post(
        '/api/v1/cohort/',
        {
          datasource_id: o().datasetId,
          datasource_type: 'table',
          viz_type: 'cohort',
          cohort_name: `cohort ${next()}`,
          description: MARKER,
          actor: 'secret',
          dimensions: ['secret'],
          top_series: [MARKER],
          params: {
            adhoc_filters: [
              {
                expressionType: 'SIMPLE',
                subject: 'secret',
                operator: '==',
                operatorId: 'EQUALS',
                comparator: MARKER,
                clause: 'WHERE',
              },
            ],
          },
        },
        'cohort',
      );
      return body.id as number;
    },
    async savedColumn() {
      const body = await post(
        '/api/v1/dataset/saved_column/',
        {
          table_id: o().datasetId,
          column_name: `col_${next()}`,
          expression: 'secret',
          description: MARKER,
          verbose_name: MARKER,
        },
        'saved column',
      );
      return body.id as number;
    },
    async formDataKey() {
      const body = await post(
        '/api/v1/explore/form_data',
        {
          datasource_id: o().datasetId,
          datasource_type: 'table',
          form_data: JSON.stringify({ viz_type: 'table', datasource: `${o().datasetId}__table`, note: next() }),
        },
        'form data',
      );
      return body.key as string;
    },
    async filterStateKey() {
      const body = await post(
        `/api/v1/dashboard/${o().dashboardId}/filter_state`,
        { value: JSON.stringify({ NATIVE_FILTER_1: { filterState: { value: [next()] } } }) },
        'filter state',
      );
      return body.key as string;
    },
    async database() {
      const name = `spare_${next()}`;
      return addDatabaseVia(admin, name, `duckdb:///${name}.duckdb`);
    },
    async query() {
      const clientId = newClientId();
      const response = await owner.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: {
          client_id: clientId,
          database_id: o().databaseId,
          schema: 'main',
          sql: `SELECT secret, '${MARKER}' AS tag FROM ledger`,
          runAsync: false,
          tab: `tab ${MARKER}`,
        },
      });
      const body = created(response, 'sql lab run');
      const id = body.query_id as number;
      // The results key is written after the answer of a sync run; wait for the record to carry it.
      let resultsKey: string | undefined;
      for (let attempt = 0; attempt < 200 && !resultsKey; attempt++) {
        const record = (await owner.request({ method: 'GET', url: `/api/v1/query/${id}` })).json().result;
        resultsKey = typeof record?.resultsKey === 'string' ? record.resultsKey : undefined;
        if (!resultsKey) await new Promise((resolve) => setImmediate(resolve));
      }
      if (!resultsKey) throw new Error('the owner run never got a results key');
      return { id, clientId, resultsKey };
    },
  };
  void t;
  return copy;
}

async function bearerCaller(
  t: TestApp,
  name: CallerName,
  user: { id: number; session: Session } | undefined,
  password: string | undefined,
  username: string,
): Promise<Caller> {
  let token: string | undefined;
  if (user && password) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username, password, provider: 'db' },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().access_token as string;
  }
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
  return { name, userId: user?.id, roles, request, session: user?.session };
}

/** Builds the world; call from beforeAll and close `t` in afterAll. */
export async function buildWorld(): Promise<World> {
  const t = await startTestApp();
  const admin = await t.login();

  const databaseName = `vault_${MARKER}`;
  const databaseId = await addDatabaseVia(admin, databaseName, 'duckdb:///vault.duckdb');
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
  const copy = copies(t, admin, owner.session, () => objects);
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
