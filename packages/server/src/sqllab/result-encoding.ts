// The two ways a SQL Lab result is written, piece by piece: Superset's row-object JSON, and the columnar NDJSON
// our web client asks for (column names once, then each batch's values by column).

import type { NezhaErrorPayload } from '@nezha/core';
import type { Row } from '../engines/types.js';
import { rowsAsObjects } from './result-columns.js';

/** The media type of the columnar answer; a client that sends it in Accept gets it. */
export const COLUMNAR_MEDIA_TYPE = 'application/x-ndjson';

export type ResultFormat = 'json' | 'columnar';

/** Everything of the success payload but its rows: written after the last row, when it is known. */
export type PayloadRest = Record<string, unknown>;

/**
 * Encodes one result: `head()`, then `batch(rows)` as often as rows come, then `tail(rest)`. Concatenated, the
 * pieces are exactly one document of the format.
 */
export interface ResultEncoder {
  head(): string;
  batch(rows: readonly Row[]): string;
  tail(rest: PayloadRest): string;
}

/** `{"status":"success","data":[…], …rest}`, byte for byte what JSON.stringify of the whole would give. */
export function rowJsonEncoder(names: readonly string[]): ResultEncoder {
  let first = true;
  return {
    head: () => '{"status":"success","data":[',
    batch(rows) {
      if (rows.length === 0) return '';
      const text = JSON.stringify(rowsAsObjects(names, rows)).slice(1, -1);
      const piece = first ? text : `,${text}`;
      first = false;
      return piece;
    },
    tail(rest) {
      const text = JSON.stringify(rest);
      return text === '{}' ? ']}' : `],${text.slice(1)}`;
    },
  };
}

/** One NDJSON line of the columnar answer. */
export type ColumnarLine =
  | { columns: unknown[] }
  | { values: unknown[][]; rows: number }
  | ({ status: 'success' } & PayloadRest)
  | { status: 'failed'; errors: NezhaErrorPayload[]; message: string };

/**
 * Columnar NDJSON: `{"columns": [...]}` first, then `{"rows": n, "values": [[column 0…], [column 1…]]}` per batch,
 * then the rest of the success payload (`status`, `query`, …) as the last line. A failure after the first line is
 * the last line instead, `{"status": "failed", "errors": [...]}`: the status code was sent long before.
 */
export function columnarEncoder(columns: readonly unknown[]): ResultEncoder {
  const width = columns.length;
  return {
    head: () => `${JSON.stringify({ columns })}\n`,
    batch(rows) {
      if (rows.length === 0) return '';
      const values: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(rows.length));
      for (let r = 0; r < rows.length; r += 1) {
        const row = rows[r] as Row;
        for (let c = 0; c < width; c += 1) (values[c] as unknown[])[r] = row[c];
      }
      return `${JSON.stringify({ rows: rows.length, values })}\n`;
    },
    tail: (rest) => `${JSON.stringify({ status: 'success', ...rest })}\n`,
  };
}

export function columnarFailureLine(errors: NezhaErrorPayload[], message: string): string {
  return `${JSON.stringify({ status: 'failed', errors, message })}\n`;
}

/** Which format an execute request asked for: columnar only when its Accept names our media type. */
export function resultFormatOf(accept: string | undefined): ResultFormat {
  if (!accept) return 'json';
  return accept.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === COLUMNAR_MEDIA_TYPE)
    ? 'columnar'
    : 'json';
}

/** A whole result in one format, for results small enough to have been read at once. */
export function encodeWhole(
  encoder: ResultEncoder,
  rows: readonly Row[],
  rest: PayloadRest,
  batchRows: number,
): string {
  const parts = [encoder.head()];
  for (let start = 0; start < rows.length; start += batchRows) {
    parts.push(encoder.batch(rows.slice(start, start + batchRows)));
  }
  parts.push(encoder.tail(rest));
  return parts.join('');
}
