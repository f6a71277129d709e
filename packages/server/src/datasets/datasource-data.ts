// The datasource JSON the explore view reads (Superset's `datasource.data`), and the derived fields it shares
// with the dataset detail: verbose map, formats, order-by, time column and time grain choices, select *.
import { datasourceKey } from '@nezha/core';
import { selectStar } from '../engines/base.js';
import { engineByName } from '../engines/registry.js';
import type { Dialect } from '../engines/types.js';
import type { DatasetFull } from '../store/datasets.js';
import type { SqlMetricRow, TableColumnRow } from '../store/schema.js';
import { certificationOf, isVirtual, parseJson, sensitiveColumnsOf, typeGeneric } from './json-fields.js';
import { isSensitiveName, mentionsSensitive } from './sensitive-columns.js';

/** Superset's names of the time grains, in the order its pickers list them. */
const TIME_GRAIN_LABELS: ReadonlyArray<[string, string]> = [
  ['PT1S', 'Second'],
  ['PT5S', '5 second'],
  ['PT30S', '30 second'],
  ['PT1M', 'Minute'],
  ['PT5M', '5 minute'],
  ['PT10M', '10 minute'],
  ['PT15M', '15 minute'],
  ['PT30M', '30 minute'],
  ['PT1H', 'Hour'],
  ['PT6H', '6 hour'],
  ['P1D', 'Day'],
  ['P1W', 'Week'],
  ['P1M', 'Month'],
  ['P3M', 'Quarter'],
  ['P1Y', 'Year'],
  ['1969-12-28T00:00:00Z/P1W', 'Week starting Sunday'],
  ['1969-12-29T00:00:00Z/P1W', 'Week starting Monday'],
  ['P1W/1970-01-03T00:00:00Z', 'Week ending Saturday'],
  ['P1W/1970-01-04T00:00:00Z', 'Week ending Sunday'],
];

/** The columns whose definitions may leave the server: not sensitive, and not calculated from a sensitive one. */
export function visibleColumns(full: DatasetFull): TableColumnRow[] {
  const sensitive = sensitiveColumnsOf(full.dataset);
  if (sensitive.length === 0) return full.columns;
  const engine = engineByName(full.dataset.backend).name;
  return full.columns.filter(
    (column) =>
      !isSensitiveName(column.column_name, sensitive) &&
      !(column.expression && mentionsSensitive(column.expression, sensitive, engine)),
  );
}

/** [duration, label] pairs of the engine's grains, led by Superset's "Original value". */
export function timeGrainChoices(dialect: Dialect): Array<[string | null, string]> {
  const known = TIME_GRAIN_LABELS.filter(([grain]) => dialect.timeGrains[grain] !== undefined);
  return [[null, 'Original value'], ...known];
}

export function derivedFields(full: DatasetFull, columns: readonly TableColumnRow[], dialect: Dialect) {
  const { dataset, metrics } = full;
  const verboseMap: Record<string, string> = { __timestamp: 'Time' };
  for (const metric of metrics) verboseMap[metric.metric_name] = metric.verbose_name || metric.metric_name;
  for (const column of columns) verboseMap[column.column_name] = column.verbose_name || column.column_name;
  const columnFormats: Record<string, string> = {};
  const currencyFormats: Record<string, unknown> = {};
  for (const metric of metrics) {
    if (metric.d3format) columnFormats[metric.metric_name] = metric.d3format;
    const currency = parseJson(metric.currency);
    if (currency) currencyFormats[metric.metric_name] = currency;
  }
  const dttm = columns.filter((column) => column.is_dttm === 1).map((column) => column.column_name);
  if (dataset.main_dttm_col && !dttm.includes(dataset.main_dttm_col)) dttm.push(dataset.main_dttm_col);
  const names = columns.map((column) => column.column_name).sort();
  return {
    verbose_map: verboseMap,
    column_formats: columnFormats,
    currency_formats: currencyFormats,
    granularity_sqla: dttm.map((name) => [name, name]),
    // Python's json.dumps spelling, which Superset's clients send back as the choice's value.
    order_by_choices: names.flatMap((name) => [
      [`[${JSON.stringify(name)}, true]`, `${name} [asc]`],
      [`[${JSON.stringify(name)}, false]`, `${name} [desc]`],
    ]),
    time_grain_sqla: timeGrainChoices(dialect),
    select_star: datasetSelectStar(full, dialect),
  };
}

/** Physical: SELECT * of the table (the visible columns by name when some are sensitive); virtual: its SQL. */
function datasetSelectStar(full: DatasetFull, dialect: Dialect): string {
  const { dataset } = full;
  if (isVirtual(dataset)) return dataset.sql ?? '';
  const hidden = sensitiveColumnsOf(dataset).length > 0;
  const names = hidden
    ? visibleColumns(full)
        .filter((c) => !c.expression)
        .map((c) => c.column_name)
    : [];
  return selectStar(dialect, dataset.table_name, dataset.schema, names, dataset.catalog);
}

function columnData(column: TableColumnRow) {
  const { certified_by, certification_details, is_certified, warning_markdown } = certificationOf(column.extra);
  return {
    id: column.id,
    uuid: column.uuid,
    column_name: column.column_name,
    verbose_name: column.verbose_name,
    description: column.description,
    expression: column.expression,
    filterable: column.filterable === 1,
    groupby: column.groupby === 1,
    is_dttm: column.is_dttm === 1,
    python_date_format: column.python_date_format,
    type: column.type,
    type_generic: typeGeneric(column),
    advanced_data_type: column.advanced_data_type,
    is_certified,
    certified_by,
    certification_details,
    warning_markdown,
  };
}

function metricData(metric: SqlMetricRow) {
  const { certified_by, certification_details, is_certified, warning_markdown } = certificationOf(metric.extra);
  return {
    id: metric.id,
    uuid: metric.uuid,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name,
    expression: metric.expression,
    description: metric.description,
    d3format: metric.d3format,
    currency: parseJson(metric.currency),
    warning_text: metric.warning_text,
    warning_markdown,
    is_certified,
    certified_by,
    certification_details,
  };
}

/** What GET /nezha/fetch_datasource_metadata answers; sensitive columns appear only by name. */
export function datasourceData(full: DatasetFull, dialect: Dialect) {
  const { dataset } = full;
  const columns = visibleColumns(full);
  const name = dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
  return {
    id: dataset.id,
    uid: datasourceKey(dataset.id, 'table'),
    type: 'table',
    datasource_type: 'table',
    name,
    datasource_name: dataset.table_name,
    table_name: dataset.table_name,
    catalog: dataset.catalog,
    schema: dataset.schema || null,
    description: dataset.description,
    database: {
      id: dataset.database_id,
      database_name: dataset.database_name,
      name: dataset.database_name,
      backend: dataset.backend,
      allows_subquery: true,
      allows_virtual_table_explore: true,
    },
    sql: dataset.sql,
    kind: isVirtual(dataset) ? 'virtual' : 'physical',
    is_sqllab_view: dataset.is_sqllab_view === 1,
    main_dttm_col: dataset.main_dttm_col,
    default_endpoint: dataset.default_endpoint,
    offset: dataset.offset,
    cache_timeout: dataset.cache_timeout,
    filter_select: dataset.filter_select_enabled === 1,
    filter_select_enabled: dataset.filter_select_enabled === 1,
    fetch_values_predicate: dataset.fetch_values_predicate,
    template_params: dataset.template_params,
    always_filter_main_dttm: dataset.always_filter_main_dttm === 1,
    normalize_columns: dataset.normalize_columns === 1,
    extra: dataset.extra,
    params: null,
    perm: dataset.perm,
    edit_url: `/tablemodelview/edit/${dataset.id}`,
    health_check_message: null,
    sensitive_columns: sensitiveColumnsOf(dataset),
    columns: columns.map(columnData),
    metrics: full.metrics.map(metricData),
    owners: full.owners.map(({ id, first_name, last_name, username }) => ({ id, first_name, last_name, username })),
    ...derivedFields(full, columns, dialect),
  };
}
