// A saved chart's form data: its params read back, Superset's slice form_data, and the columns and cohorts it uses.
import type { ChartRecord } from '../store/charts.js';

export type FormData = Record<string, unknown>;

/** The chart's params as an object; unreadable or non-object params read as empty (Superset does the same). */
export function parseParams(text: string | null | undefined): FormData {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormData) : {};
  } catch {
    return {};
  }
}

/** Superset's Slice.form_data: the params with the chart's id, viz type and datasource key laid over them. */
export function sliceFormData(chart: ChartRecord): FormData {
  const formData: FormData = {
    ...parseParams(chart.params),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id ?? ''}__${chart.datasource_type ?? 'table'}`,
  };
  if (chart.cache_timeout) formData.cache_timeout = chart.cache_timeout;
  return formData;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/** Form-data keys that hold columns (names or adhoc columns). */
const COLUMN_KEYS = ['groupby', 'columns', 'all_columns', 'series_columns', 'x_axis', 'granularity_sqla', 'entity'];
/** Form-data keys that hold metrics, whose simple form names a column. */
const METRIC_KEYS = [
  'metrics',
  'metric',
  'metric_2',
  'percent_metrics',
  'secondary_metric',
  'size',
  'x',
  'y',
  'timeseries_limit_metric',
  'series_limit_metric',
];

function metricColumn(metric: unknown): string | null {
  const record = asRecord(metric);
  if (record?.expressionType !== 'SIMPLE') return null;
  const column = record.column;
  if (typeof column === 'string') return column;
  const name = asRecord(column)?.column_name;
  return typeof name === 'string' ? name : null;
}

/** Every adhoc filter of the chart, those inside AND/OR filter trees included. */
export function allAdhocFilters(formData: FormData): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const visitGroup = (group: unknown) => {
    const record = asRecord(group);
    if (!record) return;
    for (const filter of asList(record.filters)) visitFilter(filter);
    for (const inner of asList(record.groups)) visitGroup(inner);
  };
  const visitFilter = (filter: unknown) => {
    const record = asRecord(filter);
    if (!record) return;
    found.push(record);
    if (record.filterGroup) visitGroup(record.filterGroup);
  };
  for (const filter of asList(formData.adhoc_filters)) visitFilter(filter);
  return found;
}

/** The dataset columns the chart reads by name: grouping, metric columns, time column and simple filter subjects. */
export function columnsInChart(formData: FormData): string[] {
  const names = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') names.add(value);
  };
  for (const key of COLUMN_KEYS) for (const column of asList(formData[key])) add(column);
  for (const key of METRIC_KEYS) for (const metric of asList(formData[key])) add(metricColumn(metric));
  for (const filter of allAdhocFilters(formData)) {
    if (filter.expressionType === 'SIMPLE') add(filter.subject);
  }
  return [...names];
}

/** Ids of the cohorts the chart's cohort filters refer to. */
export function cohortsInChart(formData: FormData): number[] {
  const ids = new Set<number>();
  for (const filter of allAdhocFilters(formData)) {
    if (filter.expressionType !== 'COHORT') continue;
    const id = Number(filter.cohort);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}
