// Pie transformProps: one slice per dimension combination, labels by label_type and threshold, optional total.
import { t } from '../../i18n/i18n';
import type { CategoryChartProps } from '../shared/CategoryChart';
import { hasSelection, isSelected } from '../shared/cross-filter';
import { chartPadding, legendOption, legendSettings, TEXT_COLOR } from '../shared/echarts-layout';
import {
  booleanOr,
  columnLabels,
  firstResult,
  metricLabel,
  numberOr,
  stringOr,
  verboseName,
} from '../shared/form-data';
import { groupedRows, labelMapOf } from '../shared/grouped-rows';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter } from '../shared/number-format';
import { getGrainTimeFormatter } from '../shared/time-format';
import { tooltipHtml } from '../shared/tooltip';
import { formatItemLabel, percentFormatter } from '../shared/value-labels';
import type { ChartProps } from '../types';
import { pieLabelLayout } from './pie-labels';

export default function transformProps(chartProps: ChartProps): CategoryChartProps {
  const { formData, width } = chartProps;
  const groupby = columnLabels(formData.groupby);
  const metric = metricLabel(formData.metric) ?? '';
  const formatter = getNumberFormatter(stringOr(formData.number_format, 'SMART_NUMBER'));
  const rows = groupedRows(
    firstResult(chartProps),
    groupby,
    [metric],
    getGrainTimeFormatter(stringOr(formData.date_format, 'smart_date'), stringOr(formData.time_grain_sqla, '')),
  );
  const total = rows.reduce((sum, row) => sum + (row.metrics[metric] ?? 0), 0);
  const labelType = stringOr(formData.label_type, 'key');
  const threshold = numberOr(formData.show_labels_threshold, 5);
  const asked = legendSettings(formData);
  // Small cells trade labels for a legend (pie-labels.ts).
  const layout = pieLabelLayout({
    width,
    height: chartProps.height,
    showLabels: booleanOr(formData.show_labels, true),
    legend: asked.show,
  });
  const showLabels = layout.labels;
  const legend = { ...asked, show: layout.legend };
  const outside = booleanOr(formData.labels_outside, true);
  const donut = booleanOr(formData.donut, false);
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const selection = hasSelection(chartProps.filterState);

  const data = rows.map((row) => {
    const value = row.metrics[metric] ?? null;
    const percent = total ? ((value ?? 0) / total) * 100 : 0;
    const dimmed = selection && !isSelected(chartProps.filterState, row.name);
    return {
      name: row.name,
      value,
      itemStyle: { color: getColor(row.name, scheme), opacity: dimmed ? 0.3 : 1 },
      label: { show: showLabels && percent >= threshold },
      labelLine: { show: showLabels && outside && booleanOr(formData.label_line, false) && percent >= threshold },
    };
  });

  const padding = chartPadding(legend, { top: 8, right: 8, bottom: 8, left: 8 });
  const outerRadius = numberOr(formData.outerRadius, 70);
  // The pie's centre moves away from the legend; the total sits on that centre.
  const centerX = (padding.left + width - padding.right) / 2;
  const centerY = (padding.top + chartProps.height - padding.bottom) / 2;
  const innerRadius = donut ? numberOr(formData.innerRadius, 30) : 0;
  const echartOptions: Record<string, unknown> = {
    animation: false,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; value: number | null; percent: number; color: string }) =>
        tooltipHtml(null, [
          {
            name: params.name,
            value: `${formatter(params.value)} (${percentFormatter(params.percent / 100)})`,
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
        type: 'pie',
        id: 'pie',
        name: verboseName(chartProps, metric),
        radius: [`${innerRadius}%`, `${outerRadius}%`],
        // The pie (and its outside labels) keeps to the box the legend leaves free.
        ...padding,
        avoidLabelOverlap: true,
        minShowLabelAngle: 0,
        // Labels that would still overlap after ECharts moved them are not drawn (their slice keeps its tooltip).
        labelLayout: { hideOverlap: true },
        label: {
          position: outside ? 'outer' : 'inner',
          color: outside ? TEXT_COLOR : '#ffffff',
          formatter: (params: { name: string; value: number | null; percent: number }) =>
            formatItemLabel(labelType, params.name, params.value, params.percent, formatter),
        },
        labelLine: { show: false },
        emphasis: { label: { show: true, fontWeight: 'bold' } },
        data,
      },
    ],
    ...(booleanOr(formData.show_total, false)
      ? {
          graphic: {
            type: 'text',
            x: donut ? centerX : padding.left + 4,
            y: donut ? centerY : padding.top + 4,
            style: {
              text: t('Total: {{total}}', { total: formatter(total) }),
              fontSize: 16,
              fontWeight: 'bold',
              fill: '#262626',
              align: donut ? 'center' : 'left',
              verticalAlign: donut ? 'middle' : 'top',
            },
            z: 10,
          },
        }
      : {}),
  };
  return {
    echartOptions,
    groupby,
    labelMap: labelMapOf(rows),
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
