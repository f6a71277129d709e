// The saved charts an annotation layer may read from (spec §7 GET /api/v1/chart/?q=: slice_name chart_all_text,
// page, page_size) and the columns of a source chart's answer the editor offers for titles, times and descriptions.
import { getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormData } from '@nezha/core';
import { type ChartSourceType, SOURCE_VIZ_TYPES } from '../../charts/shared/annotations/annotation-layer';

export const SOURCE_PAGE_SIZE = 20;

/** The chart list query of one page of source charts, filtered by the text typed. */
export function sourceChartsQuery(sourceType: ChartSourceType, search: string, page: number) {
  return {
    columns: ['id', 'slice_name', 'viz_type'],
    filters: [
      { col: 'viz_type', opr: 'in', value: SOURCE_VIZ_TYPES[sourceType] },
      ...(search.trim() ? [{ col: 'slice_name', opr: 'chart_all_text', value: search.trim() }] : []),
    ],
    order_column: 'slice_name',
    order_direction: 'asc',
    page,
    page_size: SOURCE_PAGE_SIZE,
  };
}

function labels(columns: unknown): string[] {
  if (!Array.isArray(columns)) return [];
  return columns.flatMap((column) =>
    typeof column === 'string' || (column && typeof column === 'object')
      ? [getColumnLabel(column as QueryFormColumn)]
      : [],
  );
}

/** The labelled columns of the source chart's answer: its columns, time column and metrics, once each. */
export function sourceColumns(formData: Partial<QueryFormData>): string[] {
  const metrics = Array.isArray(formData.metrics) ? formData.metrics.map((metric) => getMetricLabel(metric)) : [];
  const all = [
    ...labels(formData.all_columns),
    ...labels(formData.groupby),
    ...labels(formData.columns),
    ...(formData.x_axis ? labels([formData.x_axis]) : []),
    ...(typeof formData.granularity_sqla === 'string' ? [formData.granularity_sqla] : []),
    ...metrics,
  ];
  return [...new Set(all.filter(Boolean))];
}
