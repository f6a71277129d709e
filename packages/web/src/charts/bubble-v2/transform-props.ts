// Bubble transformProps: one scatter series per dimension value; bubble area follows the size metric.
import type { CategoryChartProps } from '../shared/CategoryChart';
import {
  AXIS_LINE_COLOR,
  axisLabelStyle,
  chartPadding,
  legendOption,
  legendSettings,
  SPLIT_LINE,
  TEXT_COLOR,
} from '../shared/echarts-layout';
import {
  booleanOr,
  coltypeOf,
  columnLabels,
  firstResult,
  metricLabel,
  numberOr,
  stringOr,
  toNumber,
  verboseName,
} from '../shared/form-data';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter } from '../shared/number-format';
import { formatDimension } from '../shared/series-label';
import { tooltipHtml } from '../shared/tooltip';
import type { ChartProps } from '../types';

/** Bubble diameter: area proportional to size, the largest bubble `maxSize` pixels across. */
export function bubbleSize(size: number | null, largest: number, maxSize: number): number {
  if (size === null || size <= 0 || largest <= 0) return 4;
  return Math.max(4, Math.sqrt(size / largest) * maxSize * 2);
}

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData } = chartProps;
  const result = firstResult(chartProps);
  const entity = columnLabels(formData.entity)[0] ?? '';
  const seriesColumn = columnLabels(formData.series)[0];
  const [x, y, size] = [metricLabel(formData.x), metricLabel(formData.y), metricLabel(formData.size)].map(
    (label) => label ?? '',
  ) as [string, string, string];
  const xFormatter = getNumberFormatter(stringOr(formData.xAxisFormat, 'SMART_NUMBER'));
  const yFormatter = getNumberFormatter(stringOr(formData.y_axis_format, 'SMART_NUMBER'));
  const sizeFormatter = getNumberFormatter(stringOr(formData.tooltipSizeFormat, 'SMART_NUMBER'));
  const maxSize = numberOr(formData.max_bubble_size, 25);
  const opacity = numberOr(formData.opacity, 0.6);
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const largest = Math.max(...result.data.map((row) => toNumber(row[size]) ?? 0), 0);
  const legend = legendSettings(formData, Boolean(seriesColumn));
  const groups = new Map<string, { values: unknown[]; points: Array<Record<string, unknown>> }>();
  for (const row of result.data) {
    const name = seriesColumn ? formatDimension(row[seriesColumn], coltypeOf(result, seriesColumn)) : entity;
    const group = groups.get(name) ?? { values: seriesColumn ? [row[seriesColumn] ?? null] : [], points: [] };
    groups.set(name, group);
    const sizeValue = toNumber(row[size]);
    group.points.push({
      name: formatDimension(row[entity], coltypeOf(result, entity)),
      value: [toNumber(row[x]), toNumber(row[y]), sizeValue],
      symbolSize: bubbleSize(sizeValue, largest, maxSize),
    });
  }
  // Legend in natural order (cluster 0, 1, 2 … rather than the order of the first bubble of each).
  const names = [...groups.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const axis = (title: string, log: boolean, formatter: (value: number) => string, gap: number) => ({
    type: log ? 'log' : 'value',
    scale: true,
    name: title,
    nameLocation: 'middle',
    nameGap: gap,
    nameTextStyle: { color: TEXT_COLOR },
    axisLabel: { ...axisLabelStyle(0), formatter },
    axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
    splitLine: SPLIT_LINE,
  });

  const echartOptions: Record<string, unknown> = {
    animation: false,
    grid: {
      ...chartPadding(legend, { top: 24, right: 24, bottom: 16, left: 16 }),
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    legend: legendOption(legend, names),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; seriesName: string; value: [number | null, number | null, number | null] }) =>
        tooltipHtml(seriesColumn ? `${params.seriesName} · ${params.name}` : params.name, [
          { name: verboseName(chartProps, x), value: xFormatter(params.value[0]) },
          { name: verboseName(chartProps, y), value: yFormatter(params.value[1]) },
          { name: verboseName(chartProps, size), value: sizeFormatter(params.value[2]) },
        ]),
    },
    // Without a title of their own the axes say which metric they show: both are plain numbers otherwise.
    xAxis: axis(
      stringOr(formData.x_axis_label, '') || verboseName(chartProps, x),
      booleanOr(formData.logXAxis, false),
      (value) => xFormatter(value),
      30,
    ),
    yAxis: axis(
      stringOr(formData.y_axis_label, '') || verboseName(chartProps, y),
      booleanOr(formData.logYAxis, false),
      (value) => yFormatter(value),
      50,
    ),
    series: names.map((name) => ({
      type: 'scatter',
      id: name,
      name,
      data: groups.get(name)?.points ?? [],
      itemStyle: { color: getColor(name, scheme), opacity, borderColor: '#fff', borderWidth: 0.5 },
      emphasis: { focus: 'series' },
    })),
  };
  return {
    echartOptions,
    groupby: seriesColumn ? [seriesColumn] : [],
    labelMap: Object.fromEntries(names.map((name) => [name, groups.get(name)?.values ?? []])),
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
