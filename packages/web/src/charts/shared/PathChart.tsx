// An ECharts hierarchy (treemap, sunburst, sankey links): items carry their cross-filter label as `data.path`.
import type { ECElementEvent } from 'echarts/core';
import type { VizComponentProps } from '../types';
import CategoryChart, { type CategoryChartProps } from './CategoryChart';

const pathOf = (event: ECElementEvent) => {
  const data = event.data as { path?: unknown } | null | undefined;
  return typeof data?.path === 'string' && data.path !== '' ? data.path : undefined;
};

export default function PathChart({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} labelOf={pathOf} />;
}
