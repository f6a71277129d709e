// The box plot component: a click on a box cross-filters on its group.
import { BoxplotChart, ScatterChart } from 'echarts/charts';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([BoxplotChart, ScatterChart]);

export default function BoxPlot({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} />;
}
