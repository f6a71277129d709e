// Box plot transformProps: per metric a box series (whisker min, q1, median, q3, whisker max) and its outliers.

import { t } from '../../i18n/i18n';
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
import { columnLabels, firstResult, metricLabels, stringOr, toNumber, verboseName } from '../shared/form-data';
import { groupedRows, labelMapOf } from '../shared/grouped-rows';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter } from '../shared/number-format';
import { getGrainTimeFormatter } from '../shared/time-format';
import { tooltipHtml } from '../shared/tooltip';
import type { ChartProps } from '../types';

const STATS = ['min', 'q1', 'median', 'q3', 'max'] as const;

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData } = chartProps;
  const groupby = columnLabels(formData.groupby);
  const metrics = metricLabels(formData.metrics);
  const formatter = getNumberFormatter(stringOr(formData.number_format, 'SMART_NUMBER'));
  const rows = groupedRows(
    firstResult(chartProps),
    groupby,
    [],
    getGrainTimeFormatter(stringOr(formData.date_format, 'smart_date'), stringOr(formData.time_grain_sqla, '')),
  );
  const categories = rows.map((row) => (groupby.length ? row.name : ''));
  const legend = legendSettings(formData, metrics.length > 1);
  const scheme = stringOr(formData.color_scheme, 'supersetColors');

  const series = metrics.flatMap((metric) => {
    const name = verboseName(chartProps, metric);
    const color = getColor(name, scheme);
    return [
      {
        type: 'boxplot',
        id: metric,
        name,
        itemStyle: { color: `${color}33`, borderColor: color, borderWidth: 1.5 },
        data: rows.map((row) => ({
          name: row.name,
          value: STATS.map((stat) => toNumber(row.row[`${metric}__${stat}`])),
          stats: {
            mean: toNumber(row.row[`${metric}__mean`]),
            count: toNumber(row.row[`${metric}__count`]),
          },
        })),
        tooltip: {
          formatter: (params: {
            name: string;
            data: { value: Array<number | null>; stats: { mean: number | null; count: number | null } };
          }) => {
            const [low, q1, median, q3, high] = params.data.value;
            return tooltipHtml(`${params.name} — ${name}`, [
              { name: t('Max'), value: formatter(high ?? null) },
              { name: t('3rd quartile'), value: formatter(q3 ?? null) },
              { name: t('Median'), value: formatter(median ?? null) },
              { name: t('Mean'), value: formatter(params.data.stats.mean) },
              { name: t('1st quartile'), value: formatter(q1 ?? null) },
              { name: t('Min'), value: formatter(low ?? null) },
              { name: t('Count'), value: formatter(params.data.stats.count) },
            ]);
          },
        },
      },
      {
        type: 'scatter',
        id: `${metric}__outliers`,
        name,
        symbolSize: 6,
        itemStyle: { color },
        data: rows.flatMap((row, at) => {
          const outliers = row.row[`${metric}__outliers`];
          return Array.isArray(outliers)
            ? outliers
                .map(toNumber)
                .filter((value): value is number => value !== null)
                .map((value) => [at, value])
            : [];
        }),
        tooltip: {
          formatter: (params: { value: [number, number] }) =>
            tooltipHtml(`${categories[params.value[0]] ?? ''} — ${name}`, [
              { name: t('Outlier'), value: formatter(params.value[1]) },
            ]),
        },
      },
    ];
  });

  const echartOptions: Record<string, unknown> = {
    animation: false,
    grid: {
      ...chartPadding(legend, { top: 16, right: 16, bottom: 16, left: 16 }),
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    legend: legendOption(
      legend,
      metrics.map((metric) => verboseName(chartProps, metric)),
    ),
    tooltip: { trigger: 'item', confine: true },
    xAxis: {
      type: 'category',
      data: categories,
      name: stringOr(formData.x_axis_title, ''),
      nameLocation: 'middle',
      nameGap: 30,
      nameTextStyle: { color: TEXT_COLOR },
      axisLabel: axisLabelStyle(0),
      axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: stringOr(formData.y_axis_title, ''),
      nameLocation: 'middle',
      nameGap: 50,
      nameTextStyle: { color: TEXT_COLOR },
      axisLabel: { ...axisLabelStyle(0), formatter: (value: number) => formatter(value) },
      splitLine: SPLIT_LINE,
    },
    series,
  };
  return {
    echartOptions,
    groupby,
    labelMap: labelMapOf(rows),
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
