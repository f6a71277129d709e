// A calculated column's method applied to sample values in the browser, as the server's SQL does (in UTC):
// time parts are integers (day of week from Sunday = 0, ISO weeks), DATETIME a timestamp.
import { isNumericTimeMethod, type NumericTimeMethod } from '@nezha/core';

const DAY = 86_400_000;

function isoWeek(date: Date): number {
  const day = date.getUTCDay() || 7;
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.ceil(((thursday - yearStart) / DAY + 1) / 7);
}

const TIME_PART: Record<NumericTimeMethod, (date: Date) => number> = {
  SECOND_OF_MINUTE: (date) => date.getUTCSeconds(),
  MINUTE_OF_HOUR: (date) => date.getUTCMinutes(),
  HOUR_OF_DAY: (date) => date.getUTCHours(),
  DAY_OF_WEEK: (date) => date.getUTCDay(),
  DAY_OF_MONTH: (date) => date.getUTCDate(),
  DAY_OF_YEAR: (date) => Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY) + 1,
  WEEK_OF_YEAR: isoWeek,
  MONTH_OF_YEAR: (date) => date.getUTCMonth() + 1,
  QUARTER_OF_YEAR: (date) => Math.floor(date.getUTCMonth() / 3) + 1,
  YEAR: (date) => date.getUTCFullYear(),
};

function toDate(value: unknown): Date | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2} /.test(value) ? value.replace(' ', 'T') : value;
  const date = new Date(typeof text === 'string' && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? `${text}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The value with the method applied; null when the value is not a date. Without a method, the value itself. */
export function applyColumnMethod(method: string | null | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isNumericTimeMethod(method)) {
    const date = toDate(value);
    return date ? TIME_PART[method](date) : null;
  }
  if (method === 'DATETIME') return toDate(value)?.getTime() ?? null;
  return value;
}
