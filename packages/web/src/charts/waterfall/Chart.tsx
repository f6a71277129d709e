// The waterfall component: a click on an increase or decrease bar cross-filters on its x (and breakdown) value.
import { BarChart } from 'echarts/charts';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([BarChart]);

export default function Waterfall({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  // Categories repeat when broken down, so bars are known by position.
  return (
    <CategoryChart
      {...props}
      width={width}
      height={height}
      hooks={hooks}
      labelOf={(event) => (event.seriesId === 'assist' ? undefined : String(event.dataIndex))}
    />
  );
}
