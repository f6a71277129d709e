// GET /api/v1/time_range/: time range strings (with optional shifts) resolved to since/until, as the picker shows.
import {
  DEFAULT_TIME_RANGE,
  formatDateTime,
  getSinceUntil,
  INVALID_TIME_RANGE_TYPE_MESSAGE,
  TimeRangeError,
} from '@nezha/core';
import { NezhaError } from '../errors/nezha-error.js';

export interface TimeRangeItem {
  timeRange: string;
  shift?: string | undefined;
}

export interface ResolvedTimeRange {
  since: string;
  until: string;
  timeRange: string;
  shift?: string;
}

function invalid(message: string): NezhaError {
  return new NezhaError({ type: 'INVALID_PAYLOAD_SCHEMA_ERROR', status: 400, message });
}

function itemOf(value: unknown): TimeRangeItem {
  if (typeof value === 'string') return { timeRange: value };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { timeRange, shift } = value as Record<string, unknown>;
    if (typeof timeRange !== 'string') throw invalid(INVALID_TIME_RANGE_TYPE_MESSAGE);
    if (shift !== undefined && shift !== null && typeof shift !== 'string')
      throw invalid(INVALID_TIME_RANGE_TYPE_MESSAGE);
    return { timeRange, shift: shift ?? undefined };
  }
  throw invalid(INVALID_TIME_RANGE_TYPE_MESSAGE);
}

/** `q` is one range or a list of ranges, each a string or `(timeRange:…, shift:…)`; none is the default range. */
export function timeRangeItems(q: unknown): TimeRangeItem[] {
  if (q === undefined || q === null) return [{ timeRange: DEFAULT_TIME_RANGE }];
  if (Array.isArray(q)) {
    if (q.length === 0) throw invalid(INVALID_TIME_RANGE_TYPE_MESSAGE);
    return q.map(itemOf);
  }
  return [itemOf(q)];
}

/** Superset answers a range it cannot read with "Unexpected time range: <why>". */
export function resolveTimeRanges(items: readonly TimeRangeItem[], now: Date): { result: ResolvedTimeRange[] } {
  const result = items.map((item) => {
    try {
      const { since, until } = getSinceUntil(item.timeRange, { now, timeShift: item.shift ?? null });
      return {
        since: since ? formatDateTime(since) : '',
        until: until ? formatDateTime(until) : '',
        timeRange: item.timeRange,
        ...(item.shift ? { shift: item.shift } : {}),
      };
    } catch (error) {
      if (error instanceof TimeRangeError) throw invalid(`Unexpected time range: ${error.message}`);
      throw error;
    }
  });
  return { result };
}
