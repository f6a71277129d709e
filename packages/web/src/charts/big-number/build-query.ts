// Big number with trendline query: the metric per time bucket, pivoted on the x-axis, with the optional
// rolling window and resampling of the time series charts.
import {
  buildQueryContext,
  getColumnLabel,
  getMetricLabel,
  type PostProcessingStep,
  type QueryContext,
  type QueryFormData,
} from '@nezha/core';
import { resampleStep, rollingStep, withXAxis, xAxisColumn } from '../shared/timeseries/build-query';

export default function buildQuery(formData: QueryFormData): QueryContext {
  const withAxis = withXAxis(formData);
  const xAxis = xAxisColumn(formData);
  const index = xAxis ? getColumnLabel(xAxis) : '__timestamp';
  return buildQueryContext(withAxis, {
    buildQuery: (base) => {
      const labels = (base.metrics ?? []).map(getMetricLabel);
      const steps: Array<PostProcessingStep | undefined> = [
        {
          operation: 'pivot',
          options: {
            index: [index],
            aggregates: Object.fromEntries(labels.map((label) => [label, { operator: 'mean' }])),
          },
        },
        rollingStep(withAxis, labels),
        resampleStep(withAxis),
        { operation: 'flatten' },
      ];
      return [
        {
          ...base,
          columns: xAxis ? [xAxis] : [],
          post_processing: steps.filter((step): step is PostProcessingStep => step !== undefined),
        },
      ];
    },
  });
}
