// The x and y axes of a time series chart: type by the x column's type, formats, titles, bounds and log scale.
import { AXIS_LINE_COLOR, axisLabelStyle, SPLIT_LINE, TEXT_COLOR } from '../echarts-layout';
import { type FormData, numberOr, stringOr, toNumber } from '../form-data';
import type { NumberFormatter } from '../number-format';
import type { TimeFormatter } from '../time-format';
import type { ExtractedSeries, XValue } from './series';

export interface AxisTitles {
  xTitle: string;
  xTitleMargin: number;
  yTitle: string;
  yTitleMargin: number;
  yTitlePosition: 'Left' | 'Top';
}

export function axisTitles(formData: FormData): AxisTitles {
  return {
    xTitle: stringOr(formData.x_axis_title, ''),
    xTitleMargin: numberOr(formData.x_axis_title_margin, 30),
    yTitle: stringOr(formData.y_axis_title, ''),
    yTitleMargin: numberOr(formData.y_axis_title_margin, 40),
    yTitlePosition: formData.y_axis_title_position === 'Top' ? 'Top' : 'Left',
  };
}

/** Superset's default is to truncate: only an explicit false starts the axis at zero. */
export function truncatesYAxis(formData: FormData): boolean {
  return formData.truncateYAxis !== false;
}

/** [min, max] of the y_axis_bounds control when truncating the axis; each may be missing. */
export function yBounds(formData: FormData): { min?: number; max?: number } {
  const bounds = Array.isArray(formData.y_axis_bounds) ? formData.y_axis_bounds : [];
  const truncate = truncatesYAxis(formData);
  const min = truncate ? toNumber(bounds[0]) : null;
  const max = truncate ? toNumber(bounds[1]) : null;
  return { ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) };
}

export function xAxisOption(
  series: Pick<ExtractedSeries, 'xType' | 'xValues'>,
  formatTime: TimeFormatter,
  formatX: NumberFormatter,
  titles: AxisTitles,
  rotate: number,
  isBar: boolean,
) {
  const categories = series.xType === 'category' ? [...new Set(series.xValues as XValue[])].map(String) : undefined;
  return {
    type: series.xType,
    ...(categories ? { data: categories } : {}),
    name: titles.xTitle,
    nameLocation: 'middle',
    nameGap: titles.xTitleMargin,
    nameTextStyle: { color: TEXT_COLOR },
    // Bars on a time or value axis need room at both ends, or the first and last bars are cut in half.
    boundaryGap: series.xType === 'category' ? true : isBar ? ['2%', '2%'] : false,
    axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
    axisTick: { show: series.xType === 'category', alignWithLabel: true },
    axisLabel: {
      ...axisLabelStyle(rotate),
      ...(series.xType === 'time'
        ? { formatter: (value: number) => formatTime(value) }
        : series.xType === 'value'
          ? { formatter: (value: number) => formatX(value) }
          : {}),
    },
    splitLine: { show: false },
  };
}

export function yAxisOption(
  formatter: NumberFormatter,
  titles: AxisTitles,
  bounds: { min?: number; max?: number },
  logAxis: boolean,
  minorSplitLine: boolean,
  /** Bars, areas and stacks are read from zero; lines and points may zoom in on their range. */
  fromZero = false,
  /** "Truncate Y axis": off, the axis starts at zero (ECharts `scale: false`), as Superset's `scale: truncateYAxis`. */
  truncate = true,
) {
  return {
    type: logAxis ? 'log' : 'value',
    ...bounds,
    name: titles.yTitle,
    nameLocation: titles.yTitlePosition === 'Top' ? 'end' : 'middle',
    nameGap: titles.yTitlePosition === 'Top' ? 15 : titles.yTitleMargin,
    nameTextStyle: { color: TEXT_COLOR, align: titles.yTitlePosition === 'Top' ? 'left' : 'center' },
    axisLabel: { ...axisLabelStyle(), formatter: (value: number) => formatter(value) },
    splitLine: SPLIT_LINE,
    minorTick: { show: minorSplitLine },
    minorSplitLine: { show: minorSplitLine, lineStyle: { color: '#f5f5f5' } },
    scale: truncate && bounds.min === undefined && !fromZero,
  };
}
