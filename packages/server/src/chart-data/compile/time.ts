// Time in chart queries: the query's [since, until) bounds, time grains per engine, and time shifts.
import {
  applyTimeShift,
  getSinceUntil,
  type QueryObject,
  type TimeRangeBounds,
  TimeRangeError,
  type TimeRangeOptions,
  timeGrainLabel,
  validateTimeGrainForRange,
} from '@nezha/core';
import type { DatasetScope } from './dataset-scope.js';
import { invalidQuery } from './errors.js';

/** getSinceUntil with core's message as a 400. */
export function sinceUntil(timeRange: string | null | undefined, options: TimeRangeOptions): TimeRangeBounds {
  try {
    return getSinceUntil(timeRange, options);
  } catch (error) {
    throw error instanceof TimeRangeError ? invalidQuery(error.message, 'INVALID_PAYLOAD_SCHEMA_ERROR') : error;
  }
}

/**
 * The query's own time bounds, or null when it asks for none. Unlike Superset's legacy reading, a query
 * without any time range is not cut at today: nothing asked, nothing filtered.
 */
export function queryTimeBounds(query: QueryObject, now: Date, timeShift: string | null): TimeRangeBounds | null {
  const { time_range, since, until, extras } = query;
  if (!time_range && !since && !until) return null;
  // Legacy clients send separate bounds; read as Superset reads them ("7 days" meaning 7 days ago, until today).
  return sinceUntil(time_range || null, {
    now,
    timeShift,
    relativeStart: extras?.relative_start ?? null,
    relativeEnd: extras?.relative_end ?? null,
    since: time_range ? null : (since ?? null),
    until: time_range ? null : (until ?? null),
  });
}

/** The column truncated to the grain; a grain the engine lacks, or too fine for the range, is a 400. */
export function grainSql(
  scope: DatasetScope,
  columnSql: string,
  columnType: string | null | undefined,
  grain: string,
  bounds: TimeRangeBounds | null,
): string {
  const template = scope.dialect.timeGrains[grain];
  if (template === undefined) {
    const label = timeGrainLabel(grain);
    throw invalidQuery(
      `The time grain ${label ? `"${label}" (${grain})` : `"${grain}"`} is not supported by ${scope.displayName}.`,
    );
  }
  const tooFine = bounds ? validateTimeGrainForRange(grain, bounds.since, bounds.until) : null;
  if (tooFine) throw invalidQuery(tooFine);
  return template.replaceAll('{col}', scope.engineSql.grainInput(columnSql, columnType));
}

const SHIFT =
  /^-?\s*(\d+)\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+(ago|before|prior|later|after|from now))?$/i;

/** Moves a time of a shifted query back onto the main query's axis ("1 year ago" → one year later). */
export function unshift(date: Date, shift: string): Date {
  const match = SHIFT.exec(shift.trim());
  if (!match) throw invalidQuery(`Invalid time shift: ${shift}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
  const forward = ['later', 'after', 'from now'].includes((match[3] ?? '').toLowerCase());
  return applyTimeShift(date, `${match[1]} ${match[2]} ${forward ? 'ago' : 'later'}`);
}

/** A time offset must be a shift phrase; explicit ranges are for the time range itself. */
export function assertTimeOffset(shift: string): void {
  if (!SHIFT.test(shift.trim())) throw invalidQuery(`Invalid time shift: ${shift}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
}
