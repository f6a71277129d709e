// DuckDB values to JSON-safe ones (exact BIGINTs, DECIMAL as numbers, ISO timestamps, hex blobs) and back for parameters.
import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBValue,
} from '@duckdb/node-api';
import { isoTimestampText, jsonSafe, safeInteger, toHex } from '../base.js';

export function duckValue(value: DuckDBValue): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return safeInteger(value);
  if (typeof value === 'number') return jsonSafe(value);
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  if (value instanceof DuckDBDateValue) return value.toString();
  if (
    value instanceof DuckDBTimestampValue ||
    value instanceof DuckDBTimestampTZValue ||
    value instanceof DuckDBTimestampSecondsValue ||
    value instanceof DuckDBTimestampMillisecondsValue ||
    value instanceof DuckDBTimestampNanosecondsValue
  ) {
    return isoTimestampText(value.toString());
  }
  if (value instanceof DuckDBBlobValue) return toHex(value.bytes);
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(duckValue);
  if (value instanceof DuckDBStructValue) {
    return Object.fromEntries(Object.entries(value.entries).map(([key, item]) => [key, duckValue(item)]));
  }
  if (value instanceof DuckDBMapValue) {
    return value.entries.map((entry) => ({ key: duckValue(entry.key), value: duckValue(entry.value) }));
  }
  // TIME, INTERVAL, UUID, BIT, UNION…: DuckDB's own text is what users expect to read.
  return String(value);
}

/** Bound parameters: what DuckDB takes natively passes through; dates go as ISO text, the rest as JSON text. */
export function toDuckParam(value: unknown): DuckDBValue {
  if (value === null || value === undefined) return null;
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  ) {
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return new DuckDBBlobValue(value);
  return JSON.stringify(value);
}
