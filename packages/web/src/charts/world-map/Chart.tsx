// The world map component: loads the atlas on first use, then draws the choropleth with its colour legend; a click
// on a country cross-filters on its value.

import { Spin } from 'antd';
import { MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import type { ECElementEvent } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { drillFilters, hasSelection, isSelected, toggleCrossFilter } from '../shared/cross-filter';
import EChart from '../shared/EChart';
import { use } from '../shared/echarts-core';
import type { VizComponentProps } from '../types';
import type { WorldMapProps } from './transform-props';
import WorldMapLegend from './WorldMapLegend';
import { loadWorldAtlas, type WorldAtlas } from './world-atlas';
import { worldMapOption } from './world-map-option';

use([MapChart, ScatterChart, GeoComponent]);

const keyOf = (event: ECElementEvent) => {
  const data = event.data as { key?: unknown } | null | undefined;
  return typeof data?.key === 'string' ? data.key : undefined;
};

export default function WorldMap({ props: mapProps, width, height, hooks }: VizComponentProps<WorldMapProps>) {
  const [atlas, setAtlas] = useState<WorldAtlas | null>(null);
  const { onRenderFailure } = hooks;

  useEffect(() => {
    let live = true;
    loadWorldAtlas()
      .then((loaded) => live && setAtlas(loaded))
      .catch((error: unknown) => onRenderFailure?.(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [onRenderFailure]);

  const option = useMemo(() => {
    if (!atlas) return null;
    const selection = hasSelection(mapProps.filterState);
    return worldMapOption(mapProps, atlas, (key) => selection && !isSelected(mapProps.filterState, key));
  }, [atlas, mapProps]);

  if (!option) {
    return (
      <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin />
      </div>
    );
  }
  const labelMap = Object.fromEntries(mapProps.countries.map((country) => [country.key, [country.key]]));
  return (
    <div style={{ position: 'relative', width, height }}>
      <EChart
        option={option}
        width={width}
        height={height}
        onRenderSuccess={hooks.onRenderSuccess}
        onClick={(event) => {
          const key = keyOf(event);
          if (!hooks.setDataMask || key === undefined) return;
          hooks.setDataMask(toggleCrossFilter(mapProps.groupby, labelMap, mapProps.filterState, key));
        }}
        onContextMenu={(event, x, y) => {
          const key = keyOf(event);
          if (!hooks.onContextMenu || key === undefined) return;
          hooks.onContextMenu(x, y, drillFilters(mapProps.groupby, [key]));
        }}
      />
      {mapProps.legend && (
        <WorldMapLegend legend={mapProps.legend} formatter={mapProps.formatter} metricName={mapProps.metricName} />
      )}
    </div>
  );
}
