// The radar component: a click on a group's polygon cross-filters on that group.
import { RadarChart } from 'echarts/charts';
import { RadarComponent } from 'echarts/components';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([RadarChart, RadarComponent]);

export default function Radar({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} />;
}
