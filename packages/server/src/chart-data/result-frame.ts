// Query results as a frame of labelled rows: engine values read by position, time as Date while processing,
// generic column types (Superset's GenericDataType), and the JSON form of the response's `data`.
import type { Row } from '@nezha/core';
import { GENERIC_CODE } from '../datasets/json-fields.js';
import type { ExecuteResult } from '../engines/types.js';
import type { OutputColumn } from './compile/assemble.js';
import { TEMPORAL } from './compile/columns.js';

export interface Frame {
  columns: string[];
  /** Column → GenericDataType (0 numeric, 1 string, 2 temporal, 3 boolean) or null when unknown. */
  types: Record<string, number | null>;
  rows: Row[];
}

/** A time cell as a Date; engines hand time over as ISO-like text without a zone, which Nezha reads as UTC. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim().replace(' ', 'T');
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Rows of an engine result under the compiled query's labels (the engine's own names may be cut or repeated). */
export function frameOf(columns: readonly OutputColumn[], result: ExecuteResult): Frame {
  const types: Record<string, number | null> = {};
  columns.forEach((column, index) => {
    const generic = result.columns[index]?.genericType ?? null;
    types[column.label] = column.typeHint ?? (generic === null ? null : GENERIC_CODE[generic]);
  });
  const labels = columns.map((column) => column.label);
  const temporal = labels.filter((label) => types[label] === TEMPORAL);
  const rows = result.rows.map((values) => {
    const row: Row = {};
    labels.forEach((label, index) => {
      row[label] = values[index] ?? null;
    });
    for (const label of temporal) row[label] = toDate(row[label]);
    return row;
  });
  return { columns: labels, types, rows };
}

function typeOfValue(value: unknown): number | null {
  if (typeof value === 'number' || typeof value === 'bigint') return 0;
  if (typeof value === 'boolean') return 3;
  if (value instanceof Date) return TEMPORAL;
  if (typeof value === 'string') return 1;
  return null;
}

/** After post-processing: the rows' columns in first-seen order, typed as before or by their values. */
export function reframe(before: Frame, rows: Row[]): Frame {
  if (rows.length === 0) return { ...before, rows };
  const names = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) names.add(key);
  const columns = [...names];
  const types: Record<string, number | null> = {};
  for (const column of columns) {
    const known = before.types[column];
    if (known !== undefined && known !== null) {
      types[column] = known;
      continue;
    }
    const sample = rows.find((row) => row[column] !== null && row[column] !== undefined)?.[column];
    types[column] = typeOfValue(sample);
  }
  return { columns, types, rows };
}

/** Time as epoch milliseconds (Superset's JSON), NaN and infinities as null (JSON has neither). */
function jsonCell(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (value === undefined) return null;
  return value;
}

export function jsonRows(frame: Frame): Row[] {
  return frame.rows.map((row) => {
    const out: Row = {};
    for (const column of frame.columns) out[column] = jsonCell(row[column]);
    return out;
  });
}
