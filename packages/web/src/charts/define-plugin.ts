// Makes a viz type from its folder's spec: the compiler infers one props type P from transformProps and the
// component, and the plugin keeps them paired while the registry holds it as a ChartPlugin of unknown props.
import { lazy } from 'react';
import type { ChartPlugin, ChartPluginSpec, DrawableChart, VizComponent } from './types';

export function definePlugin<P>(spec: ChartPluginSpec<P>): ChartPlugin<P> {
  let loaded: VizComponent<P> | undefined;
  let lazyComponent: ReturnType<typeof lazy<VizComponent<P>>> | undefined;
  const load = () =>
    spec.load().then((module) => {
      loaded = module.default;
      return module;
    });
  const drawable: DrawableChart<P> = {
    transformProps: spec.transformProps,
    // Made on first use, so that defining a plugin neither loads nor wraps its component.
    get Component() {
      if (loaded) return loaded;
      lazyComponent ??= lazy<VizComponent<P>>(load);
      return lazyComponent;
    },
  };
  return { ...spec, load, withComponent: (use) => use(drawable) };
}
