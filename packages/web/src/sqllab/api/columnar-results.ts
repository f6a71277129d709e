// Decodes SQL Lab's columnar answer (NDJSON: the columns, then each batch's values by column, then the rest of the
// payload) into the row objects the grid draws, batch by batch as they arrive.
import type { NezhaErrorPayload } from '@nezha/core';
import type { QueryResultsPayload, ResultColumn } from './types';

/** The media type our client asks execute for; the server answers Superset's JSON to anyone else. */
export const COLUMNAR_MEDIA_TYPE = 'application/x-ndjson';

export type ResultRow = Record<string, unknown>;

/** What one line of the answer means to the page. */
export type ColumnarEvent =
  | { kind: 'columns'; columns: ResultColumn[] }
  | { kind: 'rows'; rows: ResultRow[] }
  | { kind: 'end'; results: QueryResultsPayload }
  | { kind: 'failed'; message: string; errors: NezhaErrorPayload[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One decoder per answer. The rows of every batch are kept in arrival order so the final payload holds them all;
 * `rows` events carry only the new ones.
 */
export class ColumnarDecoder {
  private columns: ResultColumn[] = [];
  private readonly data: ResultRow[] = [];

  /** The rows decoded so far (the same array grows; copy it before handing it to the store). */
  get rows(): readonly ResultRow[] {
    return this.data;
  }

  decode(line: unknown): ColumnarEvent {
    if (!isRecord(line)) throw new Error('Malformed results line');
    if (Array.isArray(line.columns) && !('status' in line)) {
      this.columns = line.columns as ResultColumn[];
      return { kind: 'columns', columns: this.columns };
    }
    if (Array.isArray(line.values) && typeof line.rows === 'number') {
      const values = line.values as unknown[][];
      const names = this.columns.map((column) => column.name);
      const count = line.rows;
      const rows: ResultRow[] = new Array(count);
      for (let r = 0; r < count; r += 1) {
        const row: ResultRow = {};
        for (let c = 0; c < names.length; c += 1) row[names[c] as string] = values[c]?.[r];
        rows[r] = row;
      }
      for (const row of rows) this.data.push(row);
      return { kind: 'rows', rows };
    }
    if (line.status === 'success') {
      const { status: _status, ...rest } = line;
      return {
        kind: 'end',
        results: { ...(rest as Omit<QueryResultsPayload, 'status' | 'data'>), status: 'success', data: this.data },
      };
    }
    if (line.status === 'failed') {
      const errors = Array.isArray(line.errors) ? (line.errors as NezhaErrorPayload[]) : [];
      const message = typeof line.message === 'string' ? line.message : (errors[0]?.message ?? 'Query failed');
      return { kind: 'failed', message, errors };
    }
    throw new Error('Malformed results line');
  }
}
