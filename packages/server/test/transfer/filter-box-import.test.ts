// A Superset bundle from before Superset 4 carries a filter box: imported, the box becomes a native filter the way
// Superset 4 imports it (its column, dataset, scope and default value), its place in the layout a markdown note, and
// it is no longer one of the dashboard's charts. A second import of the same bundle gives the same filters, not more.
import path from 'node:path';
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, STORE_BACKENDS, title } from '../api/chart-harness.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import {
  DASHBOARD_UUID,
  DATASET_UUID,
  dashboardBundle,
  dashboardConfig,
  TABLE_CHART_UUID,
  TOTAL_CHART_UUID,
  writeSampleDatabase,
} from './superset-fixtures.js';
import { importZip, zipOf } from './transfer-harness.js';

type Json = Record<string, unknown>;

const BOX_UUID = '8a9c3d5e-3b2f-4a79-9c3f-2d7b4b2f9e33';

/** Superset 2's filter box on `region` (chart 46 of the exporting server), as its export writes it. */
const boxChartConfig = (): Json => ({
  slice_name: 'Region box',
  viz_type: 'filter_box',
  params: {
    datasource: '12__table',
    viz_type: 'filter_box',
    date_filter: false,
    adhoc_filters: [],
    time_range: 'No filter',
    filter_configs: [{ asc: true, clearable: true, column: 'region', key: 'xK1', label: 'Region', multiple: true }],
    slice_id: 46,
  },
  query_context: null,
  cache_timeout: null,
  uuid: BOX_UUID,
  version: '1.0.0',
  dataset_uuid: DATASET_UUID,
});

/** The fixture's dashboard with the box first in its row, north picked, the table chart (45) immune. */
function bundleWithBox(uri: string): Json {
  const dashboard = dashboardConfig() as { position: Record<string, Json>; metadata: Json };
  const row = dashboard.position['ROW-dP_CHaK2q'] as { children: string[] };
  row.children.unshift('CHART-box');
  dashboard.position['CHART-box'] = {
    children: [],
    id: 'CHART-box',
    meta: { chartId: 46, height: 50, sliceName: 'Region box', uuid: BOX_UUID, width: 3 },
    parents: ['ROOT_ID', 'GRID_ID', 'ROW-dP_CHaK2q'],
    type: 'CHART',
  };
  dashboard.metadata.default_filters = JSON.stringify({ '46': { region: ['north'] } });
  dashboard.metadata.filter_scopes = { '46': { region: { scope: ['ROOT_ID'], immune: [45] } } };
  return {
    ...dashboardBundle(uri),
    'charts/Region_box_46.yaml': boxChartConfig(),
    'dashboards/Test_dash_7.yaml': dashboard,
  };
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('import of a dashboard with a filter box', backend), () => {
    let t: TestApp;
    let admin: Session;
    let uri: string;
    let drop: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const opened = await backend.open();
      drop = opened.drop;
      t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl } : {});
      writeSampleDatabase(path.join(t.dataDir, 'imported.db'));
      uri = dataUri('sqlite', 'imported.db');
      admin = await t.login();
    });
    afterAll(async () => {
      await t?.close();
      await drop();
    });

    const stored = async () => {
      const db = t.ctx.store.db;
      const dashboard = await db
        .selectFrom('dashboards')
        .selectAll()
        .where('uuid', '=', DASHBOARD_UUID)
        .executeTakeFirstOrThrow();
      const charts = await db.selectFrom('slices').select(['id', 'uuid', 'params']).execute();
      const idOf = new Map(charts.map((chart) => [chart.uuid, Number(chart.id)]));
      const dataset = await db
        .selectFrom('tables')
        .select('id')
        .where('uuid', '=', DATASET_UUID)
        .executeTakeFirstOrThrow();
      const linked = await db
        .selectFrom('dashboard_slices')
        .select('slice_id')
        .where('dashboard_id', '=', dashboard.id)
        .execute();
      return {
        dashboard,
        charts,
        idOf,
        datasetId: Number(dataset.id),
        linked: linked.map((row) => Number(row.slice_id)).sort((a, b) => a - b),
        metadata: JSON.parse(dashboard.json_metadata ?? '{}') as Json,
        position: JSON.parse(dashboard.position_json ?? '{}') as Record<string, Json>,
      };
    };

    it('turns the box into a native filter on its column, scope and value, and its node into a note', async () => {
      const response = await importZip(admin, 'dashboard', zipOf(bundleWithBox(uri)));
      expect(response.statusCode, response.body).toBe(200);
      const { dashboard, idOf, datasetId, linked, metadata, position } = await stored();
      const boxId = idOf.get(BOX_UUID) as number;
      const tableId = idOf.get(TABLE_CHART_UUID) as number;
      expect(boxId).toBeGreaterThan(0);

      expect(metadata).not.toHaveProperty('default_filters');
      expect(metadata).not.toHaveProperty('filter_scopes');
      const filters = metadata.native_filter_configuration as Json[];
      // The bundle's own native filter stays first; the box's is added after it.
      expect(filters.map((filter) => filter.name)).toEqual(['Region', 'Region']);
      expect(filters[1]).toEqual({
        id: `NATIVE_FILTER-filter_box_${boxId}_region`,
        type: 'NATIVE_FILTER',
        filterType: 'filter_select',
        name: 'Region',
        description: '',
        cascadeParentIds: [],
        targets: [{ datasetId, column: { name: 'region' } }],
        scope: { rootPath: ['ROOT_ID'], excluded: [tableId] },
        controlValues: {
          defaultToFirstItem: false,
          enableEmptyFilter: false,
          inverseSelection: false,
          multiSelect: true,
          searchAllOptions: false,
        },
        defaultDataMask: {
          extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['north'] }] },
          filterState: { value: ['north'] },
        },
      });

      expect(position).not.toHaveProperty('CHART-box');
      expect(position['MARKDOWN-box']).toMatchObject({
        type: 'MARKDOWN',
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-dP_CHaK2q'],
        meta: { width: 3, height: 50, code: expect.stringContaining('Region box') },
      });
      expect(position['ROW-dP_CHaK2q']?.children).toEqual([
        'MARKDOWN-box',
        'CHART-SVAlICPOSJ',
        'CHART-total',
        'CHART-table',
      ]);
      // The box is no longer one of the dashboard's charts; the three others are.
      expect(linked).not.toContain(boxId);
      expect(linked).toHaveLength(3);
      const listed = ok(await admin.request({ method: 'GET', url: `/api/v1/dashboard/${dashboard.id}/charts` }));
      expect((listed.result as Json[]).map((chart) => chart.slice_name)).not.toContain('Region box');
    });

    it("the filter's default value, applied to the total chart in scope, gives the north total alone", async () => {
      const { charts, datasetId, metadata } = await stored();
      const total = charts.find((chart) => chart.uuid === TOTAL_CHART_UUID);
      const filter = (metadata.native_filter_configuration as Json[])[1] as {
        defaultDataMask: { extraFormData: Json };
      };
      const formData = {
        ...(JSON.parse(total?.params ?? '{}') as QueryFormData),
        extra_form_data: filter.defaultDataMask.extraFormData,
      };
      const context = buildQueryContext(formData);
      const data = ok(
        await admin.request({
          method: 'POST',
          url: '/api/v1/chart/data',
          payload: { ...context, datasource: { id: datasetId, type: 'table' } },
        }),
      );
      // The fixture's rows: north 10, south 20, east 12.
      expect((data.result[0].data as Json[])[0]?.total).toBe(10);
    });

    it('importing the bundle again (overwrite) gives the same filters, none twice', async () => {
      const before = (await stored()).metadata.native_filter_configuration;
      const response = await importZip(admin, 'dashboard', zipOf(bundleWithBox(uri)), { overwrite: 'true' });
      expect(response.statusCode, response.body).toBe(200);
      const after = await stored();
      expect(after.metadata.native_filter_configuration).toEqual(before);
      expect(Object.keys(after.position).filter((key) => key.startsWith('MARKDOWN-'))).toEqual(['MARKDOWN-box']);
    });
  });
}
