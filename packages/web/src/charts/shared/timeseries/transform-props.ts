// transformProps of the ECharts time series viz types: pivoted rows → series, axes, legend and tooltip.
import { getColumnLabel } from '@nezha/core';
import type { ChartProps, FilterState } from '../../types';
import { annotationSeries } from '../annotations/echarts-annotations';
import { hasSelection, isSelected } from '../cross-filter';
import { chartPadding, legendOption, legendSettings } from '../echarts-layout';
import { booleanOr, columnLabels, firstResult, metricLabels, numberOr, stringOr, verboseName } from '../form-data';
import { getColor } from '../label-colors';
import { getNumberFormatter } from '../number-format';
import { getTimeFormatter } from '../time-format';
import { axisTitles, truncatesYAxis, xAxisOption, yAxisOption, yBounds } from './axes';
import { xAxisColumn } from './build-query';
import { expandToShares, extractSeries, SERIES_TYPES, type SeriesType, seriesOption } from './series';
import { axisTooltip } from './tooltip';

export interface TimeseriesDefaults {
  seriesType: SeriesType;
  area?: boolean;
  stack?: boolean;
}

export interface TimeseriesChartProps {
  echartOptions: Record<string, unknown>;
  /** Groupby column labels, the columns a click cross-filters on. */
  groupby: string[];
  /** Series id → its groupby values. */
  labelMap: Record<string, unknown[]>;
  filterState?: FilterState;
  /** Names of the series, for the click → series lookup. */
  seriesIds: string[];
}

/** A series column "metric, v1, v2" (several metrics) or "v1, v2" (one metric) → its groupby values. */
export function groupbyValuesOf(seriesName: string, metricCount: number, groupbyCount: number): string[] {
  if (groupbyCount === 0) return [];
  const parts = seriesName.split(', ');
  return metricCount > 1 ? parts.slice(1) : parts;
}

function stackId(value: unknown, fallback: boolean): string | null {
  if (value === true || value === 'Stack' || value === 'Expand' || value === 'Stream') return 'total';
  if (value === false || value === null || value === '') return null;
  return fallback ? 'total' : null;
}

export function transformTimeseriesProps(chartProps: ChartProps, defaults: TimeseriesDefaults): TimeseriesChartProps {
  const { formData } = chartProps;
  const result = firstResult(chartProps);
  const xColumn = xAxisColumn(formData);
  const xLabel = xColumn ? getColumnLabel(xColumn) : '__timestamp';
  const groupby = columnLabels(formData.groupby);
  const metrics = metricLabels(formData.metrics);
  const seriesType = SERIES_TYPES.includes(formData.seriesType as SeriesType)
    ? (formData.seriesType as SeriesType)
    : defaults.seriesType;
  const horizontal = seriesType === 'bar' && formData.orientation === 'horizontal';
  const expand = formData.stack === 'Expand';
  const contribution = formData.contributionMode === 'row' || formData.contributionMode === 'column';
  const stack = stackId(formData.stack, defaults.stack ?? false);
  const extracted = extractSeries(result, xLabel);
  const series = expand ? expandToShares(extracted) : extracted;
  const percent = expand || contribution;
  const yFormatter = getNumberFormatter(percent ? ',.0%' : stringOr(formData.y_axis_format, 'SMART_NUMBER'));
  const tooltipFormatter = getNumberFormatter(percent ? ',.1%' : stringOr(formData.y_axis_format, 'SMART_NUMBER'));
  const xTimeFormatter = getTimeFormatter(stringOr(formData.x_axis_time_format, 'smart_date'));
  const xNumberFormatter = getNumberFormatter(stringOr(formData.x_axis_number_format, 'SMART_NUMBER'));
  const legend = legendSettings(formData);
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const selection = hasSelection(chartProps.filterState);

  const labelMap: Record<string, unknown[]> = {};
  const totals = series.xValues.map((_, at) =>
    series.names.reduce<number | null>((sum, name) => {
      const value = series.values[name]?.[at] ?? null;
      return value === null ? sum : (sum ?? 0) + value;
    }, null),
  );
  const style = {
    seriesType,
    area: booleanOr(formData.area, defaults.area ?? false),
    opacity: numberOr(formData.opacity, 0.2),
    stack,
    markerEnabled: booleanOr(formData.markerEnabled, seriesType === 'scatter'),
    markerSize: numberOr(formData.markerSize, 6),
    showValue: booleanOr(formData.show_value, false),
    onlyTotal: booleanOr(formData.only_total, false) && stack !== null,
    horizontal,
    yAxisIndex: 0,
    formatter: yFormatter,
  };
  const echartSeries = series.names.map((name, index) => {
    labelMap[name] = groupbyValuesOf(name, metrics.length, groupby.length);
    const isLast = index === series.names.length - 1;
    return seriesOption(
      {
        name,
        displayName: verboseName(chartProps, name),
        color: getColor(name, scheme),
        points: series.xValues.map((x, at) => [x, series.values[name]?.[at] ?? null]),
        totals,
        dimmed: selection && !isSelected(chartProps.filterState, name),
      },
      { ...style, showValue: style.showValue && (!style.onlyTotal || isLast) },
    );
  });

  const titles = axisTitles(formData);
  const rotate = numberOr(formData.xAxisLabelRotation, 0);
  const xAxis = xAxisOption(series, xTimeFormatter, xNumberFormatter, titles, rotate, seriesType === 'bar');
  const yAxis = yAxisOption(
    yFormatter,
    titles,
    percent ? { min: 0, ...(expand ? { max: 1 } : {}) } : yBounds(formData),
    booleanOr(formData.logAxis, false),
    booleanOr(formData.minorSplitLine, false),
    seriesType === 'bar' || style.area || stack !== null,
    truncatesYAxis(formData),
  );
  const zoomable = booleanOr(formData.zoomable, false);
  const base = { top: 16, right: 24, bottom: zoomable ? 56 : 16, left: 16 };
  const padding = chartPadding(legend, base);
  const echartOptions: Record<string, unknown> = {
    animation: false,
    grid: { ...padding, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: horizontal ? { ...yAxis, name: titles.xTitle, nameLocation: 'middle' } : xAxis,
    yAxis: horizontal ? { ...xAxis, name: titles.yTitle } : yAxis,
    legend: legendOption(
      legend,
      series.names.map((name) => verboseName(chartProps, name)),
    ),
    tooltip: axisTooltip(formData, series.xType, tooltipFormatter, horizontal),
    series: horizontal
      ? echartSeries
      : [...echartSeries, ...annotationSeries(formData, chartProps.annotationData, { ...series, colorScheme: scheme })],
    ...(zoomable
      ? {
          dataZoom: [
            { type: 'slider', [horizontal ? 'yAxisIndex' : 'xAxisIndex']: 0, bottom: 8, height: 20 },
            { type: 'inside', [horizontal ? 'yAxisIndex' : 'xAxisIndex']: 0 },
          ],
        }
      : {}),
  };
  return {
    echartOptions,
    groupby,
    labelMap,
    seriesIds: series.names,
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
