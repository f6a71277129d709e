// The chart data calls (spec §7), all through the API client: POST /api/v1/chart/data (JSON, and CSV/XLSX files) and
// the dashboard's NDJSON batch. JSON chart data takes its host from the domain-sharding rotation.
import { normalizeError, type QueryContext } from '@nezha/core';
import { ApiError } from '../api/api-error';
import { asyncEvents, isAsyncJob } from '../api/async-event';
import { requestStream, requestWithStatus } from '../api/client';
import type { QueryResponse } from './charts-slice';
import { chartDataHosts } from './domain-sharding';

export interface ChartDataOptions {
  sliceId?: number;
  dashboardId?: number;
  force?: boolean;
  signal?: AbortSignal;
  /** Abort after this many milliseconds with the client's timeout error (annotation queries). */
  timeoutMs?: number;
}

/** POST /api/v1/chart/data's query string: form_data (slice_id), dashboard_id, force. */
export function chartDataUrl({ sliceId, dashboardId, force }: ChartDataOptions): string {
  const params = new URLSearchParams();
  if (sliceId) params.set('form_data', JSON.stringify({ slice_id: sliceId }));
  if (dashboardId) params.set('dashboard_id', String(dashboardId));
  if (force) params.set('force', 'true');
  const search = params.toString();
  return `/api/v1/chart/data${search ? `?${search}` : ''}`;
}

export async function postChartData(
  queryContext: QueryContext,
  options: ChartDataOptions = {},
): Promise<QueryResponse[]> {
  const { status, body } = await requestWithStatus<unknown>(chartDataUrl(options), {
    method: 'POST',
    json: queryContext,
    origin: chartDataHosts().take(),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  // GLOBAL_ASYNC_QUERIES: the query runs in the background; its event says when the answer can be read.
  if (status === 202 && isAsyncJob(body)) {
    return (await asyncEvents().waitForAsyncData(body, options.signal)) as QueryResponse[];
  }
  return (body as { result: QueryResponse[] }).result;
}

const FILE_TYPES = { csv: 'text/csv', xlsx: 'spreadsheetml' } as const;

/** CSV or XLSX of the chart's data: the file the server answers, saved by the browser. */
export async function downloadChartData(queryContext: QueryContext, format: 'csv' | 'xlsx', fallbackName: string) {
  const answer = await requestStream<unknown>(chartDataUrl({}), FILE_TYPES[format], {
    method: 'POST',
    json: { ...queryContext, result_format: format, result_type: 'full' },
    accept: '*/*',
  });
  if (!('stream' in answer))
    throw new ApiError(normalizeError({ status: answer.status, statusText: '', body: answer.body }));
  const disposition = answer.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${fallbackName}.${format}`;
  saveBlob(await new Response(answer.stream).blob(), name);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One query of a dashboard batch: the chart id as its key and its query context. */
export interface BatchQuery {
  key: string;
  payload: QueryContext;
}

/**
 * POST /api/v1/dashboard/{id}/chart_data: the answer's NDJSON stream, one line per query as each finishes. A failed
 * call rejects with the client's ApiError; `origin` is the sharded host, if any.
 */
export async function streamDashboardChartData(
  dashboardId: number,
  queries: BatchQuery[],
  options: { force: boolean; signal: AbortSignal; origin: string | null },
): Promise<ReadableStream<Uint8Array>> {
  const answer = await requestStream<unknown>(
    `/api/v1/dashboard/${dashboardId}/chart_data${options.force ? '?force=true' : ''}`,
    'application/x-ndjson',
    {
      method: 'POST',
      json: { queries },
      accept: 'application/x-ndjson',
      signal: options.signal,
      origin: options.origin,
    },
  );
  if (!('stream' in answer))
    throw new ApiError(normalizeError({ status: answer.status, statusText: '', body: answer.body }));
  return answer.stream;
}
