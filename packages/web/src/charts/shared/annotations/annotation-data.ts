// What an annotation query keeps in chart state (spec §3 annotationData): the source table's rows for events and
// intervals, the source time series as [x, y] points for time series layers; and time cells read as epoch ms.
import { getColumnLabel, type QueryFormData } from '@nezha/core';
import type { ChartQueryResult } from '../../types';
import { xAxisColumn } from '../timeseries/build-query';
import { extractSeries } from '../timeseries/series';
import type { AnnotationLayer } from './annotation-layer';

export interface AnnotationSeries {
  key: string;
  points: Array<[number, number | null]>;
}

export interface AnnotationData {
  records?: Array<Record<string, unknown>>;
  series?: AnnotationSeries[];
}

/** A time cell as epoch ms: numbers as they are, text without a zone read as UTC (as the server writes it). */
export function toTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(' ', 'T');
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? null : time;
}

/** The source chart's answer in the shape its layer draws from. */
export function toAnnotationData(
  layer: AnnotationLayer,
  sourceFormData: QueryFormData,
  result: ChartQueryResult | undefined,
): AnnotationData {
  if (!result) return layer.annotationType === 'TIME_SERIES' ? { series: [] } : { records: [] };
  if (layer.annotationType !== 'TIME_SERIES') return { records: result.data };
  const xColumn = xAxisColumn(sourceFormData);
  const extracted = extractSeries(result, xColumn ? getColumnLabel(xColumn) : '__timestamp');
  return {
    series: extracted.names.map((key) => ({
      key,
      points: extracted.xValues.flatMap((x, at): Array<[number, number | null]> => {
        const time = typeof x === 'number' ? x : toTime(x);
        return time === null ? [] : [[time, extracted.values[key]?.[at] ?? null]];
      }),
    })),
  };
}

/** Reads what chart state holds for a layer: the 'no data' success stores [], which draws nothing. */
export function readAnnotationData(value: unknown): AnnotationData {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const data = value as AnnotationData;
  return {
    ...(Array.isArray(data.records) ? { records: data.records } : {}),
    ...(Array.isArray(data.series) ? { series: data.series } : {}),
  };
}
