// Funnel transformProps: steps in descending order, percentages from the first step, the previous one or the total.
import type { CategoryChartProps } from '../shared/CategoryChart';
import { hasSelection, isSelected } from '../shared/cross-filter';
import { chartPadding, legendOption, legendSettings, TEXT_COLOR } from '../shared/echarts-layout';
import { booleanOr, columnLabels, firstResult, metricLabel, stringOr } from '../shared/form-data';
import { groupedRows, labelMapOf } from '../shared/grouped-rows';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter } from '../shared/number-format';
import { tooltipHtml } from '../shared/tooltip';
import { formatItemLabel } from '../shared/value-labels';
import type { ChartProps } from '../types';

/** Percent (0–100) of each step against the chosen basis. */
export function funnelPercents(values: Array<number | null>, basis: string): number[] {
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const first = values[0] ?? 0;
  return values.map((value, at) => {
    const base = basis === 'total' ? total : basis === 'prev_step' ? (at === 0 ? value : values[at - 1]) : first;
    return base ? ((value ?? 0) / base) * 100 : 0;
  });
}

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData } = chartProps;
  const groupby = columnLabels(formData.groupby);
  const metric = metricLabel(formData.metric) ?? '';
  const formatter = getNumberFormatter(stringOr(formData.number_format, 'SMART_NUMBER'));
  const rows = groupedRows(firstResult(chartProps), groupby, [metric]);
  // The funnel narrows step by step; the percentage basis follows that order.
  rows.sort((a, b) => (b.metrics[metric] ?? 0) - (a.metrics[metric] ?? 0));
  const percents = funnelPercents(
    rows.map((row) => row.metrics[metric] ?? null),
    stringOr(formData.percent_calculation_type, 'first_step'),
  );
  const percentOf = Object.fromEntries(rows.map((row, at) => [row.name, percents[at] ?? 0]));
  const labelType = stringOr(formData.label_type, 'key');
  const tooltipType = stringOr(formData.tooltip_label_type, 'key_value_percent');
  const legend = legendSettings(formData);
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const selection = hasSelection(chartProps.filterState);
  const padding = chartPadding(legend, { top: 16, right: 16, bottom: 16, left: 16 });
  const labelRoom = Math.min(200, chartProps.width * 0.25);

  const echartOptions: Record<string, unknown> = {
    animation: false,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number | null; color: string }) =>
        tooltipHtml(null, [
          {
            name: '',
            value: formatItemLabel(tooltipType, params.name, params.value, percentOf[params.name] ?? 0, formatter),
            color: params.color,
          },
        ]),
    },
    legend: legendOption(
      legend,
      rows.map((row) => row.name),
    ),
    series: [
      {
        type: 'funnel',
        id: 'funnel',
        ...padding,
        // Room on the right for the labels (narrow steps cannot hold them inside), and as much on the left so the
        // funnel stays centred under the legend.
        left: padding.left + labelRoom,
        right: padding.right + labelRoom,
        sort: 'descending',
        gap: 2,
        minSize: '0%',
        labelLine: { show: true, length: 16, lineStyle: { color: '#bfbfbf' } },
        label: {
          show: booleanOr(formData.show_labels, true),
          position: 'right',
          color: TEXT_COLOR,
          formatter: (params: { name: string; value: number | null }) =>
            formatItemLabel(labelType, params.name, params.value, percentOf[params.name] ?? 0, formatter),
        },
        data: rows.map((row) => {
          const color = getColor(row.name, scheme);
          return {
            name: row.name,
            value: row.metrics[metric] ?? null,
            itemStyle: { color, opacity: selection && !isSelected(chartProps.filterState, row.name) ? 0.3 : 1 },
          };
        }),
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
