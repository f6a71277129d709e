// An ECharts chart whose series are named by dimension values (histogram, box plot, radar, bubble): a click
// on a series cross-filters on its values, a right-click opens the drill menu.
import type { ECElementEvent } from 'echarts/core';
import type { VizComponentProps } from '../types';
import CategoryChart, { type CategoryChartProps } from './CategoryChart';

const seriesIdOf = (event: ECElementEvent) => (typeof event.seriesId === 'string' ? event.seriesId : undefined);

export default function SeriesChart({ props, width, height, hooks }: VizComponentProps<CategoryChartProps>) {
  return <CategoryChart {...props} width={width} height={height} hooks={hooks} labelOf={seriesIdOf} />;
}
