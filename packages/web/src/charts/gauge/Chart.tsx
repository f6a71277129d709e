// The gauge component: a click on a pointer cross-filters on its group.
import { GaugeChart } from 'echarts/charts';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([GaugeChart]);

export default function Gauge({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} />;
}
