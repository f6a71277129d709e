// Previews of the semantic viz types drawn by the table: the form data and answers they hand to its buildQuery and
// transformProps, and the row count every member/value list shows.
import type { QueryContext, QueryFormData, SqlAdhocMetric } from '@nezha/core';
import { i18nKey } from '../../../i18n/i18n';
import tableBuildQuery from '../../table/build-query';
import tableTransformProps, { type TableChartProps } from '../../table/transform-props';
import type { ChartProps, ChartQueryResult } from '../../types';

export const COUNT_LABEL = 'count';

/** COUNT(*) as the preview's count of rows per member or value. */
export const COUNT_METRIC: SqlAdhocMetric = {
  expressionType: 'SQL',
  sqlExpression: 'COUNT(*)',
  label: COUNT_LABEL,
  hasCustomLabel: true,
};

/** Preview category of the viz type picker. */
export const SEMANTIC_CATEGORY: string = i18nKey('Semantic layer');

/** The aggregate table query of a preview; the semantic form data keeps its time and filter fields. */
export function previewTableFormData(formData: QueryFormData, table: Partial<QueryFormData>): QueryFormData {
  return {
    ...formData,
    query_mode: 'aggregate',
    server_pagination: false,
    show_totals: false,
    percent_metrics: [],
    all_columns: [],
    ...table,
  };
}

export function previewBuildQuery(formData: QueryFormData, table: Partial<QueryFormData>): QueryContext {
  return tableBuildQuery(previewTableFormData(formData, table));
}

export function previewTransformProps(
  chartProps: ChartProps,
  table: Partial<QueryFormData>,
  result?: ChartQueryResult,
): TableChartProps {
  return tableTransformProps({
    ...chartProps,
    formData: previewTableFormData(chartProps.formData, table),
    ...(result ? { queriesData: [result, ...chartProps.queriesData.slice(1)] } : {}),
  });
}

/** The rows of the first answer, or an empty answer when there is none. */
export function firstAnswer(chartProps: Pick<ChartProps, 'queriesData'>): ChartQueryResult {
  return chartProps.queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
}
