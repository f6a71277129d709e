// The graph component: a click on a node cross-filters on it (as the source column's value).
import { GraphChart } from 'echarts/charts';
import CategoryChart, { type CategoryChartProps } from '../shared/CategoryChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';

use([GraphChart]);

export default function Graph({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return (
    <CategoryChart
      {...props}
      width={width}
      height={height}
      hooks={hooks}
      labelOf={(event) => (event.dataType === 'node' && typeof event.name === 'string' ? event.name : undefined)}
    />
  );
}
