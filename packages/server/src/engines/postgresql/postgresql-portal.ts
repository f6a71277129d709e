// A pg query read through an extended-protocol portal in batches, so a capped or streamed read stops the server
// after the rows it asked for; plus the text-format value parsing shared by every PostgreSQL read.
import pg from 'pg';
import { isoTimestampText, jsonSafe, safeInteger } from '../base.js';

export interface PortalField {
  name: string;
  dataTypeID: number;
}

export type RawRow = Array<string | null>;

interface Pending {
  rows: number;
  resolve: (batch: { rows: RawRow[]; done: boolean }) => void;
  reject: (error: unknown) => void;
}

/**
 * A pg Submittable (the interface pg-cursor uses): pg's Client calls the handle* methods as messages arrive. Read
 * `ahead`, the next batch is asked for as soon as one is handed over, so the server produces it while the caller
 * works on the last; at most one batch waits unread, so memory stays bounded by two batches.
 */
export class PortalQuery implements pg.Submittable {
  fields: PortalField[] = [];
  /** CommandComplete text, e.g. "SELECT 3" or "UPDATE 2". */
  command: string | null = null;
  private connection: pg.Connection | null = null;
  private buffer: RawRow[] = [];
  private pending: Pending | null = null;
  /** A batch that came while nobody waited (read ahead), handed to the next fetch. */
  private ready: { rows: RawRow[]; done: boolean } | null = null;
  /** An Execute is out whose batch has not ended yet. */
  private executing = false;
  /** The size of the batch read ahead: the last fetch's. */
  private aheadRows = 0;
  private failure: unknown = null;
  private done = false;
  private synced = false;

  constructor(
    private readonly text: string,
    private readonly values: unknown[],
    private readonly ahead = false,
  ) {}

  submit(connection: pg.Connection): void {
    this.connection = connection;
    connection.parse({ name: '', text: this.text, types: [] }, true);
    connection.bind({ values: this.values.map(toPgParam) }, true);
    connection.describe({ type: 'P', name: '' }, true);
    if (this.pending) this.execute(this.pending.rows, false);
    connection.flush();
  }

  /** The next `rows` rows (0: all that are left); `done` once the statement has completed. */
  fetch(rows: number): Promise<{ rows: RawRow[]; done: boolean }> {
    if (this.failure) return Promise.reject(this.failure);
    this.aheadRows = rows;
    const ready = this.ready;
    if (ready) {
      this.ready = null;
      if (!ready.done) this.readAhead();
      return Promise.resolve(ready);
    }
    if (this.done && !this.executing) return Promise.resolve({ rows: [], done: true });
    return new Promise((resolve, reject) => {
      this.pending = { rows, resolve, reject };
      if (this.connection && !this.executing) this.execute(rows, true);
    });
  }

  /** Stop reading: close the portal and end the implicit transaction, so the server drops the rest. */
  close(): void {
    if (this.done || !this.connection) return;
    this.done = true;
    this.connection.close({ type: 'P', name: '' }, true);
    this.sync();
  }

  private execute(rows: number, flush: boolean): void {
    if (!this.connection) return;
    this.executing = true;
    this.connection.execute(executeConfig(rows), true);
    if (flush) this.connection.flush();
  }

  /** Asks for the next batch while the caller works on this one (read ahead only, and only while one is wanted). */
  private readAhead(): void {
    if (this.ahead && !this.done && !this.executing && !this.failure) this.execute(this.aheadRows, true);
  }

  private sync(): void {
    if (this.synced || !this.connection) return;
    this.synced = true;
    this.connection.sync();
  }

  private settle(done: boolean): void {
    const batch = { rows: this.buffer, done };
    this.buffer = [];
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      pending.resolve(batch);
      if (!done) this.readAhead();
    } else {
      this.ready = batch;
    }
  }

  handleRowDescription(message: { fields: PortalField[] }): void {
    this.fields = message.fields;
  }

  handleDataRow(message: { fields: RawRow }): void {
    this.buffer.push(message.fields);
  }

  handlePortalSuspended(): void {
    this.executing = false;
    // A batch that ends after close() (asked for ahead) has nobody to go to.
    if (this.done) return;
    this.settle(false);
  }

  // The last batch is handed over at ReadyForQuery, not at CommandComplete: the implicit transaction commits when
  // the server takes the Sync, and a caller told "done" earlier could read from another connection before it did.
  handleCommandComplete(message: { text: string }): void {
    this.command = message.text;
    this.done = true;
    this.sync();
  }

  handleEmptyQuery(): void {
    this.done = true;
    this.sync();
  }

  handleError(error: unknown): void {
    // pg's Client has already forgotten us as its active query; the Sync lets the server take the next one.
    this.failure = error;
    this.done = true;
    this.executing = false;
    this.sync();
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  handleReadyForQuery(): void {
    this.done = true;
    this.executing = false;
    if (!this.failure) this.settle(true);
  }

  handleCopyInResponse(connection: pg.Connection & { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY FROM STDIN is not supported here');
  }

  handleCopyData(): void {}
}

/** The unnamed portal, `rows` at a time (0: all); pg's typings say string, its serializer writes an int32. */
function executeConfig(rows: number): pg.ExecuteConfig {
  return { portal: '', rows } as unknown as pg.ExecuteConfig;
}

function arrayLiteral(items: unknown[]): string {
  const quoted = items.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = item instanceof Date ? item.toISOString() : String(item);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${quoted.join(',')}}`;
}

/** Parameters in text format, as pg's own prepareValue would send them. */
export function toPgParam(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const OID = {
  BOOL: 16,
  BYTEA: 17,
  INT8: 20,
  INT2: 21,
  INT4: 23,
  OID: 26,
  FLOAT4: 700,
  FLOAT8: 701,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  JSON: 114,
  JSONB: 3802,
} as const;

/** Type names for the common OIDs, so most results need no catalog lookup. */
export const KNOWN_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [16, 'BOOLEAN'],
  [17, 'BYTEA'],
  [18, 'CHAR'],
  [19, 'NAME'],
  [20, 'BIGINT'],
  [21, 'SMALLINT'],
  [23, 'INTEGER'],
  [25, 'TEXT'],
  [26, 'OID'],
  [114, 'JSON'],
  [700, 'REAL'],
  [701, 'DOUBLE PRECISION'],
  [790, 'MONEY'],
  [1042, 'CHARACTER'],
  [1043, 'CHARACTER VARYING'],
  [1082, 'DATE'],
  [1083, 'TIME WITHOUT TIME ZONE'],
  [1114, 'TIMESTAMP WITHOUT TIME ZONE'],
  [1184, 'TIMESTAMP WITH TIME ZONE'],
  [1186, 'INTERVAL'],
  [1266, 'TIME WITH TIME ZONE'],
  [1700, 'NUMERIC'],
  [2950, 'UUID'],
  [3802, 'JSONB'],
]);

/** pg hands us text for every value (see RAW_TYPES); this turns it into a JSON-safe value by the column's OID. */
export function parsePgValue(oid: number, text: string | null): unknown {
  if (text === null) return null;
  switch (oid) {
    case OID.BOOL:
      return text === 't';
    case OID.INT2:
    case OID.INT4:
    case OID.OID:
      return Number(text);
    case OID.INT8:
      return safeInteger(BigInt(text));
    case OID.FLOAT4:
    case OID.FLOAT8:
    case OID.NUMERIC: {
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case OID.DATE:
    case OID.JSON:
    case OID.JSONB:
      return text;
    case OID.TIMESTAMP:
    case OID.TIMESTAMPTZ:
      return isoTimestampText(text);
    case OID.BYTEA:
      return text.startsWith('\\x') ? text.slice(2) : text;
    default:
      // Arrays, ranges and the rest: pg's own parser, then the generic JSON-safe pass.
      return jsonSafe(pg.types.getTypeParser(oid, 'text')(text));
  }
}

/** Type parsers that keep every value as the server's text; parsePgValue decides what it becomes. */
export const RAW_TYPES = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;
