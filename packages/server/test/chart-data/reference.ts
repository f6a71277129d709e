// The answers chart queries must give, computed in plain TypeScript from the fixture rows, and the comparison.
import type { Row } from '@nezha/core';
import { expect } from 'vitest';

export type Aggregator<T> = (rows: readonly T[]) => unknown;

/** GROUP BY in TypeScript: one output row per distinct key, key columns then metrics. */
export function groupRows<T>(
  rows: readonly T[],
  keys: Record<string, (row: T) => unknown>,
  metrics: Record<string, Aggregator<T>>,
): Row[] {
  const groups = new Map<string, { key: Row; rows: T[] }>();
  for (const row of rows) {
    const key: Row = {};
    for (const [name, read] of Object.entries(keys)) key[name] = read(row);
    const id = JSON.stringify(Object.values(key));
    const group = groups.get(id);
    if (group) group.rows.push(row);
    else groups.set(id, { key, rows: [row] });
  }
  return [...groups.values()].map(({ key, rows: members }) => {
    const out: Row = { ...key };
    for (const [name, reduce] of Object.entries(metrics)) out[name] = reduce(members);
    return out;
  });
}

const numbers = (values: readonly unknown[]) =>
  values.filter((value): value is number => typeof value === 'number' && !Number.isNaN(value));

export const agg = {
  count:
    <T>() =>
    (rows: readonly T[]) =>
      rows.length,
  countOf:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) =>
      rows.filter((row) => read(row) !== null && read(row) !== undefined).length,
  sum:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) => {
      const values = numbers(rows.map(read));
      return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
    },
  avg:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) => {
      const values = numbers(rows.map(read));
      return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
    },
  min:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) => {
      const values = numbers(rows.map(read));
      return values.length === 0 ? null : Math.min(...values);
    },
  max:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) => {
      const values = numbers(rows.map(read));
      return values.length === 0 ? null : Math.max(...values);
    },
  countDistinct:
    <T>(read: (row: T) => unknown) =>
    (rows: readonly T[]) =>
      new Set(rows.map(read).filter((value) => value !== null)).size,
  /** percentile_cont: linear interpolation between the closest ranks. */
  percentile:
    <T>(read: (row: T) => unknown, fraction: number) =>
    (rows: readonly T[]) => {
      const values = numbers(rows.map(read)).sort((a, b) => a - b);
      if (values.length === 0) return null;
      const position = fraction * (values.length - 1);
      const low = Math.floor(position);
      const high = Math.ceil(position);
      return (values[low] as number) + ((values[high] as number) - (values[low] as number)) * (position - low);
    },
  /** The value on the earliest (or latest) row by time. */
  firstBy:
    <T>(read: (row: T) => unknown, time: (row: T) => number, last = false) =>
    (rows: readonly T[]) => {
      const sorted = [...rows].sort((a, b) => time(a) - time(b));
      const row = last ? sorted[sorted.length - 1] : sorted[0];
      return row === undefined ? null : read(row);
    },
};

const DAY = 86_400_000;

/** The time bucket a grain puts a time in (UTC), with the engine's start of week for P1W. */
export function truncate(time: number, grain: string, weekStartsOn: 'monday' | 'sunday'): number {
  const d = new Date(time);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const dayStart = Date.UTC(y, m, d.getUTCDate());
  const weekday = d.getUTCDay(); // 0 = Sunday
  const seconds = (n: number) => Math.floor(time / (n * 1000)) * n * 1000;
  switch (grain) {
    case 'PT1S':
      return seconds(1);
    case 'PT5S':
      return seconds(5);
    case 'PT30S':
      return seconds(30);
    case 'PT1M':
      return seconds(60);
    case 'PT5M':
      return seconds(300);
    case 'PT10M':
      return seconds(600);
    case 'PT15M':
      return seconds(900);
    case 'PT30M':
      return seconds(1800);
    case 'PT1H':
      return seconds(3600);
    case 'PT6H':
      return seconds(21600);
    case 'P1D':
      return dayStart;
    case 'P1W':
      return weekStartsOn === 'monday' ? dayStart - ((weekday + 6) % 7) * DAY : dayStart - weekday * DAY;
    case '1969-12-28T00:00:00Z/P1W':
      return dayStart - weekday * DAY;
    case '1969-12-29T00:00:00Z/P1W':
      return dayStart - ((weekday + 6) % 7) * DAY;
    case 'P1W/1970-01-03T00:00:00Z':
      return dayStart + ((6 - weekday + 7) % 7) * DAY;
    case 'P1W/1970-01-04T00:00:00Z':
      return dayStart + ((7 - weekday) % 7) * DAY;
    case 'P1M':
      return Date.UTC(y, m, 1);
    case 'P3M':
      return Date.UTC(y, m - (m % 3), 1);
    case 'P1Y':
      return Date.UTC(y, 0, 1);
    default:
      throw new Error(`no reference for grain ${grain}`);
  }
}

/** Engines give booleans as true/false or 1/0 and exact numbers with float noise; compare what they mean. */
function canonical(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value ?? null;
}

function sortKey(row: Row, columns: readonly string[]): string {
  return JSON.stringify(
    columns.map((column) => {
      const value = canonical(row[column]);
      return typeof value === 'number' ? Number(value.toPrecision(8)) : value;
    }),
  );
}

function close(actual: unknown, expected: unknown): boolean {
  const a = canonical(actual);
  const e = canonical(expected);
  if (typeof a === 'number' && typeof e === 'number') {
    return Math.abs(a - e) <= 1e-9 * Math.max(1, Math.abs(e));
  }
  return a === e;
}

/**
 * The answer's rows equal the reference rows on the reference's columns (numbers within float noise);
 * as sets unless `ordered`.
 */
export function expectRows(actual: readonly Row[], expected: readonly Row[], ordered = false): void {
  const columns = Object.keys(expected[0] ?? actual[0] ?? {});
  const a = ordered ? [...actual] : [...actual].sort((x, y) => sortKey(x, columns).localeCompare(sortKey(y, columns)));
  const e = ordered
    ? [...expected]
    : [...expected].sort((x, y) => sortKey(x, columns).localeCompare(sortKey(y, columns)));
  expect(a.length, `row count (first rows: ${JSON.stringify(a.slice(0, 3))})`).toBe(e.length);
  for (let i = 0; i < e.length; i += 1) {
    const got = a[i] as Row;
    const want = e[i] as Row;
    const same = columns.every((column) => close(got[column], want[column]));
    if (!same) {
      const picked = Object.fromEntries(columns.map((column) => [column, got[column]]));
      expect(picked, `row ${i}`).toEqual(want);
    }
  }
}

export const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
