// The annotation layer as Superset stores it in form data (spec §3 "Annotation layer": name, sourceType, value,
// overrides, plus the display options), with the choices its editor offers and the rules shared by the
// explore editor, the annotation query and the time series transforms.
import type { AnnotationLayer as CoreAnnotationLayer } from '@nezha/core';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/**
 * '' for formulas; 'table' and 'line' name another saved chart (the layer's value is its id); 'NATIVE' names one of
 * the annotation layers of /annotationlayer/list/ (the value is the layer's id), answered with the chart's data.
 */
export type AnnotationSourceType = '' | 'table' | 'line' | 'NATIVE';
export type ChartSourceType = 'table' | 'line';

/** The columns of a NATIVE layer's records, which its events and intervals are drawn from (Superset's). */
export const NATIVE_COLUMNS = {
  titleColumn: 'short_descr',
  descriptionColumns: ['long_descr'],
  timeColumn: 'start_dttm',
  intervalEndColumn: 'end_dttm',
} as const;

export const LINE_STYLES = ['solid', 'dashed', 'dotted', 'longDashed'] as const;
export type AnnotationLineStyle = (typeof LINE_STYLES)[number];

/** The annotated chart's fields a chart-sourced layer's query may take over (Superset's `overrides`). */
export const OVERRIDE_KEYS = ['time_range', 'granularity', 'time_grain_sqla'] as const;
export type OverrideKey = (typeof OVERRIDE_KEYS)[number];

export interface AnnotationLayer extends CoreAnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  sourceType: AnnotationSourceType;
  /** The formula for FORMULA layers, else the source chart's id. */
  value: string | number | null;
  /** A key present means the layer's query uses the annotated chart's value (or the non-null value given). */
  overrides: Partial<Record<OverrideKey, unknown>>;
  show: boolean;
  showLabel?: boolean;
  titleColumn?: string;
  descriptionColumns?: string[];
  timeColumn?: string;
  intervalEndColumn?: string;
  /** '' picks the colour scheme's colour for the layer name. */
  color?: string | null;
  /** 0..1; Superset's older 'opacityLow'/'opacityMedium'/'opacityHigh' are read too. */
  opacity?: number | string | null;
  style?: AnnotationLineStyle;
  width?: number;
  showMarkers?: boolean;
  hideLine?: boolean;
}

/** Which saved charts may feed a layer of each type: table charts for events and intervals, time series for lines. */
export const SOURCE_TYPE_OF: Record<AnnotationType, AnnotationSourceType> = {
  FORMULA: '',
  EVENT: 'table',
  INTERVAL: 'table',
  TIME_SERIES: 'line',
};

export const SOURCE_VIZ_TYPES: Record<ChartSourceType, string[]> = {
  table: ['table'],
  line: [
    'echarts_timeseries_line',
    'echarts_timeseries_smooth',
    'echarts_timeseries_step',
    'echarts_timeseries_bar',
    'echarts_timeseries_scatter',
    'echarts_area',
    'line',
  ],
};

export function newAnnotationLayer(annotationType: AnnotationType = 'FORMULA'): AnnotationLayer {
  return {
    name: '',
    annotationType,
    sourceType: SOURCE_TYPE_OF[annotationType],
    value: null,
    overrides: annotationType === 'FORMULA' ? {} : { time_range: null },
    show: true,
    showLabel: false,
    titleColumn: '',
    descriptionColumns: [],
    timeColumn: '',
    intervalEndColumn: '',
    color: '',
    opacity: 1,
    style: 'solid',
    width: 1,
    showMarkers: false,
    hideLine: false,
  };
}

function isAnnotationType(value: unknown): value is AnnotationType {
  return (ANNOTATION_TYPES as readonly unknown[]).includes(value);
}

/** A layer read from stored form data: unknown types fall back to formulas, missing options get defaults. */
export function readAnnotationLayer(raw: CoreAnnotationLayer): AnnotationLayer {
  const annotationType = isAnnotationType(raw.annotationType) ? raw.annotationType : 'FORMULA';
  const base = newAnnotationLayer(annotationType);
  const sourceType =
    raw.sourceType === 'table' ||
    raw.sourceType === 'line' ||
    (raw.sourceType === 'NATIVE' && annotationType !== 'TIME_SERIES')
      ? raw.sourceType
      : base.sourceType;
  const value = typeof raw.value === 'string' || typeof raw.value === 'number' ? raw.value : null;
  const overrides = raw.overrides && typeof raw.overrides === 'object' ? raw.overrides : base.overrides;
  return { ...base, ...raw, annotationType, sourceType, value, overrides, show: raw.show !== false } as AnnotationLayer;
}

export function readAnnotationLayers(value: unknown): AnnotationLayer[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is CoreAnnotationLayer => !!item && typeof item === 'object' && 'name' in item)
    .map(readAnnotationLayer);
}

/** Layers whose data is another saved chart's query (its id is the layer's value); NATIVE ones come with the chart's. */
export function requiresQuery(layer: AnnotationLayer): boolean {
  return layer.annotationType !== 'FORMULA' && layer.sourceType !== 'NATIVE' && layer.show && Number(layer.value) > 0;
}

/** The layer with the columns it is drawn from: a NATIVE layer's are fixed, a chart-sourced layer's chosen. */
export function withDrawnColumns(layer: AnnotationLayer): AnnotationLayer {
  return layer.sourceType === 'NATIVE' ? { ...layer, ...NATIVE_COLUMNS, descriptionColumns: ['long_descr'] } : layer;
}

const NAMED_OPACITY: Record<string, number> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };

/** The layer's opacity as a number; intervals default lighter so the series stay readable. */
export function layerOpacity(layer: AnnotationLayer, fallback = 1): number {
  const { opacity } = layer;
  if (typeof opacity === 'number' && opacity >= 0 && opacity <= 1) return opacity;
  if (typeof opacity === 'string' && opacity in NAMED_OPACITY) return NAMED_OPACITY[opacity] as number;
  return fallback;
}

/** ECharts' line type for the layer's style (longDashed is a longer dash pattern). */
export function echartsLineType(style: AnnotationLineStyle | undefined): 'solid' | 'dashed' | 'dotted' | number[] {
  if (style === 'dashed' || style === 'dotted') return style;
  if (style === 'longDashed') return [12, 6];
  return 'solid';
}
