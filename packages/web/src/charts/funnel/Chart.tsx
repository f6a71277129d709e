// The funnel component: steps cross-filter on their dimension values.
import { FunnelChart } from 'echarts/charts';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([FunnelChart]);

export default function Funnel({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} />;
}
