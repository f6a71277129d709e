// The viz type's component fed with its transformProps' output; runs inside ChartRenderer's error boundary so
// that an unknown viz type or a transformProps error is reported like a rendering error.
import { type ComponentType, type LazyExoticComponent, lazy, useMemo } from 'react';
import { t } from '../i18n/i18n';
import { getChartPlugin } from './registry';
import { withChartLabels } from './shared/label-colors';
import type { ChartHooks, ChartPlugin, ChartProps, VizComponentProps } from './types';

const components = new Map<string, LazyExoticComponent<ComponentType<VizComponentProps>>>();

function componentOf(plugin: ChartPlugin) {
  let component = components.get(plugin.vizType);
  if (!component) {
    component = lazy(plugin.load);
    components.set(plugin.vizType, component);
  }
  return component;
}

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
  const props = useMemo(
    () => withChartLabels(chartProps.formData.slice_id, () => plugin.transformProps(chartProps)),
    [plugin, chartProps],
  );
  const Chart = componentOf(plugin);
  return <Chart props={props} width={chartProps.width} height={chartProps.height} hooks={hooks} />;
}
