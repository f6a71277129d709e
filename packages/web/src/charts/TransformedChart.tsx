// The viz type's component fed with its transformProps' output; runs inside ChartRenderer's error boundary so
// that an unknown viz type or a transformProps error is reported like a rendering error.
import { useMemo } from 'react';
import { t } from '../i18n/i18n';
import { getChartPlugin } from './registry';
import { withChartLabels } from './shared/label-colors';
import type { ChartHooks, ChartProps, DrawableChart } from './types';

/** Starts loading the components of these viz types now, so that drawing them later does not wait for the code. */
export function preloadChartComponents(vizTypes: Iterable<string>): void {
  for (const vizType of new Set(vizTypes)) {
    const plugin = getChartPlugin(vizType);
    if (plugin) void plugin.load().catch(() => undefined);
  }
}

interface Props {
  vizType: string;
  chartProps: ChartProps;
  hooks: ChartHooks;
}

export default function TransformedChart({ vizType, chartProps, hooks }: Props) {
  const plugin = getChartPlugin(vizType);
  if (!plugin) throw new Error(t('Item with key "{{key}}" is not registered.', { key: vizType }));
  return plugin.withComponent((chart) => <DrawnChart chart={chart} chartProps={chartProps} hooks={hooks} />);
}

interface DrawnChartProps<P> {
  chart: DrawableChart<P>;
  chartProps: ChartProps;
  hooks: ChartHooks;
}

/** One viz type's transformProps output handed to its own component: both at the same props type P. */
function DrawnChart<P>({ chart, chartProps, hooks }: DrawnChartProps<P>) {
  const props = useMemo(
    () => withChartLabels(chartProps.formData.slice_id, () => chart.transformProps(chartProps)),
    [chart, chartProps],
  );
  // Picked once per chart: a chart first drawn through the lazy wrapper keeps it (the loaded component is another
  // component type, which would remount the chart and its ECharts instance).
  const Component = useMemo(() => chart.Component, [chart]);
  return <Component props={props} width={chartProps.width} height={chartProps.height} hooks={hooks} />;
}
