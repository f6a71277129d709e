// A large SQL Lab result sent as the engine yields it: batches go to the socket as it drains (a Readable pulled by
// its consumer) and the same bytes to the results backend, so memory stays flat however many rows come back.
import { Readable } from 'node:stream';
import type { AppContext } from '../app/context.js';
import { QueryCancelledError } from '../engines/errors.js';
import type { ResultColumn, Row } from '../engines/types.js';
import { HttpError, isNezhaError, NezhaError } from '../errors/nezha-error.js';
import type { ResultsWriter } from '../jobs/results-backend.js';
import type { QueryRow } from '../store/schema.js';
import { sqlLabColumns } from './result-columns.js';
import {
  COLUMNAR_MEDIA_TYPE,
  columnarEncoder,
  columnarFailureLine,
  type PayloadRest,
  type ResultEncoder,
  type ResultFormat,
  rowJsonEncoder,
} from './result-encoding.js';
import { ClientGone } from './run-outcome.js';
import type { StreamedResult } from './run-statements.js';

type Batch = { columns: ResultColumn[]; rows: Row[] };

/** The first rows of a streamed result, read before deciding whether it is small enough to answer whole. */
export interface ReadAhead {
  columns: ResultColumn[];
  batches: Row[][];
  /** Rows read, at most `limit + 1`. */
  rowsRead: number;
  /** The engine has no more rows for us (it ended, or the limit was passed and the read was closed). */
  done: boolean;
}

/** Reads batches until the engine ends, the limit is passed, or more than `threshold` rows are held. */
export async function readAhead(streamed: StreamedResult, threshold: number): Promise<ReadAhead> {
  const ahead: ReadAhead = { columns: [], batches: [], rowsRead: 0, done: false };
  while (ahead.rowsRead <= threshold) {
    const next = await streamed.batches.next();
    if (next.done) {
      ahead.done = true;
      return ahead;
    }
    if (!take(ahead, next.value, streamed.limit)) {
      await streamed.batches.return(undefined);
      ahead.done = true;
      return ahead;
    }
  }
  return ahead;
}

/** Keeps a batch's rows up to one past the limit; false once the limit is passed and nothing more is wanted. */
function take(ahead: ReadAhead, batch: Batch, limit: number): boolean {
  if (ahead.batches.length === 0 && ahead.rowsRead === 0) ahead.columns = batch.columns;
  const room = limit + 1 - ahead.rowsRead;
  const rows = batch.rows.length > room ? batch.rows.slice(0, room) : batch.rows;
  if (rows.length > 0) ahead.batches.push(rows);
  ahead.rowsRead += rows.length;
  return ahead.rowsRead <= limit;
}

export interface StreamedRun {
  ctx: AppContext;
  query: QueryRow;
  streamed: StreamedResult;
  ahead: ReadAhead;
  format: ResultFormat;
  /** Where the result is kept for a later read by key; null when results are not kept. */
  results: { key: string; expiresAt: number } | null;
  controller: AbortController;
  /** The success record and payload rest for `rowsSent` rows; `resultsKey` is live by then. */
  describe(rowsSent: number, rowsRead: number, resultsKey: string | null): { patch: object; rest: PayloadRest };
  /** Applies the success patch with the guarded update; false when a stop got there first. */
  apply(patch: object): Promise<boolean>;
  /** Records a failure and returns what the client should be told. */
  settle(error: unknown): Promise<unknown>;
  /** Runs once the stream has ended one way or another. */
  cleanup(): Promise<void>;
}

export interface StreamedAnswer {
  contentType: string;
  body: Readable;
}

/** Everything written is only the last part of the rows: the first `limit` rows are sent, the extra one never. */
function sendable(rows: Row[], sent: number, limit: number): Row[] {
  const room = limit - sent;
  return rows.length > room ? rows.slice(0, Math.max(0, room)) : rows;
}

/** One turn of the event loop. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function* pieces(run: StreamedRun, writer: ResultsWriter | null): AsyncGenerator<string> {
  const { ahead, streamed } = run;
  const names = sqlLabColumns(ahead.columns).map((c) => c.name);
  const columns = sqlLabColumns(ahead.columns);
  const client: ResultEncoder = run.format === 'json' ? rowJsonEncoder(names) : columnarEncoder(columns);
  // The stored copy is always Superset's JSON (what /results/ serves); for a JSON client it is the very same text.
  const stored: ResultEncoder | null = writer && run.format !== 'json' ? rowJsonEncoder(names) : null;
  const emit = async (make: (encoder: ResultEncoder) => string): Promise<string> => {
    const piece = make(client);
    if (writer) await writer.write(stored ? make(stored) : piece);
    return piece;
  };
  let sent = 0;
  let rowsRead = ahead.rowsRead;
  yield await emit((e) => e.head());
  for (const rows of ahead.batches) {
    const out = sendable(rows, sent, streamed.limit);
    sent += out.length;
    yield await emit((e) => e.batch(out));
    // The batches read ahead are all at hand: without a turn between them, the socket's pull (its high-water mark
    // holds more than one batch) encoded two or three in one go, the longest stretches the event loop saw.
    await turn();
  }
  ahead.batches.length = 0;
  while (rowsRead <= streamed.limit) {
    const next = await streamed.batches.next();
    if (next.done) break;
    const room = streamed.limit + 1 - rowsRead;
    const rows = next.value.rows.length > room ? next.value.rows.slice(0, room) : next.value.rows;
    rowsRead += rows.length;
    const out = sendable(rows, sent, streamed.limit);
    sent += out.length;
    if (out.length > 0) yield await emit((e) => e.batch(out));
    // A turn of the event loop between batches: whatever else waits (other requests, /health) runs now, even when
    // the engine's next batch is already there and the socket keeps asking.
    await turn();
  }
  // Past the limit: the engine's read is closed without waiting for rows nobody will be sent.
  await streamed.batches.return(undefined);
  const { patch, rest } = run.describe(sent, rowsRead, run.results?.key ?? null);
  const tail = await emit((e) => e.tail(rest));
  await writer?.commit();
  if (!(await run.apply(patch))) {
    if (run.results) await run.ctx.results.delete(run.results.key);
    throw new HttpError(409, 'The query was stopped.');
  }
  yield tail;
}

/** A failure after the status line went out: the columnar answer says so in its last line. */
function failureLine(error: unknown): string {
  const failed = isNezhaError(error)
    ? error
    : new NezhaError({
        type: 'GENERIC_DB_ENGINE_ERROR',
        status: 400,
        level: 'warning',
        message: error instanceof HttpError ? error.message : 'Query was stopped.',
      });
  return columnarFailureLine([failed.toPayload()], failed.message);
}

async function* guarded(run: StreamedRun, started: { value: boolean }): AsyncGenerator<string> {
  started.value = true;
  let writer: ResultsWriter | null = null;
  let settled = false;
  try {
    if (run.results) {
      writer = await run.ctx.results.open(run.results.key, {
        expiresAt: run.results.expiresAt,
        userId: run.query.user_id,
      });
    }
    yield* pieces(run, writer);
    settled = true;
  } catch (error) {
    settled = true;
    await writer?.discard().catch(() => undefined);
    await run.streamed.batches.return(undefined).catch(() => undefined);
    const told = await run.settle(error);
    if (run.format === 'columnar') {
      yield failureLine(told);
      return;
    }
    // Superset's JSON has no way to say "failed" after its first bytes: the connection is cut, so the client
    // sees an incomplete answer rather than a complete-looking short one.
    throw told;
  } finally {
    if (!settled) {
      // The consumer left while this waited at a yield (the socket closed): no catch ran, so the engine's read,
      // the half-written results and the record are dealt with here.
      if (!run.controller.signal.aborted) run.controller.abort(new ClientGone());
      await writer?.discard().catch(() => undefined);
      await run.streamed.batches.return(undefined).catch(() => undefined);
      await run.settle(new QueryCancelledError()).catch(() => undefined);
    }
    await run.cleanup();
  }
}

/** The answer body of a large result; a client that goes away aborts the engine's query. */
export function streamLargeResult(run: StreamedRun): StreamedAnswer {
  const started = { value: false };
  const body = Readable.from(guarded(run, started), { objectMode: false, highWaterMark: 256 * 1024 });
  let ended = false;
  body.once('end', () => {
    ended = true;
  });
  body.once('close', () => {
    if (ended) return;
    run.controller.abort(new ClientGone());
    // Closed before the first read: the generator never runs, so what it would have closed is closed here.
    if (!started.value) {
      void (async () => {
        await run.streamed.batches.return(undefined).catch(() => undefined);
        await run.settle(new QueryCancelledError()).catch(() => undefined);
        await run.cleanup();
      })();
    }
  });
  return {
    contentType: run.format === 'json' ? 'application/json; charset=utf-8' : `${COLUMNAR_MEDIA_TYPE}; charset=utf-8`,
    body,
  };
}
