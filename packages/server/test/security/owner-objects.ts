// The owner's objects: one of each kind the routes reach, every name, description, SQL text and row carrying MARKER,
// and factories for fresh copies that destructive cells change or remove.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDatabaseVia } from '../support/dataset-fixtures.js';
import { newClientId } from '../support/sqllab-fixtures.js';
import { dataUri, type Session } from '../support/test-app.js';

/** Put in every name, description, SQL text and row of the owner's objects; an answer holding it leaked them. */
export const MARKER = 'mk7f3qvault';

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

export function created(response: LightMyRequestResponse, what: string): Record<string, unknown> {
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

export function copies(admin: Session, owner: Session, base: () => Objects): Copies {
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
      return addDatabaseVia(admin, name, dataUri('duckdb', `${name}.duckdb`));
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
  return copy;
}
