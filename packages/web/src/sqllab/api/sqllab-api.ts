// Calls of /api/v1/sqllab/: the SQL Lab bootstrap, execute, results by key, cost estimate and format.
import { encodeRison } from '@nezha/core';
import { api, requestStream } from '../../api/client';
import { splitNdjson } from '../../dashboard/api/ndjson';
import { COLUMNAR_MEDIA_TYPE, ColumnarDecoder, type ColumnarEvent } from './columnar-results';
import type {
  CostEstimateRow,
  EstimatePayload,
  ExecutePayload,
  ExecuteResponse,
  FormatPayload,
  QueryResultsPayload,
  SqlLabBootstrap,
} from './types';

const BASE = '/api/v1/sqllab/';

export async function fetchSqlLabBootstrap(): Promise<SqlLabBootstrap> {
  const body = await api.get<{ result: SqlLabBootstrap }>(BASE);
  return body.result;
}

/**
 * Runs a query. The page's own query string is appended (spec §7), so URL parameters reach the
 * server's templating. A 200 answer holds the results, a 202 answer the queued run's record.
 */
export function executeQuery(payload: ExecutePayload, search = ''): Promise<ExecuteResponse> {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return api.post<ExecuteResponse>(`${BASE}execute/${query}`, payload);
}

/**
 * Runs a query asking for the columnar answer: `onEvent` hears the columns, each batch of rows as it arrives, then
 * the end (or a failure the server met after it had started answering). A 202 (queued run) or an error answer
 * resolves or rejects as `executeQuery` does; the stream's own end resolves with null.
 */
export async function executeQueryStreaming(
  payload: ExecutePayload,
  search: string,
  onEvent: (event: ColumnarEvent, decoder: ColumnarDecoder) => boolean | undefined,
): Promise<ExecuteResponse | null> {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  const answer = await requestStream<ExecuteResponse>(`${BASE}execute/${query}`, COLUMNAR_MEDIA_TYPE, {
    method: 'POST',
    json: payload,
    accept: `${COLUMNAR_MEDIA_TYPE}, application/json;q=0.9`,
  });
  if (!('stream' in answer)) return answer.body;
  const decoder = new ColumnarDecoder();
  const reader = answer.stream.getReader();
  const text = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    const split = splitNdjson(buffer, done ? text.decode() : text.decode(value, { stream: true }));
    buffer = split.rest;
    for (const line of split.lines) {
      // false: the page no longer wants the rows (the run was stopped); cancelling closes the connection, which
      // stops the query on the server too.
      if (onEvent(decoder.decode(JSON.parse(line)), decoder) === false) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
    }
    if (done) break;
  }
  if (buffer.trim() !== '') onEvent(decoder.decode(JSON.parse(buffer)), decoder);
  return null;
}

/** True when an execute answer carries results rather than a queued run. */
export function hasResults(response: ExecuteResponse): response is QueryResultsPayload {
  return (
    (response as QueryResultsPayload).status === 'success' && Array.isArray((response as QueryResultsPayload).data)
  );
}

export interface FetchResultsOptions {
  /** Cut the rows to this many; the server then sets displayLimitReached. */
  rows?: number;
  /** SQLLAB_QUERY_RESULT_TIMEOUT in seconds; 0 or absent means no timeout. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

export function fetchResultsByKey(key: string, options: FetchResultsOptions = {}): Promise<QueryResultsPayload> {
  const q: Record<string, unknown> = { key };
  if (options.rows !== undefined && options.rows > 0) q.rows = options.rows;
  const timeoutMs = options.timeoutSeconds && options.timeoutSeconds > 0 ? options.timeoutSeconds * 1000 : undefined;
  return api.get<QueryResultsPayload>(`${BASE}results/?q=${encodeURIComponent(encodeRison(q))}`, {
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export async function estimateQueryCost(payload: EstimatePayload): Promise<CostEstimateRow[]> {
  const body = await api.post<{ result: CostEstimateRow[] }>(`${BASE}estimate/`, payload);
  return body.result;
}

export async function formatSql(payload: FormatPayload): Promise<string> {
  const body = await api.post<{ result: string }>(`${BASE}format_sql/`, payload);
  return body.result;
}
