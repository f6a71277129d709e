// Saved column preview props: sample values with their counts.
import { previewTransformProps } from '../shared/semantic/preview';
import type { ChartProps } from '../types';
import { savedColumnFields } from './build-query';

export default function transformProps(chartProps: ChartProps) {
  return previewTransformProps(chartProps, savedColumnFields(chartProps.formData));
}
