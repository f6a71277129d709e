// Mixed chart transformProps: the series of query A and query B on one x-axis, each on its chosen y-axis.
import { getColumnLabel } from '@nezha/core';
import { annotationSeries } from '../shared/annotations/echarts-annotations';
import { hasSelection, isSelected } from '../shared/cross-filter';
import { chartPadding, legendOption, legendSettings } from '../shared/echarts-layout';
import {
  booleanOr,
  columnLabels,
  firstResult,
  metricLabels,
  numberOr,
  stringOr,
  verboseName,
} from '../shared/form-data';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter, type NumberFormatter } from '../shared/number-format';
import { getTimeFormatter } from '../shared/time-format';
import { axisTitles, truncatesYAxis, xAxisOption, yAxisOption } from '../shared/timeseries/axes';
import { xAxisColumn } from '../shared/timeseries/build-query';
import {
  type ExtractedSeries,
  extractSeries,
  SERIES_TYPES,
  type SeriesStyle,
  type SeriesType,
  seriesOption,
  type XValue,
} from '../shared/timeseries/series';
import { axisTooltip } from '../shared/timeseries/tooltip';
import { groupbyValuesOf, type TimeseriesChartProps } from '../shared/timeseries/transform-props';
import type { ChartProps } from '../types';

/** Query B's series are suffixed when a name is already taken by query A. */
export const QUERY_B_SUFFIX = ' (Query B)';

function styleOf(formData: ChartProps['formData'], suffix: '' | 'B', formatter: NumberFormatter): SeriesStyle {
  const type = formData[`seriesType${suffix}`];
  const seriesType = SERIES_TYPES.includes(type as SeriesType) ? (type as SeriesType) : suffix ? 'bar' : 'line';
  return {
    seriesType,
    area: booleanOr(formData[`area${suffix}`], false),
    opacity: numberOr(formData[`opacity${suffix}`], 0.2),
    stack: formData[`stack${suffix}`] ? `stack${suffix || 'A'}` : null,
    markerEnabled: booleanOr(formData[`markerEnabled${suffix}`], false),
    markerSize: numberOr(formData[`markerSize${suffix}`], 6),
    showValue: booleanOr(formData[`show_value${suffix}`], false),
    onlyTotal: false,
    horizontal: false,
    yAxisIndex: numberOr(formData[`yAxisIndex${suffix}`], suffix ? 1 : 0) === 1 ? 1 : 0,
    formatter,
  };
}

export default function transformProps(chartProps: ChartProps): TimeseriesChartProps {
  const { formData } = chartProps;
  const xColumn = xAxisColumn(formData);
  const xLabel = xColumn ? getColumnLabel(xColumn) : '__timestamp';
  const seriesA = extractSeries(firstResult(chartProps, 0), xLabel);
  const seriesB = extractSeries(firstResult(chartProps, 1), xLabel);
  const primary = getNumberFormatter(stringOr(formData.y_axis_format, 'SMART_NUMBER'));
  const secondary = getNumberFormatter(stringOr(formData.y_axis_format_secondary, 'SMART_NUMBER'));
  const styleA = styleOf(formData, '', primary);
  const styleB = styleOf(formData, 'B', secondary);
  styleA.formatter = styleA.yAxisIndex === 1 ? secondary : primary;
  styleB.formatter = styleB.yAxisIndex === 1 ? secondary : primary;
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const selection = hasSelection(chartProps.filterState);
  const labelMap: Record<string, unknown[]> = {};
  const groupbyA = columnLabels(formData.groupby);
  const groupbyB = columnLabels(formData.groupby_b);
  const ids: string[] = [];
  const names: string[] = [];

  const toSeries = (series: ExtractedSeries, style: SeriesStyle, isB: boolean) =>
    series.names.map((name) => {
      const id = isB && seriesA.names.includes(name) ? `${name}${QUERY_B_SUFFIX}` : name;
      const groupby = isB ? groupbyB : groupbyA;
      const metrics = metricLabels(isB ? formData.metrics_b : formData.metrics);
      labelMap[id] = groupbyValuesOf(name, metrics.length, groupby.length);
      ids.push(id);
      const displayName = verboseName(chartProps, name) + (id === name ? '' : QUERY_B_SUFFIX);
      names.push(displayName);
      return seriesOption(
        {
          name: id,
          displayName,
          color: getColor(displayName, scheme),
          points: series.xValues.map((x, at): [XValue, number | null] => [x, series.values[name]?.[at] ?? null]),
          dimmed: selection && !isSelected(chartProps.filterState, id),
        },
        style,
      );
    });

  const allX = {
    xType: seriesA.names.length ? seriesA.xType : seriesB.xType,
    xValues: [...seriesA.xValues, ...seriesB.xValues],
  };
  const titles = axisTitles(formData);
  const legend = legendSettings(formData);
  const zoomable = booleanOr(formData.zoomable, false);
  const isBar = styleA.seriesType === 'bar' || styleB.seriesType === 'bar';
  const fromZero = (axis: number) =>
    [styleA, styleB].some(
      (style) => style.yAxisIndex === axis && (style.seriesType === 'bar' || style.area || style.stack !== null),
    );
  const echartOptions: Record<string, unknown> = {
    animation: false,
    grid: {
      ...chartPadding(legend, { top: 24, right: 16, bottom: zoomable ? 56 : 16, left: 16 }),
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    legend: legendOption(legend, names),
    tooltip: axisTooltip(formData, allX.xType, primary, false),
    xAxis: xAxisOption(
      allX,
      getTimeFormatter(stringOr(formData.x_axis_time_format, 'smart_date')),
      getNumberFormatter('SMART_NUMBER'),
      titles,
      numberOr(formData.xAxisLabelRotation, 0),
      isBar,
    ),
    yAxis: [
      yAxisOption(
        primary,
        titles,
        {},
        booleanOr(formData.logAxis, false),
        false,
        fromZero(0),
        truncatesYAxis(formData),
      ),
      {
        ...yAxisOption(
          secondary,
          { ...titles, yTitle: stringOr(formData.yAxisTitleSecondary, '') },
          {},
          booleanOr(formData.logAxisSecondary, false),
          false,
          fromZero(1),
          truncatesYAxis(formData),
        ),
        splitLine: { show: false },
        alignTicks: true,
      },
    ],
    series: [
      ...toSeries(seriesA, styleA, false),
      ...toSeries(seriesB, styleB, true),
      ...annotationSeries(formData, chartProps.annotationData, {
        ...allX,
        colorScheme: stringOr(formData.color_scheme, 'supersetColors'),
      }),
    ],
    ...(zoomable ? { dataZoom: [{ type: 'slider', bottom: 8, height: 20 }, { type: 'inside' }] } : {}),
  };
  return {
    echartOptions,
    groupby: groupbyA.length ? groupbyA : groupbyB,
    labelMap,
    seriesIds: ids,
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
