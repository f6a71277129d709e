// A child process holding one SQLite database: better-sqlite3 cannot interrupt a statement, so a stopped query
// kills the process (a worker thread cannot be terminated while SQLite runs native code — measured).
import Database from 'better-sqlite3';
import { safeInteger, toHex } from '../base.js';

export interface ChildColumn {
  name: string;
  /** Declared type; null for expressions. */
  type: string | null;
}

export type ParentMessage =
  | { kind: 'execute'; sql: string; params: unknown[]; maxRows: number | null }
  | { kind: 'stream'; sql: string; params: unknown[]; batchSize: number }
  | { kind: 'more' }
  | { kind: 'stop' };

export type ChildMessage =
  | { kind: 'ready' }
  | { kind: 'result'; columns: ChildColumn[]; rows: unknown[][]; truncated: boolean; affectedRows?: number }
  | { kind: 'batch'; columns: ChildColumn[]; rows: unknown[][]; last: boolean }
  | { kind: 'stopped' }
  | { kind: 'error'; message: string; code: string | null };

function send(message: ChildMessage): void {
  process.send?.(message);
}

function value(raw: unknown): unknown {
  if (typeof raw === 'bigint') return safeInteger(raw);
  if (raw instanceof Uint8Array) return toHex(raw);
  if (typeof raw === 'number' && !Number.isFinite(raw)) return String(raw);
  return raw;
}

const file = process.argv[2] ?? ':memory:';
const busyTimeoutMs = Number(process.argv[3] ?? 5000);
let db: Database.Database;
try {
  db = new Database(file, { timeout: busyTimeoutMs });
  // Exact integers: a BIGINT beyond 2^53 arrives as bigint, then as text.
  db.defaultSafeIntegers(true);
} catch (error) {
  send({ kind: 'error', message: error instanceof Error ? error.message : String(error), code: codeOf(error) });
  process.exit(1);
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

let inbox: ((message: ParentMessage) => void) | null = null;
const nextMessage = () => new Promise<ParentMessage>((resolve) => (inbox = resolve));

/** A statement, or null for a script of several statements (run with exec, no result). */
function prepare(sql: string): Database.Statement | null {
  try {
    return db.prepare(sql);
  } catch (error) {
    if (error instanceof RangeError && /more than one statement/i.test(error.message)) return null;
    throw error;
  }
}

async function handle(message: ParentMessage): Promise<void> {
  if (message.kind !== 'execute' && message.kind !== 'stream') return;
  const statement = prepare(message.sql);
  if (!statement) {
    db.exec(message.sql);
    send({ kind: 'result', columns: [], rows: [], truncated: false });
    return;
  }
  if (!statement.reader) {
    const info = statement.run(...(message.params as unknown[]));
    send({ kind: 'result', columns: [], rows: [], truncated: false, affectedRows: Number(info.changes) });
    return;
  }
  statement.raw(true);
  const columns = statement.columns().map((column) => ({ name: column.name, type: column.type }));
  if (message.kind === 'execute') {
    const rows: unknown[][] = [];
    const limit = message.maxRows ?? Number.POSITIVE_INFINITY;
    // Leaving the loop early ends the statement: the rows past the cap are never computed.
    for (const row of statement.iterate(...message.params) as Iterable<unknown[]>) {
      rows.push(row.map(value));
      if (rows.length > limit) break;
    }
    const truncated = rows.length > limit;
    if (truncated) rows.length = limit;
    send({ kind: 'result', columns, rows, truncated });
    return;
  }
  let batch: unknown[][] = [];
  for (const row of statement.iterate(...message.params) as Iterable<unknown[]>) {
    batch.push(row.map(value));
    if (batch.length < message.batchSize) continue;
    send({ kind: 'batch', columns, rows: batch, last: false });
    batch = [];
    // Wait for the reader: only one batch is ever in flight, whatever the size of the result.
    if ((await nextMessage()).kind === 'stop') {
      send({ kind: 'stopped' });
      return;
    }
  }
  send({ kind: 'batch', columns, rows: batch, last: true });
}

let queue = Promise.resolve();
process.on('message', (message: ParentMessage) => {
  if (inbox && (message.kind === 'more' || message.kind === 'stop')) {
    const deliver = inbox;
    inbox = null;
    deliver(message);
    return;
  }
  queue = queue.then(() =>
    handle(message).catch((error: unknown) => {
      send({ kind: 'error', message: error instanceof Error ? error.message : String(error), code: codeOf(error) });
    }),
  );
});
// The parent went away (or closed us): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready' });
