// Heatmap transformProps: a grid of x × y categories coloured by value (or rank) along a sequential scheme.
import { getColumnLabel } from '@nezha/core';
import { t } from '../../i18n/i18n';
import type { CategoryChartProps } from '../shared/CategoryChart';
import { sequentialColors } from '../shared/color-schemes';
import { AXIS_LINE_COLOR, axisLabelStyle, TEXT_COLOR } from '../shared/echarts-layout';
import {
  booleanOr,
  coltypeOf,
  columnsOf,
  firstResult,
  metricLabel,
  stringOr,
  toNumber,
  verboseName,
} from '../shared/form-data';
import { getNumberFormatter } from '../shared/number-format';
import { formatDimension, joinDimensions } from '../shared/series-label';
import { getGrainTimeFormatter } from '../shared/time-format';
import { tooltipHtml } from '../shared/tooltip';
import { percentFormatter } from '../shared/value-labels';
import type { ChartProps } from '../types';
import { heatmapLegendLayout } from './legend-layout';

/** Distinct values of a column in sort order: by value, or by the metric's total per value. */
export function sortedCategories(
  rows: ReadonlyArray<Record<string, unknown>>,
  column: string,
  metric: string,
  sort: string,
): unknown[] {
  const totals = new Map<unknown, number>();
  for (const row of rows) totals.set(row[column], (totals.get(row[column]) ?? 0) + (toNumber(row[metric]) ?? 0));
  const values = [...totals.keys()];
  const ascending = sort.endsWith('asc');
  values.sort((a, b) => {
    const order = sort.startsWith('value')
      ? (totals.get(a) ?? 0) - (totals.get(b) ?? 0)
      : a === null || b === null
        ? a === null
          ? 1
          : -1
        : typeof a === 'number' && typeof b === 'number'
          ? a - b
          : String(a).localeCompare(String(b));
    return ascending ? order : -order;
  });
  return values;
}

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData } = chartProps;
  const result = firstResult(chartProps);
  const xColumn = columnsOf(formData.x_axis)[0];
  const yColumn = columnsOf(formData.groupby)[0];
  const xLabel = xColumn ? getColumnLabel(xColumn) : '';
  const yLabel = yColumn ? getColumnLabel(yColumn) : '';
  const metric = metricLabel(formData.metric) ?? '';
  const formatter = getNumberFormatter(stringOr(formData.y_axis_format, 'SMART_NUMBER'));
  const timeFormatter = getGrainTimeFormatter(
    stringOr(formData.x_axis_time_format, 'smart_date'),
    stringOr(formData.time_grain_sqla, ''),
  );
  const xType = coltypeOf(result, xLabel);
  const yType = coltypeOf(result, yLabel);
  const xValues = sortedCategories(result.data, xLabel, metric, stringOr(formData.sort_x_axis, 'alpha_asc'));
  const yValues = sortedCategories(result.data, yLabel, metric, stringOr(formData.sort_y_axis, 'alpha_asc'));
  const xNames = xValues.map((value) => formatDimension(value, xType, timeFormatter));
  const yNames = yValues.map((value) => formatDimension(value, yType, timeFormatter));
  const normalized = booleanOr(formData.normalized, false);
  const values = result.data.map((row) => toNumber(row[metric])).filter((value): value is number => value !== null);
  const bounds = Array.isArray(formData.value_bounds) ? formData.value_bounds : [];
  const min = normalized ? 0 : (toNumber(bounds[0]) ?? Math.min(...values, 0));
  const max = normalized ? 1 : (toNumber(bounds[1]) ?? Math.max(...values, 0));
  const labelMap: Record<string, unknown[]> = {};
  const data = result.data.map((row) => {
    const x = xValues.indexOf(row[xLabel]);
    const y = yValues.indexOf(row[yLabel]);
    const name = joinDimensions([xNames[x] ?? '', yNames[y] ?? '']);
    labelMap[name] = [row[xLabel] ?? null, row[yLabel] ?? null];
    return { name, value: [x, y, toNumber(row[metric]), toNumber(row.rank)] };
  });
  const showLegend = booleanOr(formData.show_legend, true);
  const metricName = verboseName(chartProps, metric);
  const legendText = (value: number) => (normalized ? percentFormatter(value) : formatter(value));
  const legend = heatmapLegendLayout({
    width: chartProps.width,
    height: chartProps.height,
    show: showLegend,
    labelChars: Math.max(legendText(min).length, legendText(max).length),
  });

  const echartOptions: Record<string, unknown> = {
    animation: false,
    grid: {
      ...legend.grid,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: {
      type: 'category',
      data: xNames,
      axisLabel: axisLabelStyle(0),
      axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
      splitArea: { show: false },
    },
    yAxis: {
      type: 'category',
      data: yNames,
      axisLabel: axisLabelStyle(0),
      axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
    },
    visualMap: {
      type: 'continuous',
      show: showLegend,
      min,
      max,
      dimension: normalized ? 3 : 2,
      calculable: true,
      ...legend.visualMap,
      inRange: { color: sequentialColors(stringOr(formData.linear_color_scheme, 'superset_seq_1')) },
      formatter: legendText,
      textStyle: { color: TEXT_COLOR },
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { value: [number, number, number | null, number | null] }) => {
        const [x, y, value, rank] = params.value;
        const rows = [
          { name: verboseName(chartProps, xLabel), value: xNames[x] ?? '' },
          { name: verboseName(chartProps, yLabel), value: yNames[y] ?? '' },
          { name: metricName, value: formatter(value) },
        ];
        if (booleanOr(formData.show_percentage, true) && rank !== null) {
          rows.push({ name: t('Percentage'), value: percentFormatter(rank) });
        }
        return tooltipHtml(null, rows);
      },
    },
    series: [
      {
        type: 'heatmap',
        id: 'heatmap',
        data,
        label: {
          show: booleanOr(formData.show_values, false),
          formatter: (params: { value: [number, number, number | null] }) => formatter(params.value[2]),
          fontSize: 10,
        },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
  return {
    echartOptions,
    groupby: [xLabel, yLabel],
    labelMap,
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
