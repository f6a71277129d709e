// The measure line as the line chart draws it: the definitions become the line chart's metrics.
import type { QueryFormData } from '@nezha/core';
import { measureDraftsOf, measureMetric } from '../shared/semantic/measures';

export function lineFormData(formData: QueryFormData): QueryFormData {
  return {
    ...formData,
    viz_type: 'echarts_timeseries_line',
    metrics: measureDraftsOf(formData).map(measureMetric),
  };
}
