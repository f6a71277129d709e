// Cohort preview props: one row per member with its count.
import { previewTransformProps } from '../shared/semantic/preview';
import type { ChartProps } from '../types';
import { cohortTableFields } from './members';

export default function transformProps(chartProps: ChartProps) {
  return previewTransformProps(chartProps, cohortTableFields(chartProps.formData));
}
