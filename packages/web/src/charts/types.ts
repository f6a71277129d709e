// The contract of a viz type: metadata, control panel, buildQuery, transformProps and a lazy component.
import type { QueryContext, QueryFormData } from '@nezha/core';
import type { ComponentType, LazyExoticComponent } from 'react';

export type ChartBehavior = 'INTERACTIVE_CHART' | 'NATIVE_FILTER' | 'DRILL_TO_DETAIL' | 'DRILL_BY';
export type ChartTag = 'DEPRECATED' | 'FEATURED' | string;

export interface ChartMetadata {
  name: string;
  description: string;
  category: string;
  behaviors: ChartBehavior[];
  tags: ChartTag[];
  /** A small inline SVG (data URI) shown in the viz type picker. */
  thumbnail: string;
  /** Whether the viz type has a time axis (charts the time grain and x-axis controls). */
  isTimeseries?: boolean;
}

/** One control of the control panel, declared as data so the panel renders and validates it. */
export interface ControlConfig {
  name: string;
  type:
    | 'metrics'
    | 'metric'
    | 'groupby'
    | 'columns'
    | 'adhoc_filters'
    | 'time_range'
    | 'time_grain'
    | 'granularity'
    | 'x_axis'
    | 'select'
    | 'checkbox'
    | 'number'
    | 'text'
    | 'color_scheme'
    | 'row_limit'
    | 'series_limit'
    | 'order_by'
    | 'post_processing'
    | 'annotation_layers'
    /** A colour picker; the value is {r, g, b, a} as Superset stores it. */
    | 'color'
    /** [min, max], either may be null (axis bounds). */
    | 'bounds'
    /** A list of ConditionalFormattingRule (table, big number): colour by threshold. */
    | 'conditional_formatting'
    /** Per-column display settings (table): Record<column, ColumnConfig>. */
    | 'column_config'
    /** Saved measure definitions (name + aggregate over a column, or custom SQL): MeasureDraft[]. */
    | 'measures'
    /** Calculated measure definitions (name + expression over saved measures): MeasureDraft[]. */
    | 'calculated_measures'
    /** A SQL expression typed in a text area. */
    | 'sql_expression'
    /** One column of the dataset, by name. */
    | 'column';
  label: string;
  description?: string;
  default?: unknown;
  choices?: Array<[value: unknown, label: string]>;
  /** Validator names of core chart/validators (e.g. 'nonEmpty', 'integer'); messages come from there. */
  validators?: string[];
  multi?: boolean;
  /** Shown only when this returns true for the current form data. */
  visibility?: (formData: QueryFormData) => boolean;
}

export interface ControlPanelSection {
  label: string;
  /** Spec sections: datasource and viz type, time, query, advanced analytics, annotation layers. */
  kind: 'datasource' | 'time' | 'query' | 'customize' | 'advanced_analytics' | 'annotation_layers';
  expanded: boolean;
  controls: ControlConfig[];
}

export interface ControlPanelConfig {
  sections: ControlPanelSection[];
  /** Form data keys carried over when switching to this viz type from another. */
  formDataOverrides?: (formData: QueryFormData) => QueryFormData;
}

/** What the server answered for one query of the query context. */
export interface ChartQueryResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  applied_filters?: Array<{ column: string }>;
  rejected_filters?: Array<{ column: string; reason: string }>;
  from_dttm?: number | null;
  to_dttm?: number | null;
  /** NATIVE annotation layers by name, {columns, records}: answered with the chart's own data. */
  annotation_data?: Record<string, unknown>;
}

export interface ChartProps {
  width: number;
  height: number;
  formData: QueryFormData;
  queriesData: ChartQueryResult[];
  /** Column metadata of the datasource (verbose names, formats). */
  datasource: { verboseMap: Record<string, string>; columnFormats: Record<string, string> };
  /** The chart's own cross-filter selection (data mask filterState), so a second click can clear it. */
  filterState?: FilterState;
  /** State the chart keeps for itself between queries (data mask ownState), e.g. the table's server page. */
  ownState?: Record<string, unknown>;
  /** Annotation layer name → what its query stored (chart state annotationData); time series draw them. */
  annotationData?: Record<string, unknown>;
}

export interface FilterState {
  value?: unknown;
  selectedValues?: unknown[] | null;
  label?: string;
  [key: string]: unknown;
}

/** Spec §3 "data mask per filter": what a chart contributes to the dashboard, and its own state. */
export interface DataMask {
  extraFormData?: Record<string, unknown>;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
}

export interface BuildQueryOptions {
  /** The chart's ownState (e.g. the table's current server page and page size). */
  ownState?: Record<string, unknown>;
}

export interface ChartHooks {
  /** Cross-filter (extraFormData + filterState) or the chart's own state (ownState, e.g. a server page). */
  setDataMask?: (dataMask: DataMask) => void;
  onContextMenu?: (x: number, y: number, filters: Array<{ col: string; op: string; val: unknown }>) => void;
  /** Called once the chart has drawn (chart state rendered), or with an error message (failed). */
  onRenderSuccess?: () => void;
  onRenderFailure?: (message: string) => void;
}

/** What a viz type's component is given: its transformProps' output, its size and the chart hooks. */
export interface VizComponentProps<P> {
  /** transformProps' output for this viz type. */
  props: P;
  width: number;
  height: number;
  hooks: ChartHooks;
}

/** A viz type's component, drawing the props its transformProps returned. */
export type VizComponent<P> = ComponentType<VizComponentProps<P>>;

/** What the registry, the picker, explore and dashboards read of a viz type, whatever its props. */
export interface ChartPluginInfo {
  vizType: string;
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  buildQuery: (formData: QueryFormData, options?: BuildQueryOptions) => QueryContext;
  /**
   * How many rows the chart draws, when that differs from the query's row count (a preview that regroups the
   * answer); the status bar reports it, so the count shown is the count drawn.
   */
  drawnRowCount?: (chartProps: Pick<ChartProps, 'formData' | 'queriesData'>) => number;
  /**
   * The chart's own CSV of what it shows, when that is not the query's rows (the pivot table's pivoted layout): the
   * dashboard chart menu offers "Export to Pivoted .CSV" for the viz types that have it.
   */
  exportCsv?: (chartProps: ChartProps) => string;
}

/** A viz type as its folder writes it: transformProps returns exactly the props its lazily loaded component takes. */
export interface ChartPluginSpec<P> extends ChartPluginInfo {
  transformProps: (chartProps: ChartProps) => P;
  load: () => Promise<{ default: VizComponent<P> }>;
}

/** transformProps and the component of one viz type, at that viz type's own props type. */
export interface DrawableChart<P> {
  transformProps: (chartProps: ChartProps) => P;
  /**
   * The component: drawn directly once its code has arrived; before that, one lazy component per viz type (which
   * suspends once per viz type and page even when the code is there: a fallback committed, then a later pass).
   */
  Component: VizComponent<P> | LazyExoticComponent<VizComponent<P>>;
}

/**
 * A viz type, made by `definePlugin` from its spec. `ChartPlugin<P>` shows its props type; `ChartPlugin` (props
 * unknown) is any viz type, as the registry holds it. Only `withComponent` hands transformProps' output to the
 * component, inside a function that works for every props type, so the compiler checks the pair wherever it is drawn.
 */
export interface ChartPlugin<P = unknown> extends ChartPluginInfo {
  transformProps: (chartProps: ChartProps) => P;
  /** Loads the component's code without drawing (preloading a dashboard's viz types). */
  load: () => Promise<unknown>;
  withComponent: <R>(use: <Q>(chart: DrawableChart<Q>) => R) => R;
}
