// Reading a mysql2 query's row events: up to a cap (then the caller drops the connection), or in paused batches.
import type { FieldPacket } from 'mysql2';

/** The event side of mysql2's core Query, which is all we read results through. */
export interface StreamedQuery {
  on(event: 'fields', listener: (fields: FieldPacket[]) => void): this;
  on(event: 'result', listener: (row: unknown) => void): this;
  on(event: 'end', listener: () => void): this;
  on(event: 'error', listener: (error: unknown) => void): this;
}

export interface ReadResult {
  /** Null for statements without a result set (DML, DDL). */
  fields: FieldPacket[] | null;
  rows: unknown[][];
  truncated: boolean;
  affectedRows?: number;
}

/** Rows until the end, or until one more than `maxRows` shows there are more (`truncated`). */
export function readRows(query: StreamedQuery, maxRows: number | undefined): Promise<ReadResult> {
  const limit = maxRows ?? Number.POSITIVE_INFINITY;
  return new Promise((resolve, reject) => {
    let fields: FieldPacket[] | null = null;
    const rows: unknown[][] = [];
    let affectedRows: number | undefined;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ fields, rows, truncated, ...(affectedRows === undefined ? {} : { affectedRows }) });
    };
    query.on('fields', (received) => {
      fields = received;
    });
    query.on('result', (row) => {
      if (settled) return;
      if (!Array.isArray(row)) {
        affectedRows = Number((row as { affectedRows?: unknown }).affectedRows ?? 0);
        return;
      }
      if (rows.length >= limit) finish(true);
      else rows.push(row);
    });
    query.on('end', () => finish(false));
    query.on('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}

/** Batches of `batchSize` rows; the connection is paused while a batch waits for its reader. */
export async function* streamRows(
  query: StreamedQuery,
  connection: { pause(): void; resume(): void },
  batchSize: number,
): AsyncGenerator<{ fields: FieldPacket[] | null; rows: unknown[][] }> {
  let fields: FieldPacket[] | null = null;
  const buffer: unknown[][] = [];
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  query.on('fields', (received) => {
    fields = received;
  });
  query.on('result', (row) => {
    if (!Array.isArray(row)) return;
    buffer.push(row);
    if (buffer.length >= batchSize) {
      connection.pause();
      notify();
    }
  });
  query.on('end', () => {
    ended = true;
    notify();
  });
  query.on('error', (error) => {
    failure = { error };
    notify();
  });
  let yielded = false;
  for (;;) {
    if (failure) throw (failure as { error: unknown }).error;
    if (buffer.length >= batchSize || (ended && (buffer.length > 0 || !yielded))) {
      yield { fields, rows: buffer.splice(0, batchSize) };
      yielded = true;
      if (!ended && buffer.length < batchSize) connection.resume();
      continue;
    }
    if (ended) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
