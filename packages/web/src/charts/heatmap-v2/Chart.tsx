// The heatmap component: a click on a cell cross-filters on its x and y values.
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([HeatmapChart, VisualMapComponent]);

export default function Heatmap({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} />;
}
