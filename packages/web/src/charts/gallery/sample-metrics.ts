// Metrics and form data shared by the gallery cases on the dev gallery's sample datasets.
import type { AdhocMetric } from '@nezha/core';

export const simple = (
  aggregate: 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT',
  column: string,
  label?: string,
): AdhocMetric => ({
  expressionType: 'SIMPLE',
  aggregate,
  column: { column_name: column },
  ...(label ? { label, hasCustomLabel: true } : {}),
});

export const avgMax = simple('AVG', 'temp_max', 'Avg max temp');
export const births = simple('SUM', 'num', 'Births');
export const co2 = simple('SUM', 'co2', 'CO2 (Mt)');

export const weatherSeries = {
  x_axis: 'ds',
  time_grain_sqla: 'P1W',
  metrics: [avgMax],
  groupby: ['city'],
  y_axis_format: ',.1f',
  x_axis_title: '',
  y_axis_title: '°C',
  y_axis_title_margin: 30,
};
