// Ids inside a dashboard's layout and metadata: uuids on export, this server's ids on import (update_id_refs).

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function chartNodes(position: Json): Json[] {
  return Object.values(position).filter(
    (node): node is Json => isObject(node) && node.type === 'CHART' && isObject(node.meta),
  );
}

/** The chart ids the layout places, in layout order. */
export function layoutChartIds(position: Json): number[] {
  return chartNodes(position)
    .map((node) => (node.meta as Json).chartId)
    .filter((id): id is number => typeof id === 'number');
}

/** The chart uuids the layout names (meta.uuid), Superset's find_chart_uuids. */
export function layoutChartUuids(position: Json): string[] {
  return chartNodes(position)
    .map((node) => (node.meta as Json).uuid)
    .filter((uuid): uuid is string => typeof uuid === 'string');
}

/** Native filter targets' dataset uuids (find_native_filter_datasets). */
export function nativeFilterDatasetUuids(metadata: Json): string[] {
  const uuids: string[] = [];
  for (const filter of arrayOf(metadata.native_filter_configuration)) {
    for (const target of arrayOf(isObject(filter) ? filter.targets : undefined)) {
      if (isObject(target) && typeof target.datasetUuid === 'string') uuids.push(target.datasetUuid);
    }
  }
  return uuids;
}

/** Native filter targets' dataset ids, for export. */
export function nativeFilterDatasetIds(metadata: Json): number[] {
  const ids: number[] = [];
  for (const filter of arrayOf(metadata.native_filter_configuration)) {
    for (const target of arrayOf(isObject(filter) ? filter.targets : undefined)) {
      if (isObject(target) && typeof target.datasetId === 'number') ids.push(target.datasetId);
    }
  }
  return ids;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Export: each chart node gets its chart's uuid, each native filter target its dataset's uuid instead of its id. */
export function toExportRefs(
  position: Json,
  metadata: Json,
  chartUuids: ReadonlyMap<number, string>,
  datasetUuids: ReadonlyMap<number, string>,
): void {
  for (const node of chartNodes(position)) {
    const meta = node.meta as Json;
    const uuid = typeof meta.chartId === 'number' ? chartUuids.get(meta.chartId) : undefined;
    if (uuid) meta.uuid = uuid;
  }
  for (const filter of arrayOf(metadata.native_filter_configuration)) {
    for (const target of arrayOf(isObject(filter) ? filter.targets : undefined)) {
      if (!isObject(target) || typeof target.datasetId !== 'number') continue;
      const uuid = datasetUuids.get(target.datasetId);
      delete target.datasetId;
      if (uuid) target.datasetUuid = uuid;
    }
  }
}

/**
 * Import: chart ids of the exporting server (meta.chartId beside meta.uuid) become this server's everywhere the
 * metadata names charts, and dataset uuids become ids. References to charts the bundle lacks are dropped.
 */
export function toImportRefs(
  position: Json,
  metadata: Json,
  chartIds: ReadonlyMap<string, number>,
  datasetIds: ReadonlyMap<string, number>,
): void {
  const idMap = new Map<number, number>();
  for (const node of chartNodes(position)) {
    const meta = node.meta as Json;
    const next = typeof meta.uuid === 'string' ? chartIds.get(meta.uuid) : undefined;
    if (next === undefined) continue;
    if (typeof meta.chartId === 'number') idMap.set(meta.chartId, next);
    meta.chartId = next;
  }
  const mapId = (value: unknown): number | undefined => {
    const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof id === 'number' ? idMap.get(id) : undefined;
  };
  const mapList = (value: unknown): number[] =>
    arrayOf(value)
      .map(mapId)
      .filter((id): id is number => id !== undefined);
  const mapKeys = (value: unknown, each?: (entry: unknown, id: number) => unknown): Json => {
    const out: Json = {};
    if (!isObject(value)) return out;
    for (const [key, entry] of Object.entries(value)) {
      const id = mapId(key);
      if (id !== undefined) out[String(id)] = each ? each(entry, id) : entry;
    }
    return out;
  };
  const fixScope = (holder: unknown): void => {
    if (!isObject(holder)) return;
    if (isObject(holder.scope) && Array.isArray(holder.scope.excluded))
      holder.scope.excluded = mapList(holder.scope.excluded);
    if (Array.isArray(holder.chartsInScope)) holder.chartsInScope = mapList(holder.chartsInScope);
  };

  if (Array.isArray(metadata.timed_refresh_immune_slices)) {
    metadata.timed_refresh_immune_slices = mapList(metadata.timed_refresh_immune_slices);
  }
  if (isObject(metadata.expanded_slices)) metadata.expanded_slices = mapKeys(metadata.expanded_slices);
  if (isObject(metadata.filter_scopes)) {
    metadata.filter_scopes = mapKeys(metadata.filter_scopes, (columns) => {
      if (!isObject(columns)) return columns;
      for (const attributes of Object.values(columns)) {
        if (isObject(attributes) && Array.isArray(attributes.immune)) attributes.immune = mapList(attributes.immune);
      }
      return columns;
    });
  }
  if (typeof metadata.default_filters === 'string') {
    try {
      metadata.default_filters = JSON.stringify(mapKeys(JSON.parse(metadata.default_filters) as unknown));
    } catch {
      metadata.default_filters = '{}';
    }
  }
  for (const filter of arrayOf(metadata.native_filter_configuration)) {
    if (!isObject(filter)) continue;
    for (const target of arrayOf(filter.targets)) {
      if (!isObject(target) || typeof target.datasetUuid !== 'string') continue;
      const id = datasetIds.get(target.datasetUuid);
      delete target.datasetUuid;
      if (id !== undefined) target.datasetId = id;
    }
    fixScope(filter);
  }
  if (isObject(metadata.chart_configuration)) {
    metadata.chart_configuration = mapKeys(metadata.chart_configuration, (entry, id) => {
      if (!isObject(entry)) return entry;
      entry.id = id;
      fixScope(entry.crossFilters);
      return entry;
    });
  }
  fixScope(metadata.global_chart_configuration);
}
