// The viz type's component fed with its transformProps' output; runs inside ChartRenderer's error boundary so
// that an unknown viz type or a transformProps error is reported like a rendering error.
import { type ComponentType, type LazyExoticComponent, lazy, useMemo } from 'react';
import { t } from '../i18n/i18n';
import { getChartPlugin } from './registry';
import { withChartLabels } from './shared/label-colors';
import type { ChartHooks, ChartPlugin, ChartProps, VizComponentProps } from './types';

const components = new Map<string, LazyExoticComponent<ComponentType<VizComponentProps>>>();
/**
 * Components whose code has arrived, by viz type: drawn directly, without the lazy wrapper, which suspends once per
 * viz type and page even when the code is there (a fallback committed, then the chart drawn in a later pass).
 */
const loaded = new Map<string, ComponentType<VizComponentProps>>();

function load(plugin: ChartPlugin) {
  return plugin.load().then((module) => {
    loaded.set(plugin.vizType, module.default);
    return module;
  });
}

function componentOf(plugin: ChartPlugin): ComponentType<VizComponentProps> {
  const ready = loaded.get(plugin.vizType);
  if (ready) return ready;
  let component = components.get(plugin.vizType);
  if (!component) {
    component = lazy(() => load(plugin));
    components.set(plugin.vizType, component);
  }
  return component;
}

/** Starts loading the components of these viz types now, so that drawing them later does not wait for the code. */
export function preloadChartComponents(vizTypes: Iterable<string>): void {
  for (const vizType of new Set(vizTypes)) {
    const plugin = getChartPlugin(vizType);
    if (plugin && !loaded.has(vizType)) void load(plugin).catch(() => undefined);
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
  // Picked once per viz type: a chart first drawn through the lazy wrapper keeps it (another component type would
  // remount the chart, and its ECharts instance with it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin follows the viz type.
  const Chart = useMemo(() => componentOf(plugin), [vizType]);
  return <Chart props={props} width={chartProps.width} height={chartProps.height} hooks={hooks} />;
}
