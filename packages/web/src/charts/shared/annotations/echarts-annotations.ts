// Annotation layers drawn on a time series chart: formulas as line series over the x range, events as markLines,
// intervals as markAreas and time series as extra line series, each with the layer's colour, opacity and line.
import type { QueryFormData } from '@nezha/core';
import { getColor } from '../label-colors';
import type { XValue } from '../timeseries/series';
import { readAnnotationData, toTime } from './annotation-data';
import {
  type AnnotationLayer,
  echartsLineType,
  layerOpacity,
  readAnnotationLayers,
  withDrawnColumns,
} from './annotation-layer';
import { compileFormula } from './formula';

export interface AnnotationContext {
  /** The chart's x values: epoch ms on a time axis, numbers on a value axis. */
  xValues: readonly XValue[];
  xType: 'time' | 'value' | 'category';
  colorScheme: string;
}

type EChartsSeries = Record<string, unknown>;

const INTERVAL_OPACITY = 0.3;

function colorOf(layer: AnnotationLayer, scheme: string): string {
  return layer.color ? layer.color : getColor(layer.name, scheme);
}

function lineStyleOf(layer: AnnotationLayer, color: string) {
  return {
    color,
    opacity: layerOpacity(layer),
    type: echartsLineType(layer.style),
    width: layer.hideLine ? 0 : (layer.width ?? 1),
  };
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The record's title and descriptions, as the markLine/markArea label shows them. */
function labelOf(layer: AnnotationLayer, record: Record<string, unknown>): string {
  const title = layer.titleColumn ? text(record[layer.titleColumn]) : '';
  const descriptions = (layer.descriptionColumns ?? []).map((column) => text(record[column])).filter(Boolean);
  return [title, ...descriptions].filter(Boolean).join('\n');
}

export function formulaSeries(layer: AnnotationLayer, context: AnnotationContext, color: string): EChartsSeries[] {
  if (context.xType === 'category' || typeof layer.value !== 'string') return [];
  let formula: (x: number) => number;
  try {
    formula = compileFormula(layer.value);
  } catch {
    return [];
  }
  const xs = [...new Set(context.xValues.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)))];
  xs.sort((a, b) => a - b);
  return [
    {
      id: `annotation:${layer.name}`,
      name: layer.name,
      type: 'line',
      data: xs.map((x) => {
        const y = formula(x);
        return [x, Number.isFinite(y) ? y : null];
      }),
      showSymbol: !!layer.showMarkers,
      symbolSize: layer.showMarkers ? 6 : 0,
      itemStyle: { color },
      lineStyle: lineStyleOf(layer, color),
      animation: false,
      silent: true,
    },
  ];
}

/** An empty line series that only carries the layer's markLine or markArea. */
function markSeries(layer: AnnotationLayer, mark: { markLine: unknown } | { markArea: unknown }): EChartsSeries[] {
  return [{ id: `annotation:${layer.name}`, name: layer.name, type: 'line', data: [], animation: false, ...mark }];
}

export function eventSeries(layer: AnnotationLayer, records: Array<Record<string, unknown>>, color: string) {
  const data = records.flatMap((record) => {
    const time = layer.timeColumn ? toTime(record[layer.timeColumn]) : null;
    return time === null ? [] : [{ name: labelOf(layer, record), xAxis: time }];
  });
  return markSeries(layer, {
    markLine: {
      silent: false,
      symbol: 'none',
      lineStyle: lineStyleOf(layer, color),
      label: { show: !!layer.showLabel, position: 'insideEndTop', formatter: '{b}', color: '#333' },
      emphasis: { label: { show: true, formatter: '{b}' } },
      data,
    },
  });
}

export function intervalSeries(layer: AnnotationLayer, records: Array<Record<string, unknown>>, color: string) {
  const data = records.flatMap((record) => {
    const start = layer.timeColumn ? toTime(record[layer.timeColumn]) : null;
    const end = layer.intervalEndColumn ? toTime(record[layer.intervalEndColumn]) : null;
    if (start === null) return [];
    return [[{ name: labelOf(layer, record), xAxis: start }, { xAxis: end ?? start }]];
  });
  return markSeries(layer, {
    markArea: {
      silent: false,
      itemStyle: { color, opacity: layerOpacity(layer, INTERVAL_OPACITY) },
      label: { show: !!layer.showLabel, position: 'insideTop', color: '#333', fontWeight: 'bold' },
      emphasis: { label: { show: true, position: 'insideTop' } },
      data,
    },
  });
}

export function timeSeriesSeries(
  layer: AnnotationLayer,
  series: NonNullable<ReturnType<typeof readAnnotationData>['series']>,
  color: string,
) {
  return series.map((one, index) => {
    const seriesColor = index === 0 ? color : getColor(`${layer.name}, ${one.key}`, 'supersetColors');
    return {
      id: `annotation:${layer.name}:${one.key}`,
      name: series.length > 1 ? `${layer.name}, ${one.key}` : layer.name,
      type: 'line',
      data: one.points,
      showSymbol: !!layer.showMarkers,
      symbolSize: layer.showMarkers ? 6 : 0,
      itemStyle: { color: seriesColor },
      lineStyle: lineStyleOf(layer, seriesColor),
      animation: false,
    };
  });
}

/**
 * The ECharts series of the form data's shown annotation layers. Chart-sourced layers draw what their query
 * stored (nothing before it answers or after it failed); only time and value x-axes take annotations.
 */
export function annotationSeries(
  formData: Pick<QueryFormData, 'annotation_layers'>,
  annotationData: Record<string, unknown> | undefined,
  context: AnnotationContext,
): EChartsSeries[] {
  if (context.xType === 'category') return [];
  return readAnnotationLayers(formData.annotation_layers).flatMap((layer): EChartsSeries[] => {
    if (!layer.show) return [];
    const color = colorOf(layer, context.colorScheme);
    if (layer.annotationType === 'FORMULA') return formulaSeries(layer, context, color);
    const data = readAnnotationData(annotationData?.[layer.name]);
    if (layer.annotationType === 'EVENT') return eventSeries(withDrawnColumns(layer), data.records ?? [], color);
    if (layer.annotationType === 'INTERVAL') return intervalSeries(withDrawnColumns(layer), data.records ?? [], color);
    return timeSeriesSeries(layer, data.series ?? [], color);
  });
}

export interface AnnotationMark {
  kind: 'line' | 'area';
  layer: string;
  label: string;
  /** Epoch ms. */
  start: number;
  end: number;
}

/** Where an option's events and intervals are drawn: the chart's test hook for their times (the canvas has none). */
export function annotationMarks(series: unknown): AnnotationMark[] {
  if (!Array.isArray(series)) return [];
  return (series as EChartsSeries[]).flatMap((one): AnnotationMark[] => {
    if (typeof one.id !== 'string' || !one.id.startsWith('annotation:')) return [];
    const layer = String(one.name ?? '');
    const lines = (one.markLine as { data?: Array<{ name: string; xAxis: number }> } | undefined)?.data ?? [];
    const areas =
      (one.markArea as { data?: Array<[{ name: string; xAxis: number }, { xAxis: number }]> } | undefined)?.data ?? [];
    return [
      ...lines.map((line) => ({ kind: 'line' as const, layer, label: line.name, start: line.xAxis, end: line.xAxis })),
      ...areas.map(([from, to]) => ({
        kind: 'area' as const,
        layer,
        label: from.name,
        start: from.xAxis,
        end: to.xAxis,
      })),
    ];
  });
}

/** How many annotations an option draws (markLine lines, markArea areas, extra line series): the chart's data hook. */
export function countAnnotations(series: unknown): { markLines: number; markAreas: number; lines: number } {
  const counts = { markLines: 0, markAreas: 0, lines: 0 };
  if (!Array.isArray(series)) return counts;
  for (const one of series as EChartsSeries[]) {
    if (typeof one.id !== 'string' || !one.id.startsWith('annotation:')) continue;
    const markLine = one.markLine as { data?: unknown[] } | undefined;
    const markArea = one.markArea as { data?: unknown[] } | undefined;
    if (markLine) counts.markLines += markLine.data?.length ?? 0;
    else if (markArea) counts.markAreas += markArea.data?.length ?? 0;
    else counts.lines += 1;
  }
  return counts;
}
