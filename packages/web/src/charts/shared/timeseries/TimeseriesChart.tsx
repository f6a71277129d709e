// The component of the ECharts time series viz types: series click → cross-filter, right-click → drill menu.
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import type { ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import type { VizComponentProps } from '../../types';
import { annotationMarks, countAnnotations } from '../annotations/echarts-annotations';
import { drillFilters, toggleCrossFilter } from '../cross-filter';
import EChart from '../EChart';
import { use } from '../echarts-core';
import type { TimeseriesChartProps } from './transform-props';

use([LineChart, BarChart, ScatterChart, DataZoomComponent, MarkLineComponent, MarkAreaComponent]);

export default function TimeseriesChart({ props, width, height, hooks }: VizComponentProps<TimeseriesChartProps>) {
  const { echartOptions, groupby, labelMap, filterState } = props;
  const option = useMemo(() => echartOptions, [echartOptions]);
  const annotations = useMemo(() => countAnnotations(echartOptions.series), [echartOptions]);
  const marks = useMemo(() => JSON.stringify(annotationMarks(echartOptions.series)), [echartOptions]);
  // Annotation series are not data: clicking them neither cross-filters nor drills.
  const seriesOf = (event: ECElementEvent) =>
    typeof event.seriesId === 'string' && !event.seriesId.startsWith('annotation:') ? event.seriesId : undefined;
  // The annotation counts and marks are a hook for browser tests: the canvas itself cannot be queried.
  return (
    <div
      data-test="timeseries-chart"
      data-annotation-marklines={annotations.markLines}
      data-annotation-markareas={annotations.markAreas}
      data-annotation-lines={annotations.lines}
      data-annotation-marks={marks}
    >
      <EChart
        option={option}
        width={width}
        height={height}
        onRenderSuccess={hooks.onRenderSuccess}
        onClick={(event) => {
          const id = seriesOf(event);
          if (!hooks.setDataMask || !id || groupby.length === 0) return;
          hooks.setDataMask(toggleCrossFilter(groupby, labelMap, filterState, id));
        }}
        onContextMenu={(event, x, y) => {
          const id = seriesOf(event);
          if (!hooks.onContextMenu || !id) return;
          hooks.onContextMenu(x, y, drillFilters(groupby, labelMap[id] ?? []));
        }}
      />
    </div>
  );
}
