// ClickHouse's HTTP interface (port 8123), spoken with node:http: one request per statement, rows read as they
// arrive in TabSeparatedWithNamesAndTypes, a query_id on each so KILL QUERY can stop it.
//
// Why not @clickhouse/client: it talks to 18.16 fine for plain queries, but binds values only as `{name:Type}` query
// parameters, which ClickHouse added in 19.x. 18.16 binds values server-side only as external data (a temporary
// table sent with the request), which the client does not send. So values travel here as external data (SELECT) or
// as the rows of `INSERT … FORMAT TabSeparated` (INSERT … VALUES), never pasted into the SQL text.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface HttpTarget {
  protocol: 'http:' | 'https:';
  host: string;
  port: number;
  username: string;
  password: string;
  connectTimeoutMs: number;
  /** Keeps sockets between requests; destroyed on close so the process can exit. */
  agent: http.Agent;
}

export interface HttpQuery {
  sql: string;
  database: string;
  params?: readonly unknown[] | undefined;
  queryId?: string;
  /** Aborting drops the request (the caller also kills the query: 18.16 runs on without its client). */
  signal?: AbortSignal | undefined;
  /** Wait for the answer only as long as for a connection (ping: a server that accepts and never answers). */
  answerTimeout?: boolean;
}

/** A column of the answer: its name and ClickHouse type (Nullable(…) and LowCardinality(…) kept). */
export interface HttpColumn {
  name: string;
  type: string;
}

/** The server's own error text (HTTP status ≠ 200, or an exception written after rows had been sent). */
export class ClickHouseError extends Error {
  override name = 'ClickHouseError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const EXCEPTION = /^Code: (\d+), e\.displayText\(\) = ([\s\S]*?)(?:, e\.what\(\) = \S+)?\s*$/;

/** "Code: 60, e.displayText() = DB::Exception: Table … doesn't exist., e.what() = DB::Exception" → its parts. */
export function serverError(text: string): ClickHouseError {
  const trimmed = text.trim();
  const match = EXCEPTION.exec(trimmed);
  if (!match) return new ClickHouseError(trimmed, undefined);
  return new ClickHouseError(`${match[2]} (code ${match[1]})`, match[1]);
}

// ---------------------------------------------------------------------------------------------- values

/** ClickHouse's TSV escaping: backslash, tab, newline (and NUL, CR) escaped; NULL is \N. */
function tsvField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = tsvText(value);
  return text.replace(
    /[\\\t\n\r\0]/g,
    (ch) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' })[ch] ?? ch,
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function tsvText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) {
    return (
      `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
      `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
    );
  }
  // ClickHouse has no binary type apart from String: bytes are kept as their hex text, which reads back the same.
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return String(value);
}

/** The external-data column type a bound value travels as. */
function paramType(value: unknown): string {
  if (value === null || value === undefined) return 'Nullable(String)';
  if (typeof value === 'boolean') return 'UInt8';
  if (typeof value === 'bigint') return value < 0n ? 'Int64' : 'UInt64';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int64' : 'Float64';
  if (value instanceof Date) return 'DateTime';
  return 'String';
}

/** TSV unescaping of one field (the inverse of what the server writes). */
function unescapeField(text: string): string | null {
  if (text === '\\N') return null;
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/g, (_, ch: string) => {
    switch (ch) {
      case 't':
        return '\t';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case '0':
        return '\0';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      default:
        return ch;
    }
  });
}

// ---------------------------------------------------------------------------------------------- placeholders

/**
 * Offsets of the `?` placeholders in `sql` outside strings, quoted names and comments, and of the top-level VALUES
 * keyword when one is there (statements here are Nezha's own; SQL Lab sends no parameters).
 */
function scan(sql: string): { marks: number[]; values: number | null } {
  const marks: number[] = [];
  let values: number | null = null;
  let depth = 0;
  for (let at = 0; at < sql.length; at += 1) {
    const ch = sql[at];
    if (ch === "'" || ch === '"' || ch === '`') {
      at += 1;
      while (at < sql.length && sql[at] !== ch) at += sql[at] === '\\' ? 2 : 1;
    } else if (ch === '-' && sql[at + 1] === '-') {
      while (at < sql.length && sql[at] !== '\n') at += 1;
    } else if (ch === '/' && sql[at + 1] === '*') {
      const end = sql.indexOf('*/', at + 2);
      at = end < 0 ? sql.length : end + 1;
    } else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === '?') marks.push(at);
    else if (
      depth === 0 &&
      values === null &&
      /[Vv]/.test(ch ?? '') &&
      sql.slice(at, at + 6).toUpperCase() === 'VALUES' &&
      !/\w/.test(sql[at - 1] ?? ' ') &&
      !/\w/.test(sql[at + 6] ?? ' ')
    )
      values = at;
  }
  return { marks, values };
}

const PARAMS_TABLE = '_nz_params';

interface Prepared {
  sql: string;
  /** `INSERT … FORMAT TabSeparated` rows, or external data. */
  body?: { kind: 'rows'; data: string } | { kind: 'external'; structure: string; data: string };
}

/** Values bound server-side: INSERT … VALUES (?, …) becomes rows of data, other `?` read an external table. */
export function prepare(sql: string, params: readonly unknown[] | undefined): Prepared {
  if (!params || params.length === 0) return { sql };
  const { marks, values } = scan(sql);
  if (marks.length !== params.length) {
    throw new ClickHouseError(`The statement has ${marks.length} placeholders for ${params.length} values.`, undefined);
  }
  if (values !== null && marks[0] !== undefined && marks[0] > values) {
    const tuples = sql
      .slice(values + 6)
      .trim()
      .replace(/;$/, '');
    if (/^\(\s*\?(\s*,\s*\?)*\s*\)(\s*,\s*\(\s*\?(\s*,\s*\?)*\s*\))*$/.test(tuples)) {
      const width = (tuples.slice(0, tuples.indexOf(')')).match(/\?/g) ?? []).length;
      const lines: string[] = [];
      for (let row = 0; row < params.length; row += width) {
        lines.push(
          params
            .slice(row, row + width)
            .map(tsvField)
            .join('\t'),
        );
      }
      return {
        sql: `${sql.slice(0, values)}FORMAT TabSeparated`,
        body: { kind: 'rows', data: `${lines.join('\n')}\n` },
      };
    }
  }
  let text = '';
  let from = 0;
  marks.forEach((mark, index) => {
    text += `${sql.slice(from, mark)}(SELECT p${index + 1} FROM ${PARAMS_TABLE})`;
    from = mark + 1;
  });
  text += sql.slice(from);
  return {
    sql: text,
    body: {
      kind: 'external',
      structure: params.map((value, index) => `p${index + 1} ${paramType(value)}`).join(', '),
      data: `${params.map(tsvField).join('\t')}\n`,
    },
  };
}

// ---------------------------------------------------------------------------------------------- requests

export interface RowReader {
  columns: HttpColumn[];
  /** Rows as text fields (null for NULL); ends when the answer does, rejects on a server error. */
  rows: AsyncIterable<Array<string | null>>;
  /** Stops reading (the caller kills the query when it may still run). */
  close(): void;
}

/** Sends one statement and answers once the column header (or the end of an answer without rows) has arrived. */
export function send(target: HttpTarget, query: HttpQuery): Promise<RowReader> {
  const prepared = prepare(query.sql, query.params);
  const search = new URLSearchParams({
    database: query.database,
    query_id: query.queryId ?? randomUUID(),
    default_format: 'TabSeparatedWithNamesAndTypes',
  });
  let body: Buffer;
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${target.username}:${target.password}`).toString('base64')}`,
  };
  if (prepared.body?.kind === 'external') {
    // The body is a multipart form: the table as a file part, the statement as a plain field (the server reads
    // form fields as URL parameters), so a long statement does not meet the URL's 16 KB limit.
    search.set(`${PARAMS_TABLE}_structure`, prepared.body.structure);
    search.set(`${PARAMS_TABLE}_format`, 'TabSeparated');
    const boundary = `nezha-${randomUUID()}`;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\n${prepared.sql}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${PARAMS_TABLE}"; filename="${PARAMS_TABLE}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n${prepared.body.data}\r\n--${boundary}--\r\n`,
    );
  } else if (prepared.body?.kind === 'rows') {
    search.set('query', prepared.sql);
    body = Buffer.from(prepared.body.data);
  } else {
    body = Buffer.from(prepared.sql);
  }
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<RowReader>((resolve, reject) => {
    const request = transport.request({
      host: target.host,
      port: target.port,
      method: 'POST',
      agent: target.agent,
      path: `/?${search.toString()}`,
      headers: { ...headers, 'content-length': String(body.length) },
    });
    // Only the wait for a socket is timed: a long query may send its first byte minutes later.
    const connectTimer = setTimeout(() => {
      request.destroy(
        Object.assign(new Error(`connect ETIMEDOUT ${target.host}:${target.port}`), { code: 'ETIMEDOUT' }),
      );
    }, target.connectTimeoutMs);
    if (!query.answerTimeout) {
      request.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once('connect', () => clearTimeout(connectTimer));
      });
    }
    const onAbort = () => request.destroy(Object.assign(new Error('The query was stopped.'), { code: 'ABORT_ERR' }));
    if (query.signal?.aborted) onAbort();
    query.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('close', () => query.signal?.removeEventListener('abort', onAbort));
    request.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.on('response', (response) => {
      clearTimeout(connectTimer);
      if (response.statusCode !== 200) {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8').trim();
          reject(serverError(text || `HTTP ${response.statusCode} ${response.statusMessage ?? ''}`.trim()));
        });
        response.on('error', reject);
        return;
      }
      readAnswer(response).then(resolve, reject);
    });
    request.end(body);
  });
}

/** Lines of a response, split on '\n' (TSV escapes newlines inside values). */
async function* lines(response: http.IncomingMessage): AsyncGenerator<string> {
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of response as AsyncIterable<Buffer>) {
    rest += decoder.decode(chunk, { stream: true });
    let at = rest.indexOf('\n');
    while (at >= 0) {
      yield rest.slice(0, at);
      rest = rest.slice(at + 1);
      at = rest.indexOf('\n');
    }
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

async function readAnswer(response: http.IncomingMessage): Promise<RowReader> {
  const iterator = lines(response)[Symbol.asyncIterator]();
  const close = () => response.destroy();
  const first = await iterator.next();
  if (first.done || first.value === '') return { columns: [], rows: (async function* () {})(), close };
  if (EXCEPTION.test(first.value)) throw serverError(first.value);
  const second = await iterator.next();
  const names = first.value.split('\t').map((name) => unescapeField(name) ?? '');
  const types = (second.done ? '' : second.value).split('\t');
  const columns = names.map((name, index) => ({ name, type: types[index] ?? 'String' }));
  async function* rows(): AsyncGenerator<Array<string | null>> {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const fields = next.value.split('\t');
      // An error after rows were sent arrives as the server's exception text in place of the next row.
      if (EXCEPTION.test(next.value) && (fields.length !== columns.length || /DB::Exception/.test(next.value))) {
        throw serverError(next.value);
      }
      const exceptionAt = next.value.search(/Code: \d+, e\.displayText\(\) = DB::Exception/);
      if (exceptionAt > 0 && fields.length !== columns.length) throw serverError(next.value.slice(exceptionAt));
      yield fields.map(unescapeField);
    }
  }
  return { columns, rows: rows(), close };
}
