// Bundle files in Superset's documented v1 layout, field sets as in Superset's tests/integration_tests/fixtures/
// importexport.py, pointed at a SQLite file the test writes (the dataset) and one viz type Nezha lacks (deck_path).
import Database from 'better-sqlite3';

export const DB_UUID = 'b8a1ccd3-779d-4ab7-8ad8-9ab119d7fe89';
export const DATASET_UUID = '10808100-158b-42c4-842e-f32b99d88dfb';
export const DECK_CHART_UUID = '0c23747a-6528-4629-97bf-e4b78d3b9df1';
export const TOTAL_CHART_UUID = '6e7a1b3c-1f0e-4e57-9a1d-0b5f2f0e7c11';
export const TABLE_CHART_UUID = '7f8b2c4d-2a1f-4f68-8b2e-1c6a3a1f8d22';
export const DASHBOARD_UUID = 'c4b28c4e-a1fe-4cf8-a5ac-d6f11d6fdd51';

/** The table the dataset reads: three regions' counts. */
export function writeSampleDatabase(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE IF NOT EXISTS imported_dataset (region TEXT, cnt INTEGER)');
  db.exec('DELETE FROM imported_dataset');
  const insert = db.prepare('INSERT INTO imported_dataset VALUES (?, ?)');
  for (const [region, cnt] of [
    ['north', 10],
    ['south', 20],
    ['east', 12],
  ] as const) {
    insert.run(region, cnt);
  }
  db.close();
}

export const metadata = (type: string, version = '1.0.0') => ({
  version,
  type,
  timestamp: '2020-11-04T21:27:44.423819+00:00',
});

export function databaseConfig(uri: string): Record<string, unknown> {
  return {
    allow_csv_upload: true,
    allow_ctas: true,
    allow_cvas: true,
    allow_dml: true,
    allow_run_async: false,
    cache_timeout: null,
    database_name: 'imported_database',
    expose_in_sqllab: true,
    extra: {},
    sqlalchemy_uri: uri,
    uuid: DB_UUID,
    version: '1.0.0',
  };
}

export const datasetConfig = (): Record<string, unknown> => ({
  table_name: 'imported_dataset',
  main_dttm_col: null,
  description: 'This is a dataset that was exported',
  default_endpoint: '',
  offset: 66,
  cache_timeout: 55,
  schema: '',
  sql: '',
  params: null,
  template_params: {},
  filter_select_enabled: true,
  fetch_values_predicate: null,
  extra:
    '{ "certification": { "certified_by": "Data Platform Team", "details": "This table is the source of truth." }, "warning_markdown": "This is a warning." }',
  metrics: [
    {
      metric_name: 'count',
      verbose_name: '',
      metric_type: null,
      expression: 'count(1)',
      description: null,
      d3format: null,
      extra: {},
      warning_text: null,
    },
    {
      metric_name: 'total',
      verbose_name: 'Total',
      metric_type: null,
      expression: 'SUM(cnt)',
      description: null,
      d3format: null,
      extra: {},
      warning_text: null,
    },
  ],
  columns: [
    {
      column_name: 'cnt',
      verbose_name: 'Count of something',
      is_dttm: false,
      is_active: null,
      type: 'NUMBER',
      groupby: false,
      filterable: true,
      expression: '',
      description: null,
      python_date_format: null,
    },
    {
      column_name: 'region',
      verbose_name: null,
      is_dttm: false,
      is_active: true,
      type: 'TEXT',
      groupby: true,
      filterable: true,
      expression: '',
      description: null,
      python_date_format: null,
    },
  ],
  version: '1.0.0',
  uuid: DATASET_UUID,
  database_uuid: DB_UUID,
});

/** Superset's chart_config: a deck.gl path chart, a viz type Nezha does not draw. */
export const deckChartConfig = (): Record<string, unknown> => ({
  slice_name: 'Deck Path',
  viz_type: 'deck_path',
  params: {
    color_picker: { a: 1, b: 135, g: 122, r: 0 },
    datasource: '12__table',
    line_column: 'path_json',
    line_type: 'json',
    line_width: 150,
    mapbox_style: 'mapbox://styles/mapbox/light-v9',
    reverse_long_lat: false,
    row_limit: 5000,
    slice_id: 43,
    time_grain_sqla: null,
    time_range: ' : ',
    viz_type: 'deck_path',
  },
  query_context:
    '{"datasource":{"id":12,"type":"table"},"force":false,"queries":[{"time_range":" : ","filters":[],"extras":{"time_grain_sqla":null,"having":"","where":""},"applied_time_extras":{},"columns":[],"metrics":[],"annotation_layers":[],"row_limit":5000,"timeseries_limit":0,"order_desc":true,"url_params":{},"custom_params":{},"custom_form_data":{}}],"result_format":"json","result_type":"full"}',
  cache_timeout: null,
  uuid: DECK_CHART_UUID,
  version: '1.0.0',
  dataset_uuid: DATASET_UUID,
});

export const totalChartConfig = (): Record<string, unknown> => ({
  slice_name: 'Total count',
  viz_type: 'big_number_total',
  params: {
    datasource: '12__table',
    viz_type: 'big_number_total',
    metric: 'total',
    adhoc_filters: [],
    time_range: 'No filter',
    header_font_size: 0.4,
    subheader_font_size: 0.15,
    y_axis_format: 'SMART_NUMBER',
    slice_id: 44,
  },
  query_context: null,
  cache_timeout: null,
  uuid: TOTAL_CHART_UUID,
  version: '1.0.0',
  dataset_uuid: DATASET_UUID,
});

export const tableChartConfig = (): Record<string, unknown> => ({
  slice_name: 'Counts by region',
  viz_type: 'table',
  params: {
    datasource: '12__table',
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['region'],
    metrics: ['total'],
    adhoc_filters: [],
    row_limit: 100,
    slice_id: 45,
  },
  cache_timeout: null,
  uuid: TABLE_CHART_UUID,
  version: '1.0.0',
  dataset_uuid: DATASET_UUID,
});

const chartNode = (id: string, chartId: number, uuid: string, name: string, row: string) => ({
  children: [],
  id,
  meta: { chartId, height: 50, sliceName: name, uuid, width: 4 },
  parents: ['ROOT_ID', 'GRID_ID', row],
  type: 'CHART',
});

/** Superset's dashboard_config with the three charts in one row (chart ids of the exporting server). */
export const dashboardConfig = (): Record<string, unknown> => ({
  dashboard_title: 'Test dash',
  description: null,
  css: '',
  slug: null,
  uuid: DASHBOARD_UUID,
  position: {
    'CHART-SVAlICPOSJ': chartNode('CHART-SVAlICPOSJ', 43, DECK_CHART_UUID, 'Deck Path', 'ROW-dP_CHaK2q'),
    'CHART-total': chartNode('CHART-total', 44, TOTAL_CHART_UUID, 'Total count', 'ROW-dP_CHaK2q'),
    'CHART-table': chartNode('CHART-table', 45, TABLE_CHART_UUID, 'Counts by region', 'ROW-dP_CHaK2q'),
    DASHBOARD_VERSION_KEY: 'v2',
    GRID_ID: { children: ['ROW-dP_CHaK2q'], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
    HEADER_ID: { id: 'HEADER_ID', meta: { text: 'Test dash' }, type: 'HEADER' },
    ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
    'ROW-dP_CHaK2q': {
      children: ['CHART-SVAlICPOSJ', 'CHART-total', 'CHART-table'],
      id: 'ROW-dP_CHaK2q',
      meta: { '0': 'ROOT_ID', background: 'BACKGROUND_TRANSPARENT' },
      parents: ['ROOT_ID', 'GRID_ID'],
      type: 'ROW',
    },
  },
  metadata: {
    timed_refresh_immune_slices: [43],
    filter_scopes: { '43': { region: { scope: ['ROOT_ID'], immune: [43] } } },
    expanded_slices: { '43': true },
    expand_all_slices: false,
    refresh_frequency: 0,
    default_filters: '{}',
    color_scheme: null,
    remote_id: 7,
    import_time: 1604342885,
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-region',
        name: 'Region',
        filterType: 'filter_select',
        targets: [{ datasetUuid: DATASET_UUID, column: { name: 'region' } }],
        scope: { rootPath: ['ROOT_ID'], excluded: [43] },
        chartsInScope: [44, 45],
        controlValues: { multiSelect: true },
        defaultDataMask: { extraFormData: {}, filterState: {} },
        cascadeParentIds: [],
        type: 'NATIVE_FILTER',
      },
    ],
  },
  version: '1.0.0',
});

export const savedQueryConfig = (): Record<string, unknown> => ({
  schema: 'public',
  label: 'Test Saved Query',
  description: null,
  sql: 'SELECT * from imported_dataset',
  uuid: '05b679b5-8eaf-452c-b874-a7a774cfa4e9',
  version: '1.0.0',
  database_uuid: DB_UUID,
});

/** The whole dashboard bundle, Superset's file names. */
export function dashboardBundle(databaseUri: string): Record<string, unknown> {
  return {
    'metadata.yaml': metadata('Dashboard'),
    'databases/imported_database.yaml': databaseConfig(databaseUri),
    'datasets/imported_database/imported_dataset.yaml': datasetConfig(),
    'charts/Deck_Path_43.yaml': deckChartConfig(),
    'charts/Total_count_44.yaml': totalChartConfig(),
    'charts/Counts_by_region_45.yaml': tableChartConfig(),
    'dashboards/Test_dash_7.yaml': dashboardConfig(),
  };
}
