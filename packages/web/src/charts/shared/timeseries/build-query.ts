// buildQuery of the ECharts time series viz types: x-axis + groupby, pivoted by the server's post-processing
// (pivot, rolling, compare, resample, contribution, flatten) into one column per series, as Superset does.
import {
  buildQueryContext,
  getColumnLabel,
  getMetricLabel,
  normalizeOrderBy,
  type PostProcessingStep,
  type QueryContext,
  type QueryFormColumn,
  type QueryFormData,
  type QueryObject,
  timeShiftedColumn,
} from '@nezha/core';
import { columnsOf, ensureArray } from '../form-data';

/** The x-axis column: `x_axis`, else the legacy time column (granularity_sqla). */
export function xAxisColumn(formData: QueryFormData): QueryFormColumn | undefined {
  return columnsOf(formData.x_axis)[0] ?? columnsOf(formData.granularity_sqla)[0];
}

export function timeOffsets(formData: QueryFormData): string[] {
  return ensureArray(formData.time_compare as string | string[] | null).filter(
    (shift) => typeof shift === 'string' && shift !== '' && shift !== 'custom' && shift !== 'inherit',
  );
}

/**
 * Superset's rollingWindowOperator: a cumulative sum or a rolling window over the named metric columns
 * (on the pivoted result each name covers the metric's column per groupby value).
 */
export function rollingStep(formData: QueryFormData, columns: readonly string[]): PostProcessingStep | undefined {
  const type = formData.rolling_type;
  if (typeof type !== 'string' || type === 'None' || type === '') return undefined;
  const mapping = Object.fromEntries(columns.map((column) => [column, column]));
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns: mapping } };
  const window = Math.max(1, Math.trunc(Number(formData.rolling_periods) || 1));
  const minPeriods = Math.max(0, Math.trunc(Number(formData.min_periods) || 0));
  return {
    operation: 'rolling',
    options: { rolling_type: type, window, min_periods: minPeriods, columns: mapping },
  };
}

export function resampleStep(formData: QueryFormData): PostProcessingStep | undefined {
  const { resample_rule: rule, resample_method: method } = formData;
  if (typeof rule !== 'string' || !rule || typeof method !== 'string' || !method) return undefined;
  return method === 'zerofill'
    ? { operation: 'resample', options: { rule, method: 'asfreq', fill_value: 0 } }
    : { operation: 'resample', options: { rule, method } };
}

/** The query object of one time series query (mixed_timeseries builds two from suffixed form data). */
export function timeseriesQueryObject(formData: QueryFormData, base: QueryObject): QueryObject {
  const xAxis = xAxisColumn(formData);
  const groupby = columnsOf(formData.groupby);
  const metrics = base.metrics ?? [];
  const labels = metrics.map(getMetricLabel);
  const offsets = timeOffsets(formData);
  const index = xAxis ? getColumnLabel(xAxis) : '__timestamp';
  const comparison = typeof formData.comparison_type === 'string' ? formData.comparison_type : 'values';
  const aggregates: Record<string, { operator: string }> = {};
  for (const label of labels) {
    aggregates[label] = { operator: 'mean' };
    for (const offset of offsets) aggregates[timeShiftedColumn(label, offset)] = { operator: 'mean' };
  }
  const contributionMode = formData.contributionMode;
  const timeComparison = offsets.length > 0 && comparison !== 'values';
  const shifted = labels.flatMap((label) => offsets.map((offset) => timeShiftedColumn(label, offset)));
  const steps: Array<PostProcessingStep | undefined> = [
    {
      operation: 'pivot',
      options: {
        index: [index],
        columns: groupby.map(getColumnLabel),
        aggregates,
        drop_missing_columns: !formData.show_empty_columns,
      },
    },
    rollingStep(formData, timeComparison ? [...labels, ...shifted] : labels),
    timeComparison
      ? {
          operation: 'compare',
          options: {
            source_columns: labels.flatMap((label) => offsets.map(() => label)),
            compare_columns: shifted,
            compare_type: comparison,
            drop_original_columns: true,
          },
        }
      : undefined,
    resampleStep(formData),
    // Superset leaves derived (compared) metrics' names alone.
    timeComparison ? undefined : renameStep(formData, labels, groupby.length > 0, offsets),
    contributionMode === 'row' || contributionMode === 'column'
      ? { operation: 'contribution', options: { orientation: contributionMode, time_shifts: offsets } }
      : undefined,
    { operation: 'flatten' },
  ];
  return {
    ...base,
    columns: [...(xAxis ? [xAxis] : []), ...groupby],
    series_columns: groupby,
    orderby: normalizeOrderBy(base).orderby,
    ...(offsets.length ? { time_offsets: offsets } : {}),
    post_processing: steps.filter((step): step is PostProcessingStep => step !== undefined),
  };
}

/**
 * Superset's renameOperator (truncate_metric, on by default): with one metric and a groupby the metric
 * level is dropped from the series names ("CA" rather than "SUM(num), CA"); a time-shifted metric shown as
 * actual values is named by its offset.
 */
function renameStep(
  formData: QueryFormData,
  labels: readonly string[],
  grouped: boolean,
  valueOffsets: readonly string[],
): PostProcessingStep | undefined {
  const [metric] = labels;
  if (labels.length !== 1 || metric === undefined || !grouped || formData.truncate_metric === false) return undefined;
  const pairs: Array<[string, string | null]> = valueOffsets.map((offset) => [
    timeShiftedColumn(metric, offset),
    offset,
  ]);
  pairs.push([metric, null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

/** The x-axis falls back to the legacy time column, so that normalizeTimeColumn buckets it by the grain. */
export function withXAxis(formData: QueryFormData): QueryFormData {
  const xAxis = xAxisColumn(formData);
  return xAxis === undefined ? formData : { ...formData, x_axis: xAxis };
}

export function buildTimeseriesQuery(formData: QueryFormData): QueryContext {
  return buildQueryContext(withXAxis(formData), {
    buildQuery: (base) => [timeseriesQueryObject(withXAxis(formData), base)],
  });
}
