// Time comparison: the query re-run shifted back ("1 year ago"), its time axis moved forward again and its
// metrics joined onto the main rows as `<metric>__<offset>` columns, as Superset's processing_time_offsets does.
// "inherit" compares with the range just before (shifted by its own length in days) and a YYYY-MM-DD date with
// the range starting that day.
import {
  ENCLOSED_RANGE_MESSAGE,
  isDateShift,
  isInheritedShift,
  normalizeTimeDelta,
  type QueryObject,
  type Row,
  resolveTimeShift,
  type TimeRangeBounds,
  TimeRangeError,
} from '@nezha/core';
import type { OutputColumn } from './compile/assemble.js';
import { invalidQuery } from './compile/errors.js';
import { assertTimeOffset, unshift } from './compile/time.js';
import type { Frame } from './result-frame.js';

export function timeOffsetsOf(query: QueryObject): string[] {
  const offsets = query.time_offsets;
  if (offsets === undefined || offsets === null) return [];
  if (!Array.isArray(offsets) || !offsets.every((offset) => typeof offset === 'string')) {
    throw invalidQuery(
      'time_offsets must be a list of time shifts such as "1 year ago".',
      'INVALID_PAYLOAD_SCHEMA_ERROR',
    );
  }
  const unique = [...new Set(offsets.map((offset) => offset.trim()).filter(Boolean))];
  for (const offset of unique) {
    if (isInheritedShift(offset) || isDateShift(offset)) continue;
    assertDirection(offset);
    assertTimeOffset(offset);
  }
  return unique;
}

/** Superset moves the compared axis with normalize_time_delta, which wants "N units ago" or "N units later". */
function assertDirection(offset: string): void {
  try {
    normalizeTimeDelta(offset);
  } catch (error) {
    throw error instanceof TimeRangeError ? invalidQuery(error.message, 'INVALID_PAYLOAD_SCHEMA_ERROR') : error;
  }
}

/**
 * The plain "N units ago" an offset moves the axis by: "inherit" and a date are measured against the main
 * query's range, which must then have both ends.
 */
function axisShift(offset: string, bounds: TimeRangeBounds | null): string {
  if (!isInheritedShift(offset) && !isDateShift(offset)) return offset;
  if (!bounds?.since || !bounds.until) throw invalidQuery(ENCLOSED_RANGE_MESSAGE);
  return resolveTimeShift(offset, bounds.since, bounds.until);
}

/** The shifted run: same query without what only the final answer needs. */
export function shiftedQuery(query: QueryObject): QueryObject {
  const { time_offsets: _offsets, post_processing: _steps, ...rest } = query;
  return rest;
}

function offsetColumn(metric: string, offset: string): string {
  return `${metric}__${offset}`;
}

function keyOf(row: Row, columns: readonly string[]): string {
  return JSON.stringify(
    columns.map((column) => (row[column] instanceof Date ? { t: (row[column] as Date).getTime() } : row[column])),
  );
}

/**
 * Left-joins the shifted metrics on every non-metric column; time-axis values of the shifted rows are
 * moved forward by the offset first, so last year's January meets this year's. `bounds` is the main query's
 * range, which "inherit" and date offsets are measured against.
 */
export function joinOffset(
  main: Frame,
  shifted: Frame,
  offset: string,
  columns: readonly OutputColumn[],
  bounds: TimeRangeBounds | null,
): Frame {
  const shift = axisShift(offset, bounds);
  const metrics = columns.filter((column) => column.kind === 'metric').map((column) => column.label);
  const keys = columns.filter((column) => column.kind === 'column').map((column) => column.label);
  const axis = columns.filter((column) => column.isAxis).map((column) => column.label);
  const byKey = new Map<string, Row>();
  for (const row of shifted.rows) {
    const moved: Row = { ...row };
    for (const label of axis) {
      const value = moved[label];
      if (value instanceof Date) moved[label] = unshift(value, shift);
    }
    const key = keyOf(moved, keys);
    if (!byKey.has(key)) byKey.set(key, moved);
  }
  const added = metrics.map((metric) => offsetColumn(metric, offset));
  const rows = main.rows.map((row) => {
    const match = byKey.get(keyOf(row, keys));
    const joined: Row = { ...row };
    metrics.forEach((metric, index) => {
      joined[added[index] as string] = match ? (match[metric] ?? null) : null;
    });
    return joined;
  });
  const types = { ...main.types };
  metrics.forEach((metric, index) => {
    types[added[index] as string] = shifted.types[metric] ?? main.types[metric] ?? null;
  });
  return { columns: [...main.columns, ...added], types, rows };
}

/** Superset's label_map: each result column → the labels it is made of. */
export function labelMap(columns: readonly string[], offsets: readonly string[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const column of columns) {
    const offset = offsets.find((candidate) => column.endsWith(`__${candidate}`));
    map[column] = offset ? [column.slice(0, -(offset.length + 2)), offset] : [column];
  }
  return map;
}
