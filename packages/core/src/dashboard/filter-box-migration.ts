// Superset 4 removed the filter-box chart (apache/superset#26328) and converts each dashboard's filter boxes to native
// filters, on upgrade and on import (superset/migrations/shared/native_filters.py): every filter box column becomes a
// native filter with the box's scope and default value, the legacy default_filters and filter_scopes go, and the box's
// place in the layout becomes a markdown note. Nezha converts the same way, so imported and stored dashboards filter
// their charts as they did in Superset, through the filter bar.
import type { ExtraFormData } from '../chart/query-types.js';
import { parseDefaultFilters } from './legacy-filters.js';
import type { DataMask, NativeFilter, NativeFilterControlValues } from './native-filter-types.js';

/** A filter-box chart of the dashboard: its id, dataset, name and saved form data (Superset's Slice.params). */
export interface FilterBoxChart {
  id: number;
  datasourceId: number;
  sliceName: string;
  params: Record<string, unknown>;
}

type Json = Record<string, unknown>;

interface FieldScope {
  scope: string[];
  immune: number[];
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id)) : [];
}

function fieldScope(raw: unknown): FieldScope {
  if (!isRecord(raw)) return { scope: ['ROOT_ID'], immune: [] };
  const scope = Array.isArray(raw.scope) ? raw.scope.filter((id): id is string => typeof id === 'string') : [];
  return { scope: scope.length > 0 ? scope : ['ROOT_ID'], immune: numbers(raw.immune) };
}

/**
 * The fields a filter box filters on and their scopes when the dashboard states none (Superset's
 * convert_filter_scopes): the whole dashboard, less the charts the older filter_immune_slices and
 * filter_immune_slice_fields keep out.
 */
function implicitScopes(metadata: Json, params: Json): Record<string, FieldScope> {
  const immuneById = numbers(metadata.filter_immune_slices);
  const immuneByColumn = new Map<string, number[]>();
  if (isRecord(metadata.filter_immune_slice_fields)) {
    for (const [sliceId, columns] of Object.entries(metadata.filter_immune_slice_fields)) {
      if (!Array.isArray(columns)) continue;
      for (const column of columns) {
        if (typeof column !== 'string') continue;
        immuneByColumn.set(column, [...(immuneByColumn.get(column) ?? []), Number(sliceId)]);
      }
    }
  }
  const scopes: Record<string, FieldScope> = {};
  const add = (field: unknown) => {
    if (typeof field !== 'string') return;
    scopes[field] = { scope: ['ROOT_ID'], immune: [...new Set([...immuneById, ...(immuneByColumn.get(field) ?? [])])] };
  };
  if (params.date_filter) add('__time_range');
  if (params.show_sqla_time_column) add('__time_col');
  if (params.show_sqla_time_granularity) add('__time_grain');
  for (const config of Array.isArray(params.filter_configs) ? params.filter_configs : []) {
    if (isRecord(config)) add(config.column);
  }
  return scopes;
}

/** Stable, readable ids: converting the same filter box again names the same filters, so none is added twice. */
export function filterBoxFilterId(chartId: number, field: string): string {
  return `NATIVE_FILTER-filter_box_${chartId}_${field.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const truthy = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && value !== false;

function mask(extraFormData: ExtraFormData, value: unknown): DataMask {
  return { extraFormData, filterState: { value } };
}

/** One field of one filter box as a native filter, or null when the box does not offer the field. */
function fieldFilter(box: FilterBoxChart, field: string, scope: FieldScope, given: unknown, boxIds: Set<number>) {
  const { params } = box;
  const base = {
    id: filterBoxFilterId(box.id, field),
    type: 'NATIVE_FILTER' as const,
    cascadeParentIds: [] as string[],
    scope: { rootPath: [...scope.scope], excluded: scope.immune.filter((id) => !boxIds.has(id)) },
    description: '',
    controlValues: {} as NativeFilterControlValues,
    defaultDataMask: { extraFormData: {}, filterState: {} } as DataMask,
  };
  let fallback = given;
  if (field === '__time_col' && params.show_sqla_time_column) {
    if (!truthy(fallback)) fallback = params.granularity_sqla;
    const filter: NativeFilter = {
      ...base,
      filterType: 'filter_timecolumn',
      name: 'Time Column',
      targets: [{ datasetId: box.datasourceId }],
    };
    if (typeof fallback === 'string' && fallback)
      filter.defaultDataMask = mask({ granularity_sqla: fallback }, [fallback]);
    return filter;
  }
  if (field === '__time_grain' && params.show_sqla_time_granularity) {
    if (!truthy(fallback)) fallback = params.time_grain_sqla;
    const filter: NativeFilter = {
      ...base,
      filterType: 'filter_timegrain',
      name: 'Time Grain',
      targets: [{ datasetId: box.datasourceId }],
    };
    if (typeof fallback === 'string' && fallback)
      filter.defaultDataMask = mask({ time_grain_sqla: fallback }, [fallback]);
    return filter;
  }
  if (field === '__time_range' && params.date_filter) {
    if (!truthy(fallback)) fallback = params.time_range;
    const filter: NativeFilter = { ...base, filterType: 'filter_time', name: 'Time Range', targets: [{}] };
    if (typeof fallback === 'string' && fallback && fallback !== 'No filter') {
      filter.defaultDataMask = mask({ time_range: fallback }, fallback);
    }
    return filter;
  }
  const configs = Array.isArray(params.filter_configs) ? params.filter_configs.filter(isRecord) : [];
  const config = configs.find((entry) => entry.column === field);
  if (!config) return null;
  const filter: NativeFilter = {
    ...base,
    filterType: 'filter_select',
    name: typeof config.label === 'string' && config.label ? config.label : field,
    targets: [{ datasetId: box.datasourceId, column: { name: field } }],
    controlValues: {
      defaultToFirstItem: false,
      // A filter box that could not be cleared always filters; the native filter's rule for that is "empty filter".
      enableEmptyFilter: config.clearable === undefined ? false : !config.clearable,
      inverseSelection: false,
      multiSelect: config.multiple === true,
      searchAllOptions: config.searchAllOptions === true,
    },
  };
  if ('metric' in config && typeof config.metric === 'string') {
    filter.sortMetric = config.metric;
    filter.controlValues.sortAscending = config.asc === true;
  }
  if (Array.isArray(params.adhoc_filters) && params.adhoc_filters.length > 0) {
    filter.adhoc_filters = params.adhoc_filters as NativeFilter['adhoc_filters'];
  }
  // The box's own time range narrowed the values it offered; the native filter keeps that.
  if (typeof params.time_range === 'string' && params.time_range && params.time_range !== 'No filter') {
    filter.time_range = params.time_range;
    if (typeof params.granularity_sqla === 'string') filter.granularity_sqla = params.granularity_sqla;
  }
  if (!truthy(fallback) || (Array.isArray(fallback) && fallback.length === 0)) {
    fallback = config.defaultValue;
    if (typeof fallback === 'string' && fallback && config.multiple === true) fallback = fallback.split(';');
  }
  if (truthy(fallback) && !(Array.isArray(fallback) && fallback.length === 0)) {
    const values = Array.isArray(fallback) ? fallback : [fallback];
    filter.defaultDataMask = mask({ filters: [{ col: field, op: 'IN', val: values }] }, values);
  }
  return filter;
}

/**
 * The native filters the dashboard's filter boxes become (Superset's convert_filter_scopes_to_native_filters): one per
 * field, scoped as filter_scopes says (or as the box's implicit scope), valued from default_filters or the field's own
 * default, and a box's select filters cascading from the boxes whose scope holds it. Ordered by filter type.
 */
export function filterBoxesToNativeFilters(metadata: Json, position: Json, boxes: readonly FilterBoxChart[]) {
  const defaults = parseDefaultFilters(metadata.default_filters);
  const stated = isRecord(metadata.filter_scopes) ? metadata.filter_scopes : {};
  const boxIds = new Set(boxes.map((box) => box.id));
  const scopesByBox = new Map<number, Record<string, FieldScope>>();
  for (const box of boxes) {
    const own = isRecord(stated[String(box.id)]) ? (stated[String(box.id)] as Json) : {};
    const scopes = implicitScopes(metadata, box.params);
    for (const [field, raw] of Object.entries(own)) scopes[field] = fieldScope(raw);
    scopesByBox.set(box.id, scopes);
  }

  const filtersByBox = new Map<number, NativeFilter[]>();
  for (const box of boxes) {
    const values = defaults[String(box.id)] ?? {};
    const made: NativeFilter[] = [];
    for (const [field, scope] of Object.entries(scopesByBox.get(box.id) ?? {})) {
      const filter = fieldFilter(box, field, scope, values[field], boxIds);
      if (filter) made.push(filter);
    }
    filtersByBox.set(box.id, made);
  }

  // A legacy box filtered the boxes in its scope: their values narrowed. Native filters say it the other way round.
  const ancestors = new Map<number, Set<string>>();
  for (const node of Object.values(position)) {
    if (!isRecord(node) || node.type !== 'CHART' || !isRecord(node.meta) || !Array.isArray(node.parents)) continue;
    const chartId = node.meta.chartId;
    if (typeof chartId === 'number' && boxIds.has(chartId) && node.parents.length > 0) {
      ancestors.set(chartId, new Set(node.parents.filter((id): id is string => typeof id === 'string')));
    }
  }
  for (const child of boxes) {
    const childAncestors = ancestors.get(child.id) ?? new Set<string>();
    for (const parent of boxes) {
      if (parent.id === child.id) continue;
      const covers = Object.values(scopesByBox.get(parent.id) ?? {}).some(
        (scope) => !scope.immune.includes(child.id) && scope.scope.every((id) => childAncestors.has(id)),
      );
      if (!covers) continue;
      for (const filter of filtersByBox.get(child.id) ?? []) {
        if (filter.filterType !== 'filter_select') continue;
        for (const upstream of filtersByBox.get(parent.id) ?? []) {
          const kinds = ['filter_select', 'filter_time'];
          if (kinds.includes(upstream.filterType) && !filter.cascadeParentIds.includes(upstream.id)) {
            filter.cascadeParentIds.push(upstream.id);
          }
        }
      }
    }
  }

  const all = boxes.flatMap((box) => filtersByBox.get(box.id) ?? []);
  return all.sort((a, b) => (a.filterType < b.filterType ? -1 : a.filterType > b.filterType ? 1 : 0));
}

/** The note a filter box's place in the layout keeps (Superset's wording). */
export function filterBoxNote(sliceName: string): string {
  return `⚠ The **${sliceName.replace(/[\\*_`[\]]/g, '\\$&')}** filter-box chart has been migrated to a native filter.`;
}

export interface FilterBoxMigration {
  metadata: Json;
  position: Json;
  /** The filter boxes converted; empty when the dashboard had none and nothing changed. */
  converted: number[];
}

/**
 * A dashboard with its filter boxes converted (Superset's migrate_dashboard): their native filters appended to
 * native_filter_configuration (none whose id is already there), default_filters and filter_scopes dropped, each box's
 * CHART node turned into a MARKDOWN note keeping the box's size. A dashboard without filter boxes comes back as it
 * was, so converting again changes nothing. The inputs are not modified.
 */
export function migrateFilterBoxes(
  metadataIn: Json,
  positionIn: Json,
  boxes: readonly FilterBoxChart[],
): FilterBoxMigration {
  if (boxes.length === 0) return { metadata: metadataIn, position: positionIn, converted: [] };
  const metadata = structuredClone(metadataIn);
  const position = structuredClone(positionIn);
  const existing = Array.isArray(metadata.native_filter_configuration) ? metadata.native_filter_configuration : [];
  const known = new Set(existing.filter(isRecord).map((item) => item.id));
  const added = filterBoxesToNativeFilters(metadata, position, boxes).filter((filter) => !known.has(filter.id));
  metadata.native_filter_configuration = [...existing, ...added];
  delete metadata.default_filters;
  delete metadata.filter_scopes;

  const byId = new Map(boxes.map((box) => [box.id, box]));
  const renamed = new Map<string, string>();
  for (const [key, node] of Object.entries(position)) {
    if (!isRecord(node) || node.type !== 'CHART' || !isRecord(node.meta)) continue;
    const box = typeof node.meta.chartId === 'number' ? byId.get(node.meta.chartId) : undefined;
    if (!box) continue;
    let next = key.startsWith('CHART-') ? `MARKDOWN-${key.slice('CHART-'.length)}` : `MARKDOWN-${key}`;
    while (next in position || [...renamed.values()].includes(next)) next = `${next}_`;
    renamed.set(key, next);
    const { chartId, sliceName, sliceNameOverride, uuid, ...meta } = node.meta;
    position[next] = {
      ...node,
      id: next,
      type: 'MARKDOWN',
      // What the node was, should anyone need to put the box back (Superset keeps the same).
      meta: {
        ...meta,
        code: filterBoxNote(box.sliceName),
        native_filter_migration: { chartId, sliceName, sliceNameOverride, uuid },
      },
    };
    delete position[key];
  }
  for (const node of Object.values(position)) {
    if (!isRecord(node)) continue;
    for (const relation of ['children', 'parents'] as const) {
      const list = node[relation];
      if (Array.isArray(list))
        node[relation] = list.map((id) => (typeof id === 'string' ? (renamed.get(id) ?? id) : id));
    }
  }
  return { metadata, position, converted: boxes.map((box) => box.id) };
}
