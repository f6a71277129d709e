// Pivot table transformProps: grouped rows → the pivot model, with formatters and conditional colours.
import { t } from '../../i18n/i18n';
import { type ColumnColorFormatter, colorFormatters } from '../shared/conditional-formatting';
import {
  booleanOr,
  coltypeOf,
  columnLabels,
  firstResult,
  metricLabels,
  stringOr,
  toNumber,
  verboseName,
} from '../shared/form-data';
import { getNumberFormatter } from '../shared/number-format';
import { formatDimension } from '../shared/series-label';
import { getGrainTimeFormatter } from '../shared/time-format';
import type { ChartProps } from '../types';
import type { KeyOrder } from './axis-entries';
import { buildPivotModel, type PivotModel } from './pivot-model';

export interface PivotTableProps {
  model: PivotModel;
  rowDimensionNames: string[];
  colDimensionNames: string[];
  metricsOnRows: boolean;
  /** Metric names as the innermost header level rather than the outermost. */
  combineMetric: boolean;
  /** Formats a cell of a metric. */
  format: (metric: string, value: number | null) => string;
  colorFormatters: ColumnColorFormatter[];
}

const ORDERS: KeyOrder[] = ['key_a_to_z', 'key_z_to_a', 'value_a_to_z', 'value_z_to_a'];

export default function transformProps(chartProps: ChartProps): PivotTableProps {
  const { formData } = chartProps;
  const result = firstResult(chartProps);
  const transpose = booleanOr(formData.transposePivot, false);
  const rowDims = columnLabels(transpose ? formData.groupbyColumns : formData.groupbyRows);
  const colDims = columnLabels(transpose ? formData.groupbyRows : formData.groupbyColumns);
  const metrics = metricLabels(formData.metrics);
  const timeFormatter = getGrainTimeFormatter(
    stringOr(formData.date_format, 'smart_date'),
    stringOr(formData.time_grain_sqla, ''),
  );
  const label = (row: Record<string, unknown>, column: string) =>
    formatDimension(row[column], coltypeOf(result, column), timeFormatter);
  const aggregator = stringOr(formData.aggregateFunction, 'Sum');
  const fraction = aggregator.includes('Fraction');
  const valueFormat = getNumberFormatter(fraction ? '.1%' : stringOr(formData.valueFormat, 'SMART_NUMBER'));
  const order = (value: unknown): KeyOrder => (ORDERS.includes(value as KeyOrder) ? (value as KeyOrder) : 'key_a_to_z');
  const model = buildPivotModel({
    records: result.data.map((row) => ({
      row: rowDims.map((column) => label(row, column)),
      col: colDims.map((column) => label(row, column)),
      values: Object.fromEntries(metrics.map((metric) => [metric, toNumber(row[metric])])),
    })),
    rowDepth: rowDims.length,
    colDepth: colDims.length,
    metrics,
    metricNames: Object.fromEntries(metrics.map((metric) => [metric, verboseName(chartProps, metric)])),
    aggregator,
    metricsOnRows: formData.metricsLayout === 'ROWS',
    combineMetric: booleanOr(formData.combineMetric, false),
    rowTotals: booleanOr(formData.rowTotals, false),
    colTotals: booleanOr(formData.colTotals, false),
    rowSubTotals: booleanOr(formData.rowSubTotals, false),
    colSubTotals: booleanOr(formData.colSubTotals, false),
    rowOrder: order(formData.rowOrder),
    colOrder: order(formData.colOrder),
    labels: { subtotal: t('Subtotal'), total: t('Total') },
  });
  const formats = Object.fromEntries(
    metrics.map((metric) => [
      metric,
      chartProps.datasource.columnFormats[metric]
        ? getNumberFormatter(chartProps.datasource.columnFormats[metric])
        : valueFormat,
    ]),
  );
  return {
    model,
    rowDimensionNames: rowDims.map((column) => verboseName(chartProps, column)),
    colDimensionNames: colDims.map((column) => verboseName(chartProps, column)),
    metricsOnRows: formData.metricsLayout === 'ROWS',
    combineMetric: booleanOr(formData.combineMetric, false),
    format: (metric, value) => (formats[metric] ?? valueFormat)(value),
    colorFormatters: colorFormatters(formData.conditional_formatting, result.data),
  };
}
