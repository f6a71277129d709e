// Measure preview props: the measures' values (one row, or one per group) as table props.
import { previewTransformProps } from '../shared/semantic/preview';
import type { ChartProps } from '../types';
import { measurePreviewMetrics } from './build-query';

export default function transformProps(chartProps: ChartProps) {
  return previewTransformProps(chartProps, { metrics: measurePreviewMetrics(chartProps.formData) });
}
