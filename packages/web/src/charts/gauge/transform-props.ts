// Gauge transformProps: one pointer/progress ring per group on a shared scale, with optional coloured intervals.
import type { CategoryChartProps } from '../shared/CategoryChart';
import { categoricalColors } from '../shared/color-schemes';
import { TEXT_COLOR } from '../shared/echarts-layout';
import { booleanOr, columnLabels, firstResult, metricLabel, numberOr, stringOr, toNumber } from '../shared/form-data';
import { groupedRows, labelMapOf } from '../shared/grouped-rows';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter } from '../shared/number-format';
import { tooltipHtml } from '../shared/tooltip';
import type { ChartProps } from '../types';

/** A round maximum a little above the largest value: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

function numberList(text: unknown): number[] {
  return typeof text === 'string'
    ? text
        .split(',')
        .map((item) => toNumber(item.trim()))
        .filter((item): item is number => item !== null)
    : [];
}

/** The axis line's colour stops from interval bounds and colour indices (1-based, as Superset's control). */
export function intervalStops(
  bounds: number[],
  colorIndices: number[],
  min: number,
  max: number,
  colors: string[],
): Array<[number, string]> {
  const range = max - min || 1;
  return bounds.map((bound, at) => {
    const index = (colorIndices[at] ?? at + 1) - 1;
    return [Math.min(1, Math.max(0, (bound - min) / range)), colors[index % colors.length] ?? '#ccc'];
  });
}

const SPLIT_LINE_LENGTH = 10;

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData, height } = chartProps;
  const groupby = columnLabels(formData.groupby);
  const metric = metricLabel(formData.metric) ?? '';
  const rows = groupedRows(firstResult(chartProps), groupby, [metric]);
  const numberFormatter = getNumberFormatter(stringOr(formData.number_format, 'SMART_NUMBER'));
  const suffix = stringOr(formData.value_formatter, '');
  const format = (value: number | null) => `${numberFormatter(value)}${suffix}`;
  const values = rows.map((row) => row.metrics[metric] ?? 0);
  const min = toNumber(formData.min_val) ?? Math.min(0, ...values);
  const max = toNumber(formData.max_val) ?? niceMax(Math.max(...values, 0));
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const configuredFontSize = numberOr(formData.font_size, 15);
  const showProgress = booleanOr(formData.show_progress, true);
  const overlap = booleanOr(formData.overlap, true);
  const roundCap = booleanOr(formData.round_cap, false);
  const axisWidth = Math.max(8, Math.min(20, height / 25));
  // Side by side, the progress rings share the axis line's width; labels keep clear of all of them.
  const progressWidth = overlap ? axisWidth : Math.max(4, axisWidth / Math.max(rows.length, 1)) * 1.4;
  const trackWidth = overlap ? axisWidth : progressWidth * Math.max(rows.length, 1);
  const splitLineDistance = -trackWidth - 2;
  // Side-by-side rings are laid inwards from the axis line, past its own width; labels keep clear of them all.
  const labelInset = (overlap ? trackWidth : trackWidth * 2) + 8;
  const intervals = numberList(formData.intervals);
  const axisColors = intervals.length
    ? intervalStops(intervals, numberList(formData.interval_color_indices), min, max, categoricalColors(scheme))
    : [[1, '#E6EBF8'] as [number, string]];
  // Titles and values of several groups stack under the centre, one line each (offsets in % of the radius).
  const radius = (0.85 * Math.min(chartProps.width, height)) / 2;
  // The rows must fit between the pointer's hub and the labels at the gauge's ends (about 45% of the radius).
  const fontSize = Math.max(9, Math.min(configuredFontSize, (0.4 * radius) / (Math.max(rows.length, 1) * 1.5)));
  const lineStep = ((fontSize * 1.5) / Math.max(radius, 1)) * 100;
  const grouped = groupby.length > 0;

  const data = rows.map((row, at) => {
    const color = getColor(row.name, scheme);
    const y = `${14 + at * lineStep}%`;
    return {
      name: row.name,
      value: row.metrics[metric] ?? 0,
      itemStyle: { color },
      title: { show: grouped, offsetCenter: ['-30%', y], fontSize, color: TEXT_COLOR },
      detail: {
        offsetCenter: grouped ? ['30%', y] : ['0%', '40%'],
        fontSize: grouped ? fontSize : fontSize * 2,
        color,
        formatter: (value: number) => format(value),
      },
    };
  });

  const echartOptions: Record<string, unknown> = {
    animation: booleanOr(formData.animation, true),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number; color: string }) =>
        tooltipHtml(null, [{ name: params.name || metric, value: format(params.value), color: params.color }]),
    },
    series: [
      {
        type: 'gauge',
        id: 'gauge',
        min,
        max,
        startAngle: numberOr(formData.start_angle, 225),
        endAngle: numberOr(formData.end_angle, -45),
        splitNumber: numberOr(formData.split_number, 10),
        radius: '85%',
        center: ['50%', '55%'],
        detail: { valueAnimation: false },
        progress: {
          show: showProgress,
          overlap,
          roundCap: roundCap,
          width: progressWidth,
        },
        pointer: { show: booleanOr(formData.show_pointer, true), width: 5 },
        anchor: { show: booleanOr(formData.show_pointer, true), size: 10, itemStyle: { color: TEXT_COLOR } },
        axisLine: { roundCap, lineStyle: { width: trackWidth, color: axisColors } },
        axisTick: { show: booleanOr(formData.show_axis_line_ticks, false), distance: splitLineDistance },
        splitLine: {
          show: booleanOr(formData.show_split_line, false),
          distance: splitLineDistance,
          length: SPLIT_LINE_LENGTH,
        },
        axisLabel: {
          // ECharts puts a label at radius - splitLine.length - (axisLabel.distance + splitLine.distance), even with
          // the split lines hidden; this cancels both so the label sits labelInset inside the outer edge.
          distance: labelInset - SPLIT_LINE_LENGTH - splitLineDistance,
          color: TEXT_COLOR,
          fontSize: Math.max(10, fontSize * 0.7),
          formatter: (value: number) => numberFormatter(value),
        },
        title: { color: TEXT_COLOR },
        data,
      },
    ],
  };
  return {
    echartOptions,
    groupby,
    labelMap: labelMapOf(rows),
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
